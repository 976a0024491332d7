import FoldoutPresentation
import FoldoutTestSupport
import Testing

/// Defaults that make a first site look finished: keys Foldout reads never listed as the
/// item's fields, and rows described by the catalog's `fields:` before its body text.
@Suite struct StarterDefaultsTests {
    static let gif = RowConfigurationTests.gif(width: 40, height: 40)

    static func shelter(_ catalogKeys: String) -> [String: String] {
        [
            "pets/_index.md": page("title: Shelter" + catalogKeys),
            "pets/dogs/_index.md": page("title: Dogs"),
            "pets/dogs/luna.md": page(
                "title: Luna\nbreed: Beagle\nage: 3\nimage: luna.gif\nimage_alt: Luna on a rug\nimage_focus: 0.5, 0.3\nphotos: [luna.gif, luna-2.gif]",
                "Luna likes long walks."),
            "pets/dogs/luna.gif": gif,
            "pets/dogs/luna-2.gif": gif,
        ]
    }

    /// The `<dt>` labels of the item page's details list.
    static func detailLabels(_ html: String) -> [String] {
        html.components(separatedBy: "<dt>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test(arguments: ["", "\nfields: [breed, photos, image_alt, image_focus, age]"])
    func keysFoldoutReadsAreNeverListedAsFields(_ fields: String) throws {
        let html = try MemorySite(Self.shelter(fields)).report().html("pets/dogs/luna.html")
        let labels = Self.detailLabels(html)
        #expect(labels.contains("Breed") && labels.contains("Age"), "\(labels)")
        for key in DetailFieldList.neverListed {
            #expect(!labels.contains(DetailFieldList.label(for: key)), "\(key) listed: \(labels)")
            #expect(!html.contains("field-\(key)"))
        }
        #expect(!html.contains("luna-2.gif</dd>"))
    }

    @Test func rowsShowTheDeclaredFieldsBeforeTheBodyText() throws {
        let withFields = try MemorySite(Self.shelter("\nfields: [breed, age, sex]")).report().html("pets/index.html")
        // Luna has no `sex`: the part is left out, as in a written `row.secondary`.
        #expect(withFields.contains(#"<span class="row-secondary">Beagle · 3</span>"#))
        let without = try MemorySite(Self.shelter("")).report().html("pets/index.html")
        #expect(without.contains(#"<span class="row-secondary">Luna likes long walks.</span>"#))
        // A written `row.secondary` wins, and an item with none of the fields falls back to its text.
        let written = try MemorySite(Self.shelter("\nfields: [breed]\nrow:\n  secondary: \"{{age}} years\"")).report().html("pets/index.html")
        #expect(written.contains(#"<span class="row-secondary">3 years</span>"#))
        let noneOfThem = try MemorySite(Self.shelter("\nfields: [colour]")).report().html("pets/index.html")
        #expect(noneOfThem.contains(#"<span class="row-secondary">Luna likes long walks.</span>"#))
    }
}
