import FoldoutMarkdown
import FoldoutModel
import FoldoutPresentation
import FoldoutTestSupport
import Testing

/// End to end: a content folder in memory, built with the default templates, HTML read back.
@Suite struct RowConfigurationTests {
    /// A GIF header of the given size; every byte is below 0x80, so it fits in the in-memory file system.
    /// libvips reads it as a blank image of that size.
    static func gif(width: Int, height: Int) -> String {
        String(decoding: Array("GIF89a".utf8) + [UInt8(width & 0x7F), 0, UInt8(height & 0x7F), 0, 0, 0, 0], as: UTF8.self)
    }

    static let shelter: [String: String] = [
        "pets/_index.md": page(
            """
            title: Shelter
            row:
              secondary: "{{age}} years old · {{breed}}"
              badges: [status]
            """),
        "pets/dogs/_index.md": page("title: Dogs"),
        "pets/dogs/rex.md": page("title: Rex\nage: 3\nbreed: Beagle\nstatus: adopted\nimage: rex.gif\nimage_alt: Rex asleep on a rug"),
        "pets/dogs/rex.gif": gif(width: 120, height: 80),
        "pets/dogs/ada.md": page("title: Ada\nbreed: Collie\nstatus: available\nimage: ada.gif"),
        "pets/dogs/ada.gif": gif(width: 40, height: 40),
    ]

    @Test func secondaryLineComesFromTheTemplate() throws {
        let site = try MemorySite(Self.shelter).report()
        #expect(site.html("pets/index.html").contains(#"<span class="row-secondary">3 years old · Beagle</span>"#))
        // Ada has no age: the part that needs it is left out.
        #expect(site.html("pets/index.html").contains(#"<span class="row-secondary">Collie</span>"#))
    }

    @Test func badgesShowTheValueAndSetTheStateClass() throws {
        let site = try MemorySite(Self.shelter).report()
        let catalog = site.html("pets/index.html")
        #expect(catalog.contains(#"<li class="row is-adopted" id="dogs/rex""#))
        #expect(catalog.contains(#"<span class="badge badge-status is-adopted"> adopted</span>"#))
        #expect(catalog.contains(#"<li class="row is-available" id="dogs/ada""#))
    }

    /// A catalog page is mostly rows, and the browser's time to read it goes with the nodes in
    /// them: a row holds its title, badges and secondary line in one `.row-text`, with no text
    /// between rows and none between a title and its badge (whose space is its own text).
    @Test func rowsCarryNoWrapperOrTextTheyCanDoWithout() throws {
        let catalog = try MemorySite(Self.shelter).report().html("pets/index.html")
        let rex = catalog.components(separatedBy: #"<li class="row is-adopted" id="dogs/rex">"#).dropFirst().first ?? ""
        let row = String(rex.prefix { $0 != "\n" }).components(separatedBy: "</li>").first ?? ""
        #expect(
            row.contains(
                #"<span class="row-text"><span class="row-title">Rex</span><span class="badge badge-status is-adopted"> adopted</span>"#
                    + #"<span class="row-secondary">3 years old · Beagle</span></span></a>"#), "\(row)")
        #expect(row.components(separatedBy: "<span").count - 1 == 4, "\(row)")
        #expect(catalog.contains(#"</li><li class="row"#))
        #expect(!catalog.contains("</li>\n<li class=\"row"))
    }

    @Test func thumbnailsHaveSizeFromTheFileAndAltText() throws {
        let site = try MemorySite(Self.shelter).report()
        let catalog = site.html("pets/index.html")
        // 120x80 is cropped to a 48-pixel square (not 96 for sharp screens: it is only 80 high),
        // in WebP and in PNG, what a GIF becomes.
        #expect(
            catalog.contains(
                #"<source type="image/webp" srcset="dogs/rex-sq48.webp 1x"><img class="thumbnail" src="dogs/rex-sq48.png" srcset="dogs/rex-sq48.png 1x" width="48" height="48" loading="lazy" decoding="async""#
            ))
        #expect(catalog.contains(#"alt="Rex asleep on a rug"></picture>"#))
        // A smaller image keeps its size; without `image_alt` the title beside it says it all.
        #expect(catalog.contains(#"<img class="thumbnail" src="dogs/ada.gif" width="40" height="40" loading="lazy" decoding="async" alt="">"#))
        // The item page gets the natural size.
        #expect(site.html("pets/dogs/rex.html").contains(#"<img class="item-image" src="rex.gif" width="120" height="80" decoding="async" alt="Rex asleep on a rug">"#))
    }

    @Test func defaultsWithoutConfiguration() throws {
        let site = try MemorySite([
            "books/_index.md": page("title: Books"),
            "books/novels/_index.md": page("title: Novels"),
            "books/novels/emma.md": page("title: Emma\nstatus: on loan", "A novel about a matchmaker."),
        ]).report()
        let catalog = site.html("books/index.html")
        #expect(catalog.contains(#"<span class="row-secondary">A novel about a matchmaker.</span>"#))
        #expect(!catalog.contains("class=\"badge"))
        #expect(!catalog.contains("<img"))
    }

    @Test func rowSettingsCanTurnPartsOffAndResize() throws {
        var files = Self.shelter
        files["pets/_index.md"] = page("title: Shelter\nrow:\n  title: \"{{title}} ({{breed}})\"\n  secondary: false\n  thumbnail: 24\n  alt: \"Photo of {{title}}\"")
        let catalog = try MemorySite(files).report().html("pets/index.html")
        #expect(catalog.contains(#"<span class="row-title">Rex (Beagle)</span>"#))
        #expect(!catalog.contains("row-secondary"))
        #expect(catalog.contains(#"srcset="dogs/rex-sq24.png 1x, dogs/rex-sq48.png 2x" width="24" height="24""#))
        #expect(catalog.contains(#"alt="Photo of Rex">"#))
    }

    @Test func cardsShowSmallPhotosAtTheirSizeAndRowsWithoutOneAPlaceholder() throws {
        var files = Self.shelter
        files["pets/dogs/_index.md"] = page("title: Dogs\nlayout: grid")
        files["pets/dogs/bo.md"] = page("title: bo\nbreed: Pug")
        files["pets/cats/_index.md"] = page("title: Cats")
        files["pets/cats/tom.md"] = page("title: Tom")
        let site = try MemorySite(files).report()
        // Rex's 120 × 80 GIF is smaller than a card: shown as it is, drawn no wider than it is.
        #expect(
            site.html("pets/index.html").contains(
                #"<img class="thumbnail card-image" src="dogs/rex.gif" width="120" height="80" loading="lazy" decoding="async" style="max-width:120px" alt="Rex asleep on a rug">"#)
        )
        // Bo has no photo: a box with his initial where it would be, in the grid as in a list.
        #expect(
            site.row("pets/index.html", containing: #"id="dogs/bo""#)
                .contains(#"<span class="thumbnail photo-placeholder" aria-hidden="true">B</span><span class="row-text">"#))
        // No row of Cats has a photo, so no row there needs a box.
        #expect(!site.row("pets/index.html", containing: #"id="cats/tom""#).contains("photo-placeholder"))

        files["pets/_index.md"] = page("title: Shelter\nrow:\n  placeholder: blank")
        #expect(
            try MemorySite(files).report().row("pets/index.html", containing: #"id="dogs/bo""#)
                .contains(#"<span class="thumbnail photo-placeholder" aria-hidden="true"></span>"#))
        files["pets/_index.md"] = page("title: Shelter\nrow:\n  placeholder: false")
        #expect(!(try MemorySite(files).report().html("pets/index.html").contains("photo-placeholder")))
        files["pets/_index.md"] = page("title: Shelter\nrow:\n  placeholder: paw.png")
        #expect(
            MemorySite(files).failureDiagnostics().contains {
                $0.path == "Content/pets/_index.md" && $0.line == 3
                    && $0.message.contains("`row.placeholder` must be `initial`, `blank` or false, found `paw.png`")
            })
    }

    @Test func mistakesInRowNameTheFileAndLine() {
        let diagnostics = MemorySite([
            "pets/_index.md": page("title: Shelter\nrow:\n  secondary: \"{{age years\"\n  colour: red"),
            "pets/dogs/rex.md": page("title: Rex"),
        ]).failureDiagnostics()
        #expect(diagnostics.contains { $0.path == "Content/pets/_index.md" && $0.line == 3 && $0.message.contains("row.secondary") })
        #expect(diagnostics.contains { $0.line == 3 && $0.message.contains("unknown key `colour`") })
    }
}

@Suite struct QuerySectionTests {
    static let files: [String: String] = [
        "pets/_index.md": page(
            """
            title: Shelter
            sections:
              - title: Adopted pets
                weight: 100
                where: {status: adopted}
              - title: Good with kids
                where: {tags: kids}
                layout: grid
            """),
        "pets/dogs/_index.md": page("title: Dogs\nweight: 1"),
        "pets/dogs/rex.md": page("title: Rex\nstatus: adopted\ntags: [kids]"),
        "pets/dogs/ada.md": page("title: Ada\nstatus: available"),
        "pets/cats/_index.md": page("title: Cats\nweight: 2"),
        "pets/cats/tom.md": page("title: Tom\nstatus: Adopted"),
    ]

    @Test func collectsMatchingItemsIntoAnExtraSection() throws {
        let site = try MemorySite(Self.files).report()
        let catalog = site.html("pets/index.html")
        #expect(
            catalog.contains(##"<h2 id="adopted-pets" class="section-header"><a class="anchor" href="#adopted-pets">Adopted pets</a> <span class="count">2 items</span></h2>"##))
        // The item stays in its folder section too, and links to the same page.
        #expect(catalog.contains(#"id="dogs/rex""#))
        #expect(catalog.contains(#"id="adopted-pets/dogs/rex""#))
        #expect(catalog.contains(#"id="adopted-pets/cats/tom""#))
        #expect(!catalog.contains(#"id="adopted-pets/dogs/ada""#))
        #expect(site.count(#"href="dogs/rex.html""#, in: "pets/index.html") == 3)
        // A value in a list field matches.
        #expect(catalog.contains(#"id="good-with-kids/dogs/rex""#))
    }

    @Test func sectionsFollowTheirWeight() throws {
        let catalog = try MemorySite(Self.files).report().html("pets/index.html")
        // Sections without a weight come after those with one.
        let order = ["id=\"dogs\"", "id=\"cats\"", "id=\"adopted-pets\"", "id=\"good-with-kids\""].map { catalog.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    }

    @Test func idsOnThePageAreUnique() throws {
        let catalog = try MemorySite(Self.files).report().html("pets/index.html")
        let ids = catalog.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(!ids.isEmpty)
        #expect(Set(ids).count == ids.count)
    }

    @Test func itemsAreCountedAndRenderedOnce() throws {
        let site = try MemorySite(Self.files).report()
        #expect(site.html("pets/index.html").contains(#"<p class="count">3 items</p>"#))
        #expect(site.site.catalogs[0].allItems.count == 3)
    }

    @Test func aQuerySectionWithoutWhereIsAnError() {
        let diagnostics = MemorySite([
            "pets/_index.md": page("title: Shelter\nsections:\n  - title: Adopted pets"),
            "pets/dogs/rex.md": page("title: Rex"),
        ]).failureDiagnostics()
        #expect(diagnostics.contains { $0.path == "Content/pets/_index.md" && $0.line == 3 && $0.message.contains("where:") })
    }

    @Test func aQuerySectionMayNotTakeAFoldersID() {
        let diagnostics = MemorySite([
            "pets/_index.md": page("title: Shelter\nsections:\n  - title: Dogs\n    where: {status: adopted}"),
            "pets/dogs/rex.md": page("title: Rex\nstatus: adopted"),
        ]).failureDiagnostics()
        #expect(diagnostics.contains { $0.message.contains("`dogs`") && $0.hint?.contains("slug") == true })
    }
}

@Suite struct SectionLayoutTests {
    @Test func layoutAppearanceColumnsAndFooterBecomeClassesAndText() throws {
        let site = try MemorySite([
            "pets/_index.md": page("title: Shelter"),
            "pets/cats/_index.md": page("title: Cats\nlayout: grid\ncolumns: 3"),
            "pets/cats/tom.md": page("title: Tom"),
            "pets/birds/_index.md": page("title: Birds\nlayout: carousel"),
            "pets/birds/kiwi.md": page("title: Kiwi"),
            "pets/dogs/_index.md": page("title: Dogs\nappearance: sidebar\nfooter: Walk them daily."),
            "pets/dogs/rex.md": page("title: Rex"),
        ]).report()
        let catalog = site.html("pets/index.html")
        #expect(catalog.contains(#"<section class="section layout-grid columns-3" aria-labelledby="cats">"#))
        #expect(catalog.contains(#"<section class="section layout-carousel" aria-labelledby="birds">"#))
        #expect(catalog.contains(#"<section class="section layout-list appearance-sidebar" aria-labelledby="dogs">"#))
        #expect(catalog.contains(#"<p class="section-footer">Walk them daily.</p>"#))
    }

    @Test func catalogSettingsAreTheDefault() throws {
        let catalog = try MemorySite([
            "pets/_index.md": page("title: Shelter\nappearance: plain"),
            "pets/dogs/rex.md": page("title: Rex"),
            "pets/dogs/_index.md": page("title: Dogs"),
        ]).report().html("pets/index.html")
        #expect(catalog.contains(#"class="section layout-list appearance-plain""#))
    }

    @Test func unknownValuesAreErrorsAtTheirLine() {
        let diagnostics = MemorySite([
            "pets/_index.md": page("title: Shelter"),
            "pets/cats/_index.md": page("title: Cats\nlayout: mosaic\ncolumns: 12\nappearance: fancy\nsort: age\norder: sideways"),
            "pets/cats/tom.md": page("title: Tom"),
        ]).failureDiagnostics()
        let messages = diagnostics.filter { $0.path == "Content/pets/cats/_index.md" }.map { "\($0.line ?? 0) \($0.message)" }
        #expect(diagnostics.contains { $0.line == 3 && $0.message.hasPrefix("unknown layout `mosaic`") && $0.severity == .warning })
        #expect(messages.contains { $0.hasPrefix("4 `columns` must be a whole number") })
        #expect(messages.contains { $0.hasPrefix("5 unknown appearance `fancy`") })
        #expect(messages.contains { $0.hasPrefix("7 unknown order `sideways`") })
    }

    /// A sub-folder's `_index.md` body shows inside its group, under its title, with the
    /// heading ids the anchor check counts on the catalog page.
    @Test func aGroupShowsItsIntro() throws {
        let site = try MemorySite([
            "pets/_index.md": page("title: Shelter"),
            "pets/cats/_index.md": page("title: Cats"),
            "pets/cats/indoor/_index.md": page("title: Indoor cats", "## Litter {#litter}\n\nThey stay *inside*."),
            "pets/cats/indoor/tom.md": page("title: Tom", "[Litter](_index.md#litter)"),
        ]).report()
        let catalog = site.html("pets/index.html")
        let group = try #require(catalog.range(of: #"<details id="cats/indoor""#))
        let intro = try #require(catalog.range(of: #"<div class="group-intro">"#))
        #expect(group.upperBound < intro.lowerBound)
        #expect(catalog.contains("They stay <em>inside</em>."))
        #expect(catalog.contains(#"id="litter""#))
        #expect(site.warnings.isEmpty, "\(site.warnings)")
    }

    /// Another tool's template name (`layout: registry`, Hugo's `single`) does not stop the
    /// build: a warning at its line names the layouts there are, and the section is a list.
    @Test func anUnknownLayoutIsAWarningAndTheSectionAList() throws {
        let site = try MemorySite([
            "pets/_index.md": page("title: Shelter"),
            "pets/cats/_index.md": page("title: Cats\nlayout: registry"),
            "pets/cats/tom.md": page("title: Tom"),
        ]).report()
        let warning = site.warnings.first { $0.path == "Content/pets/cats/_index.md" && $0.line == 3 }
        #expect(warning?.message.hasPrefix("unknown layout `registry`") == true)
        #expect(warning.map { w in SectionOptions.layouts.allSatisfy { w.hint?.contains($0) == true } } == true)
        #expect(warning?.hint?.contains("Hugo's `single`") == true)
        #expect(site.html("pets/index.html").contains(#"class="section layout-list"#))
    }
}

@Suite struct ExpansionTests {
    /// `expand_below: 0` unless `catalogKeys` gives one: groups closed however few the items.
    static func catalog(_ catalogKeys: String, section: String) throws -> String {
        let threshold = catalogKeys.contains("expand_below") ? "" : "\nexpand_below: 0"
        return try MemorySite([
            "pets/_index.md": page("title: Shelter" + threshold + catalogKeys),
            "pets/dogs/_index.md": page("title: Dogs" + section),
            "pets/dogs/small/_index.md": page("title: Small\nweight: 1"),
            "pets/dogs/small/rex.md": page("title: Rex"),
            "pets/dogs/large/_index.md": page("title: Large\nweight: 2\nexpanded: true"),
            "pets/dogs/large/ada.md": page("title: Ada"),
        ]).report().html("pets/index.html")
    }

    @Test func groupsAreClosedUnlessExpanded() throws {
        let html = try Self.catalog("", section: "")
        #expect(html.contains(#"<details id="dogs/small">"#))
        #expect(html.contains(#"<details id="dogs/large" open>"#))
    }

    @Test func groupsOfASmallCatalogStartOpen() throws {
        // Two items, fewer than the default threshold: every group opens.
        let html = try Self.catalog("\nexpand_below: \(CatalogPresentation.defaultExpandBelow)", section: "")
        #expect(html.contains(#"<details id="dogs/small" open>"#))
        #expect(html.contains(#"<details id="dogs/large" open>"#))
        // The threshold counts the catalog's items: from 2 items on, closed again.
        #expect(try Self.catalog("\nexpand_below: 2", section: "").contains(#"<details id="dogs/small">"#))
        #expect(try Self.catalog("\nexpand_below: 3", section: "").contains(#"<details id="dogs/small" open>"#))
        // `expanded: false` anywhere above a group still closes it.
        #expect(try Self.catalog("\nexpand_below: 30\nexpanded: false", section: "").contains(#"<details id="dogs/small">"#))
        #expect(try Self.catalog("\nexpand_below: 30", section: "\nexpanded: false").contains(#"<details id="dogs/small">"#))
    }

    @Test func expandBelowMustBeACount() {
        let problems = MemorySite(["pets/_index.md": page("title: Shelter\nexpand_below: many"), "pets/a.md": page("title: A")]).failureDiagnostics()
        #expect(problems.contains { $0.message.contains("`expand_below`") && $0.line == 3 && $0.hint != nil }, "\(problems)")
    }

    @Test func catalogAndSectionSetTheDefault() throws {
        #expect(try Self.catalog("\nexpanded: true", section: "").contains(#"<details id="dogs/small" open>"#))
        #expect(try Self.catalog("", section: "\nexpanded: true").contains(#"<details id="dogs/small" open>"#))
        #expect(try Self.catalog("\nexpanded: true", section: "\nexpanded: false").contains(#"<details id="dogs/small">"#))
    }

    @Test func exclusiveGroupsShareANameAndOnlyOneStartsOpen() throws {
        let html = try Self.catalog("\nexpanded: true", section: "\nexclusive: true\nexpanded: true")
        #expect(html.contains(#"<details id="dogs/small" name="dogs" open>"#))
        #expect(html.contains(#"<details id="dogs/large" name="dogs">"#))
    }

    @Test func sectionsWithGroupsGetExpandAllUnlessExclusive() throws {
        let html = try Self.catalog("", section: "")
        #expect(html.contains(#"<section class="section layout-list has-outline-controls" aria-labelledby="dogs">"#))
        #expect(
            html.contains(
                #"<div class="outline-controls"><button type="button" class="outline-expand">Expand all<span class="visually-hidden"> in Dogs</span></button> <button type="button" class="outline-collapse">Collapse all<span class="visually-hidden"> in Dogs</span></button></div>"#
            ))
        // Exclusive groups open one at a time: "Expand all" would contradict them.
        #expect(!(try Self.catalog("", section: "\nexclusive: true")).contains("outline-controls"))
        // Rows alone: nothing to expand.
        let rows = try MemorySite([
            "pets/_index.md": page("title: Shelter"),
            "pets/dogs/_index.md": page("title: Dogs"),
            "pets/dogs/rex.md": page("title: Rex"),
        ]).report().html("pets/index.html")
        #expect(rows.contains(#"<section class="section layout-list" aria-labelledby="dogs">"#))
        #expect(!rows.contains("outline-controls"))
    }

    @Test func sectionsOfTwelveItemsOrMoreAreLong() throws {
        var files = [
            "pets/_index.md": page("title: Shelter"), "pets/dogs/_index.md": page("title: Dogs"),
            "pets/cats/_index.md": page("title: Cats"),
        ]
        for number in 1...12 { files["pets/dogs/dog-\(number).md"] = page("title: Dog \(number)") }
        for number in 1...11 { files["pets/cats/cat-\(number).md"] = page("title: Cat \(number)") }
        let html = try MemorySite(files).report().html("pets/index.html")
        #expect(html.contains(#"<section class="section layout-list is-long" aria-labelledby="dogs">"#))
        #expect(html.contains(#"<section class="section layout-list" aria-labelledby="cats">"#))
    }

    @Test func theCatalogPageLoadsTheScriptThatOpensGroupsForAFragment() throws {
        let html = try Self.catalog("", section: "")
        #expect(html.contains(#"<script src="../assets/catalog.js" defer></script>"#))
        // The panel shows only once base.html's first script has marked the page (`js`), so
        // without JavaScript there is no box that does nothing.
        #expect(html.contains(#"<div class="catalog" data-filter-label="Filter these items">"#))
        #expect(html.contains(#"<form class="facet-panel" id="catalog-panel""#))
        #expect(html.contains(#"<script>document.documentElement.classList.add("js")</script>"#))
        let css = try String(
            contentsOfFile: #filePath.replacingOccurrences(of: "Tests/FoldoutPresentationTests/CatalogPresentationTests.swift", with: "Templates/assets/style.css"), encoding: .utf8
        )
        #expect(css.contains(".facet-panel {\n  display: none;\n}"))
        // The header's search box is in a form that search.js shows.
        #expect(html.contains(#"<form class="site-search" role="search" hidden"#) && html.contains(#"<input id="site-search""#))
    }
}

@Suite struct SortingTests {
    static func titles(_ sortKeys: String, _ items: [String: String]) throws -> [String] {
        var files = ["pets/_index.md": page("title: Shelter"), "pets/dogs/_index.md": page("title: Dogs" + sortKeys)]
        for (name, frontMatter) in items { files["pets/dogs/\(name).md"] = page("title: \(name)\n" + frontMatter) }
        let html = try MemorySite(files).report().html("pets/index.html")
        return html.components(separatedBy: "<span class=\"row-title\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test func numbersSortByValue() throws {
        let items = ["A": "age: 10", "B": "age: 2", "C": "age: 7"]
        #expect(try Self.titles("\nsort: age", items) == ["B", "C", "A"])
        #expect(try Self.titles("\nsort: age\norder: desc", items) == ["A", "C", "B"])
    }

    @Test func textSortsInNaturalOrderAndMissingValuesComeLast() throws {
        let items = ["A": "code: item 10", "B": "code: item 9", "C": "weight: 1", "D": "code: Item 1"]
        #expect(try Self.titles("\nsort: code", items) == ["D", "B", "A", "C"])
        #expect(try Self.titles("\nsort: code\norder: desc", items) == ["A", "B", "D", "C"])
    }

    @Test func titleAndDate() throws {
        let items = ["Bo": "weight: 1\ndate: 2026-03-01", "Al": "weight: 2\ndate: 2026-01-01", "Cy": "date: 2025-12-31"]
        #expect(try Self.titles("", items) == ["Bo", "Al", "Cy"])
        #expect(try Self.titles("\nsort: title", items) == ["Al", "Bo", "Cy"])
        #expect(try Self.titles("\nsort: date\norder: desc", items) == ["Bo", "Al", "Cy"])
    }
}

/// `row.label`, plural words in row templates, and field values that name other items
/// (docs/content.md, "Row configuration" and "Item page fields").
@Suite struct RowDetailsTests {
    static let courses: [String: String] = [
        "courses/_index.md": page(
            """
            title: Courses
            row:
              label: code
              secondary: "{{lessons}} {{lessons|lesson,lessons}} · {{level}}"
            """),
        "courses/swift/_index.md": page("title: Swift"),
        "courses/swift/basics.md": page("title: Swift Basics\ncode: SW-101\nlessons: 1\nlevel: beginner"),
        "courses/swift/generics.md": page("title: Generics\ncode: SW-201\nlessons: 4\nprerequisites: [swift basics, Nowhere]"),
        "courses/swift/macros.md": page("title: Macros\nlessons: 2\nprerequisites: [generics, Macros]\nlevel: Generics"),
        "courses/swift/twin-a.md": page("title: Twin\nlessons: 3"),
        "courses/swift/twin-b.md": page("title: Twin\nlessons: 3\nsee_also: Twin"),
        "books/_index.md": page("title: Books"),
        "books/shelf/_index.md": page("title: Shelf"),
        "books/shelf/generics-book.md": page("title: Generics Book\nrelated: Generics"),
    ]

    @Test func pluralWordsFollowTheNumber() throws {
        let html = try MemorySite(Self.courses).report().html("courses/index.html")
        #expect(html.contains(#"<span class="row-secondary">1 lesson · beginner</span>"#))
        #expect(html.contains(#"<span class="row-secondary">4 lessons</span>"#))
    }

    @Test func theLabelShowsBesideTheTitleAndAboveTheItemsHeading() throws {
        let site = try MemorySite(Self.courses).report()
        let catalog = site.html("courses/index.html")
        #expect(catalog.contains(#"<span class="row-text"><span class="row-label">SW-101</span> <span class="row-title">Swift Basics</span>"#))
        // Without the field, no label.
        #expect(catalog.contains(#"<span class="row-text"><span class="row-title">Macros</span>"#))
        #expect(site.html("courses/swift/basics.html").contains("<p class=\"item-label\">SW-101</p>\n<h1>Swift Basics</h1>"))
        #expect(!site.html("courses/swift/macros.html").contains("item-label"))
    }

    @Test func valuesNamingItemsOfTheCatalogLinkToThem() throws {
        let site = try MemorySite(Self.courses).report()
        // By title, ignoring case; a name no item has stays text.
        #expect(site.html("courses/swift/generics.html").contains(#"<dd><a href="basics.html">swift basics</a>, Nowhere</dd>"#))
        // By slug; the item itself is not linked, nor is a field the catalog's items share a name with twice.
        let macros = site.html("courses/swift/macros.html")
        #expect(macros.contains(#"<dd><a href="generics.html">generics</a>, Macros</dd>"#))
        #expect(macros.contains(#"<dd><a href="generics.html">Generics</a></dd>"#))
        #expect(site.html("courses/swift/twin-b.html").contains("<dd>Twin</dd>"))
        // Another catalog's items are not named.
        #expect(site.html("books/shelf/generics-book.html").contains("<dd>Generics</dd>"))
    }

    @Test func aLabelThatIsNotTextIsAnError() throws {
        var problems: [String] = []
        _ = RowConfiguration.read(.map([("label", .integer(3))]), problems: &problems)
        #expect(problems == ["`row.label` must name a field, like `label: code`, or be text like \"{{code}}\", found `3`"])
        problems = []
        let configuration = RowConfiguration.read(.map([("label", .string("{{track}}-{{code}}"))]), problems: &problems)
        #expect(problems.isEmpty)
        #expect(configuration.label?.fieldNames == ["track", "code"])
    }
}
