import FoldoutBase
import FoldoutMarkdown

/// Which sections and groups get a page of their own: those whose `_index.md` body is long,
/// more words than `intro_page_words:` says (in the catalog's `_index.md`, else the site's;
/// default `defaultWords`, about two paragraphs, what still reads well folded under a
/// group's title; `0` never). Such a body shows whole on the group's page, above a list of
/// its items, and its group on the catalog page shows its summary and a "Read more" link.
/// Hugo and Docsy give every section a page; a short intro is better read in place.
package struct IntroPages: Sendable {
    package static let defaultWords = 150

    /// The site's threshold, and each catalog's own by its folder.
    private var siteWords = IntroPages.defaultWords
    private var catalogWords: [String: Int] = [:]

    package init() {}

    /// Reads `intro_page_words:` from the site's and the catalogs' `_index.md` files (keyed
    /// by source path in `pages`); a value that is not a whole number of 0 or more is an error at its line.
    package init(
        siteIndex: String?, catalogIndexes: [(folder: String, index: String)], pages: [String: ParsedPage], displayPath: (String) -> String, diagnostics: inout [Diagnostic]
    ) {
        func read(_ path: String?) -> Int? {
            guard let path, let page = pages[path], let value = page.frontMatter["intro_page_words"] else { return nil }
            switch value {
            case .bool(false): return 0
            case .integer(let number) where number >= 0: return number
            default: break
            }
            diagnostics.append(
                .error(
                    displayPath(path), line: page.line(of: "intro_page_words"),
                    "`intro_page_words` must be a whole number of 0 or more (an `_index.md` body longer than this many words gets a page of its own; 0: never), found `\(value.text)`",
                    hint: "write `intro_page_words: \(Self.defaultWords)` (the default), or `0`"))
            return nil
        }
        siteWords = read(siteIndex) ?? Self.defaultWords
        for (folder, index) in catalogIndexes {
            if let words = read(index) { catalogWords[folder] = words }
        }
    }

    /// Whether the `_index.md` at `path` (of a section or group of the catalog in `catalog`,
    /// its folder) is long enough for a page of its own.
    package func isLong(_ page: ParsedPage, catalog: String) -> Bool {
        let limit = catalogWords[catalog] ?? siteWords
        guard limit > 0 else { return false }
        return Self.wordCount(page.body, above: limit) > limit
    }

    /// The words of a Markdown body (runs of letters or digits between spaces), counted up
    /// to one past `limit`: enough to tell.
    static func wordCount(_ body: String, above limit: Int) -> Int {
        var count = 0
        var inWord = false
        for scalar in body.unicodeScalars {
            let isWordCharacter = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            if isWordCharacter, !inWord {
                count += 1
                if count > limit { return count }
            }
            inWord = isWordCharacter || (inWord && (scalar == "'" || scalar == "’" || scalar == "-"))
        }
        return count
    }
}
