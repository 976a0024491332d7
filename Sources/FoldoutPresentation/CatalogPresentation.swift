import FoldoutBase
import FoldoutModel

/// A catalog's presentation settings from its `_index.md`: the row configuration and the
/// fields its item pages list.
public struct CatalogPresentation: Sendable, Equatable {
    public var row: RowConfiguration = .standard
    public var fields: DetailFieldList = .all

    public static let standard = CatalogPresentation()

    /// Reads every catalog's settings; mistakes become errors at the key's line.
    public static func read(_ site: Site, displayPath: (String) -> String, lines: (String, String) -> Int?,
                            diagnostics: inout [Diagnostic]) -> [String: CatalogPresentation] {
        var result: [String: CatalogPresentation] = [:]
        for catalog in site.catalogs {
            let indexPath = catalog.sourcePath + "/_index.md"
            var presentation = CatalogPresentation()
            var problems: [String] = []
            presentation.row = RowConfiguration.read(catalog.field("row"), problems: &problems)
            for problem in problems {
                diagnostics.append(.error(displayPath(indexPath), line: lines(indexPath, "row"), problem,
                                          hint: "see docs/content.md, “Row configuration”"))
            }
            problems = []
            presentation.fields = DetailFieldList.read(catalog.field("fields"), problems: &problems)
            for problem in problems {
                diagnostics.append(.error(displayPath(indexPath), line: lines(indexPath, "fields"), problem,
                                          hint: "write it like `fields: [breed, {age: Age in years}]`"))
            }
            result[catalog.id] = presentation
        }
        return result
    }
}
