import FoldoutTestSupport
import Testing

@testable import FoldoutModel

/// The section model: a catalog per top-level folder, a section per folder below it,
/// groups for deeper folders, items for Markdown files; everything ordered by weight, then
/// title in natural order.
@Suite struct GroupingAndOrderingTests {
    func page(title: String? = nil, weight: Double? = nil) -> String {
        var lines: [String] = []
        if let title { lines.append("title: \"\(title)\"") }
        if let weight { lines.append("weight: \(weight)") }
        return lines.isEmpty ? "Body.\n" : "---\n" + lines.joined(separator: "\n") + "\n---\nBody.\n"
    }

    // MARK: Ordering

    @Test func weightComesFirstThenNaturalTitle() throws {
        let report = try MemorySite([
            "shop/things/a.md": page(title: "Item 10"),
            "shop/things/b.md": page(title: "Item 2"),
            "shop/things/c.md": page(title: "Zebra", weight: 1),
            "shop/things/d.md": page(title: "Apple", weight: 2),
            "shop/things/e.md": page(title: "item 1"),
        ]).report()
        let section = try #require(report.site.catalog("shop")?.sections.first)
        #expect(section.entryTitles == ["Zebra", "Apple", "item 1", "Item 2", "Item 10"])
    }

    @Test func missingWeightComesAfterAnyWeight() throws {
        let report = try MemorySite([
            "shop/things/heavy.md": page(title: "Heavy", weight: 1000),
            "shop/things/none.md": page(title: "Aardvark"),
            "shop/things/negative.md": page(title: "Negative", weight: -5),
        ]).report()
        let section = try #require(report.site.catalog("shop")?.sections.first)
        #expect(section.entryTitles == ["Negative", "Heavy", "Aardvark"])
    }

    @Test func equalWeightsAreOrderedByTitle() throws {
        let report = try MemorySite([
            "shop/things/a.md": page(title: "Chapter 12", weight: 1),
            "shop/things/b.md": page(title: "Chapter 9", weight: 1),
            "shop/things/c.md": page(title: "chapter 10", weight: 1),
        ]).report()
        let section = try #require(report.site.catalog("shop")?.sections.first)
        #expect(section.entryTitles == ["Chapter 9", "chapter 10", "Chapter 12"])
    }

    @Test func orderDoesNotDependOnFileNames() throws {
        let files = [
            "shop/things/1.md": page(title: "Beta"),
            "shop/things/2.md": page(title: "Alpha"),
        ]
        let renamed = [
            "shop/things/2.md": page(title: "Beta"),
            "shop/things/1.md": page(title: "Alpha"),
        ]
        let first = try #require(try MemorySite(files).report().site.catalog("shop")?.sections.first)
        let second = try #require(try MemorySite(renamed).report().site.catalog("shop")?.sections.first)
        #expect(first.entryTitles == ["Alpha", "Beta"])
        #expect(second.entryTitles == ["Alpha", "Beta"])
    }

    @Test func naturalCompareReadsNumbersByValue() {
        #expect(Ordering.naturalCompare("Item 2", "Item 10") < 0)
        #expect(Ordering.naturalCompare("Item 10", "Item 2") > 0)
        #expect(Ordering.naturalCompare("apple", "Banana") < 0)
        #expect(Ordering.naturalCompare("Same", "same") == 0)
        #expect(Ordering.naturalCompare("a", "ab") < 0)
        #expect(Ordering.naturalCompare("v2.10", "v2.9") > 0)
    }

    @Test func groupsAndItemsShareOneOrder() throws {
        let report = try MemorySite([
            "pets/dogs/terriers/_index.md": page(title: "Terriers", weight: 2),
            "pets/dogs/terriers/diego.md": page(title: "Diego"),
            "pets/dogs/hounds/_index.md": page(title: "Hounds"),
            "pets/dogs/hounds/rex.md": page(title: "Rex"),
            "pets/dogs/buddy.md": page(title: "Buddy", weight: 1),
            "pets/dogs/max.md": page(title: "Max"),
        ]).report()
        let dogs = try #require(report.site.catalog("pets")?.sections.first)
        #expect(dogs.entryTitles == ["Buddy", "Terriers", "Hounds", "Max"])
    }

    @Test func sectionsAndCatalogsAreOrderedByWeightThenTitle() throws {
        let report = try MemorySite([
            "zoo/_index.md": page(title: "Zoo", weight: 1),
            "zoo/reptiles/_index.md": page(title: "Reptiles", weight: 1),
            "zoo/reptiles/a.md": page(title: "A"),
            "zoo/birds/b.md": page(title: "B"),
            "zoo/cats/_index.md": page(title: "Cats", weight: 2),
            "zoo/cats/c.md": page(title: "C"),
            "aquarium/fish.md": page(title: "Fish"),
            "barn/cow.md": page(title: "Cow"),
        ]).report()
        #expect(report.site.catalogs.map(\.title) == ["Zoo", "Aquarium", "Barn"])
        #expect(report.site.catalog("zoo")?.sections.map(\.title) == ["Reptiles", "Cats", "Birds"])
    }

    // MARK: Grouping

    @Test func foldersBecomeCatalogsSectionsAndGroups() throws {
        let report = try MemorySite([
            "pets/_index.md": page(title: "Pet Explorer"),
            "pets/dogs/_index.md": page(title: "Dogs"),
            "pets/dogs/terriers/_index.md": page(title: "Terriers"),
            "pets/dogs/terriers/diego.md": page(title: "Diego"),
            "pets/dogs/terriers/bolt.md": page(title: "Bolt"),
            "pets/cats/luna.md": page(title: "Luna"),
        ]).report()
        let pets = try #require(report.site.catalog("pets"))
        #expect(pets.title == "Pet Explorer")
        #expect(pets.outputPath == "pets/index.html")
        #expect(pets.itemCount == 3)
        let dogs = try #require(pets.sections.first { $0.title == "Dogs" })
        #expect(dogs.depth == 1)
        #expect(dogs.anchor == "dogs")
        let terriers = try #require(dogs.group("Terriers"))
        #expect(terriers.depth == 2)
        #expect(terriers.anchor == "dogs/terriers")
        #expect(terriers.entryTitles == ["Bolt", "Diego"])
        // A folder without _index.md takes its name, made readable.
        #expect(pets.sections.contains { $0.title == "Cats" && $0.itemCount == 1 })
    }

    @Test func groupsNestToAnyDepth() throws {
        let depth = 12
        let folders = (1...depth).map { "level\($0)" }
        let report = try MemorySite([
            "deep/" + folders.joined(separator: "/") + "/leaf.md": page(title: "Leaf"),
            "deep/" + folders.prefix(3).joined(separator: "/") + "/middle.md": page(title: "Middle"),
        ]).report()
        var group = try #require(report.site.catalog("deep")?.sections.first)
        #expect(group.itemCount == 2)
        for level in 2...depth {
            group = try #require(group.group("Level\(level)"), "missing group at depth \(level)")
            #expect(group.depth == level)
            #expect(group.anchor == folders.prefix(level).joined(separator: "/"))
        }
        #expect(group.entryTitles == ["Leaf"])
        let leaf = try #require(group.allItems.first)
        #expect(leaf.outputPath == "deep/" + folders.joined(separator: "/") + "/leaf.html")
        #expect(leaf.trail.count == depth + 1)  // the catalog, then each folder down to the item's
    }

    @Test func looseItemsInACatalogFolderFormAnUntitledFirstSection() throws {
        let report = try MemorySite([
            "courses/_index.md": page(title: "Courses"),
            "courses/how_this_course_works.md": "How to use these courses.\n",
            "courses/swiftui/_index.md": page(title: "SwiftUI", weight: 1),
            "courses/swiftui/basics.md": page(title: "Basics"),
        ]).report()
        let courses = try #require(report.site.catalog("courses"))
        #expect(courses.sections.count == 2)
        let loose = courses.sections[0]
        #expect(loose.title.isEmpty)
        #expect(loose.entryTitles == ["How this course works"])
        #expect(courses.sections[1].title == "SwiftUI")
        #expect(courses.itemCount == 2)
        let catalogPage = try #require(report.snapshot.text(at: "courses/index.html"))
        #expect(catalogPage.contains("how-this-course-works.html"))
    }

    @Test func looseItemsAtTheContentRootShowOnTheHomePage() throws {
        let report = try MemorySite(["about.md": "# About us\n\nWho we are.\n", "pets/a.md": "A"]).report()
        #expect(report.site.looseItems?.entryTitles == ["About us"])
        let home = try #require(report.snapshot.text(at: "index.html"))
        #expect(HTMLTags.scan(home).contains { $0.attributes["href"] == "about.html" })
    }

    /// A folder with no items is left out, unless its `_index.md` has words of its own: then
    /// it is a group showing them (a documentation page written as a section with nothing in
    /// it), and its text is not lost.
    @Test func foldersWithoutItemsAreLeftOutUnlessTheirIntroSaysSomething() throws {
        let report = try MemorySite([
            "pets/dogs/diego.md": page(title: "Diego"),
            "pets/cats/_index.md": "---\ntitle: Cats\n---\n",
            "pets/cats/empty/_index.md": "---\ntitle: Nothing here\n---\n",
            "pets/birds/_index.md": "---\ntitle: Birds\n---\nOur aviary opens in spring.\n",
        ]).report()
        let sections = try #require(report.site.catalog("pets")?.sections)
        #expect(sections.map(\.title) == ["Birds", "Dogs"])
        #expect(sections.first?.itemCount == 0)
        #expect(report.snapshot.text(at: "pets/index.html")?.contains("Our aviary opens in spring.") == true)
    }

    @Test func itemCountsIncludeEveryLevel() throws {
        let report = try MemorySite([
            "pets/dogs/a.md": "A", "pets/dogs/terriers/b.md": "B", "pets/dogs/terriers/small/c.md": "C",
            "pets/cats/d.md": "D",
        ]).report()
        let pets = try #require(report.site.catalog("pets"))
        #expect(pets.itemCount == 4)
        let dogs = try #require(pets.sections.first { $0.title == "Dogs" })
        #expect(dogs.itemCount == 3)
        #expect(dogs.group("Terriers")?.itemCount == 2)
    }

    @Test func fieldsKeepFrontMatterOrder() throws {
        let report = try MemorySite(["pets/dogs/a.md": "---\ntitle: A\nzeta: 1\nalpha: 2\nmid: 3\n---\n"]).report()
        #expect(report.site.allItems.first?.fields.map(\.key) == ["zeta", "alpha", "mid"])
    }

    @Test func expandedOpensAGroup() throws {
        let report = try MemorySite([
            "pets/_index.md": "---\ntitle: Pets\nexpand_below: 0\n---\n",  // closed unless expanded, however few
            "pets/dogs/terriers/_index.md": "---\ntitle: Terriers\nexpanded: true\n---\n",
            "pets/dogs/terriers/a.md": "A",
            "pets/dogs/hounds/b.md": "B",
        ]).report()
        let page = try #require(report.snapshot.text(at: "pets/index.html"))
        let details = HTMLTags.scan(page).filter { $0.name == "details" && !$0.isEnd && $0.attributes["id"] != nil }
        #expect(details.count == 2)
        #expect(details.first { $0.attributes["id"] == "dogs/terriers" }?.attributes["open"] != nil)
        #expect(details.first { $0.attributes["id"] == "dogs/hounds" }?.attributes["open"] == nil)
    }
}
