import FoldoutBase
import FoldoutModel
import FoldoutTestSupport
import Foundation
import Testing

/// The JSON-LD of every kind of page, read back from built pages: what it says is derived
/// from the site it was built from, and it is schema.org as the vocabulary defines it.
@Suite struct StructuredDataTests {
    static let base = "https://example.org/school/"

    static func files(base: String? = StructuredDataTests.base) -> [String: String] {
        [
            "_index.md": page("title: School\ndescription: Courses and more" + (base.map { "\nbase_url: \($0)" } ?? "")),
            "courses/_index.md": page(
                """
                title: Courses
                schema: Course
                schema_fields:
                  courseCode: code
                  timeRequired: duration
                  coursePrerequisites: needs
                  educationalLevel: level
                  numberOfCredits: credits
                schema_values:
                  provider: {name: Riverside Academy, url: "https://example.org/academy/"}
                sections:
                  - title: Beginner friendly
                    where: {level: beginner}
                """, "Learn to build apps."),
            "courses/swift/_index.md": page("title: Swift\nweight: 1"),
            "courses/swift/basics/_index.md": page("title: Basics"),
            "courses/swift/basics/intro.md": page(
                "title: Intro to Swift\ncode: SW-101\nduration: 1h 30m\nlevel: beginner\ncredits: 2\nweight: 1",
                "Start here."),
            "courses/swift/basics/types.md": page("title: Types\ncode: SW-102\nduration: PT3H\nlevel: intermediate\nneeds: [Intro to Swift, Some maths]\nweight: 2"),
            "courses/ui/_index.md": page("title: Interfaces\nweight: 2"),
            "courses/ui/layout.md": page("title: Layout\nlevel: beginner"),
            "pets/_index.md": page("title: Pets"),
            "pets/rex.md": page("title: Rex"),
        ]
    }

    @Test func aCatalogPageListsEveryItemOnceInOutlineOrder() throws {
        let fixture = try MemorySite(Self.files()).report()
        let courses = try #require(fixture.site.catalog("courses"))
        let list = try #require(try PageHead(fixture.html(courses.outputPath)).node("ItemList"))
        #expect(list["name"] as? String == courses.title)
        #expect(list["url"] as? String == Self.base + courses.outputPath)
        #expect(list["numberOfItems"] as? Int == courses.itemCount)
        let elements = try #require(list["itemListElement"] as? [[String: Any]])
        // The query section "Beginner friendly" repeats two items on the page; the list does not.
        #expect(courses.sections.contains { $0.query != nil })
        #expect(elements.map { $0["position"] as? Int } == Array(1...courses.itemCount))
        #expect(elements.map { $0["url"] as? String } == courses.allItems.map { Self.base + $0.outputPath })
        #expect(elements.map { $0["name"] as? String } == courses.allItems.map(\.title))
        #expect(elements.allSatisfy { $0["@type"] as? String == "ListItem" && $0.count == 4 }, "position, url and name only")
    }

    @Test func anItemIsItsCatalogsTypeWithTheMappedFields() throws {
        let fixture = try MemorySite(Self.files()).report()
        let items = fixture.site.catalog("courses")!.allItems
        let types = try #require(items.first { $0.title == "Types" })
        let course = try #require(try PageHead(fixture.html(types.outputPath)).node("Course"))
        #expect(course["name"] as? String == types.title)
        #expect(course["description"] as? String == types.summary)
        #expect(course["url"] as? String == Self.base + types.outputPath)
        #expect(course["courseCode"] as? String == "SW-102")
        #expect(course["timeRequired"] as? String == "PT3H")
        #expect(course["educationalLevel"] as? String == "intermediate")
        #expect(course["coursePrerequisites"] as? [String] == ["Intro to Swift", "Some maths"])
        let provider = try #require(course["provider"] as? [String: Any])
        #expect(provider["@type"] as? String == "Organization" && provider["name"] as? String == "Riverside Academy")
        #expect(provider["url"] as? String == "https://example.org/academy/")
        // Types has no credits: the property is left out, not empty.
        #expect(course["numberOfCredits"] == nil)
        let intro = try #require(try PageHead(fixture.html(items.first { $0.title == "Intro to Swift" }!.outputPath)).node("Course"))
        #expect(intro["timeRequired"] as? String == "PT1H30M")
        #expect(intro["numberOfCredits"] as? Int == 2)
        // A catalog without `schema:` describes its items as Things, with no mapped property.
        let rex = try #require(try PageHead(fixture.html("pets/rex.html")).node("Thing"))
        #expect(Set(rex.keys) == ["@type", "name", "description", "url"])
    }

    @Test func anItemsBreadcrumbIsItsTrailThenItself() throws {
        let fixture = try MemorySite(Self.files()).report()
        let intro = try #require(fixture.site.allItems.first { $0.title == "Intro to Swift" })
        let breadcrumb = try #require(try PageHead(fixture.html(intro.outputPath)).node("BreadcrumbList"))
        let elements = try #require(breadcrumb["itemListElement"] as? [[String: Any]])
        let expected =
            intro.trail.map { ($0.title, OutputPath.absoluteURL(base: Self.base, to: $0.path, fragment: $0.fragment)) }
            + [(intro.title, Self.base + intro.outputPath)]
        #expect(intro.trail.count == 3)
        #expect(elements.map { $0["name"] as? String ?? "" } == expected.map(\.0))
        #expect(elements.map { $0["item"] as? String ?? "" } == expected.map(\.1))
        #expect(elements.map { $0["position"] as? Int } == Array(1...expected.count))
    }

    @Test func theHomePageIsTheWebSite() throws {
        let fixture = try MemorySite(Self.files()).report()
        let site = fixture.site
        let website = try #require(try PageHead(fixture.html("index.html")).node("WebSite"))
        #expect(website["name"] as? String == site.title && website["description"] as? String == site.description)
        #expect(website["url"] as? String == Self.base + "index.html" && website["inLanguage"] as? String == site.language)
    }

    /// A catalog that declares its fields: each mapped field's values become the property's
    /// as their declared type says, not as their text looks.
    static let declaredCourses: [String: String] = [
        "_index.md": page("title: School\nbase_url: \(base)"),
        "courses/_index.md": page(
            """
            title: Courses
            schema: Course
            fields:
              hours: {type: number, unit: hours, show: [page]}
              free: {type: yes/no, show: [page]}
              published: {type: date}
              level: {type: choice, values: [Beginner, Advanced]}
              credits: {type: number}
            schema_fields:
              timeRequired: hours
              isAccessibleForFree: free
              datePublished: published
              educationalLevel: level
              numberOfCredits: credits
              alternateName: free
            """),
        "courses/intro.md": page("title: Intro\nhours: 6\nfree: yes\npublished: 2026-05-01\nlevel: beginner\ncredits: 3"),
        "courses/short.md": page("title: Short\nhours: 1\nfree: no\nlevel: Advanced"),
    ]

    @Test func declaredFieldsAreWrittenAsTheirTypesSay() throws {
        let fixture = try MemorySite(Self.declaredCourses).report()
        #expect(fixture.warnings.isEmpty, "\(fixture.warnings)")
        let intro = try #require(try PageHead(fixture.html("courses/intro.html")).node("Course"))
        #expect(intro["timeRequired"] as? String == "PT6H", "a number of hours is a length of time")
        #expect(fixture.html("courses/intro.html").contains(#""isAccessibleForFree":true"#), "yes is true, not text")
        #expect(intro["alternateName"] as? String == "Yes", "yes/no as text reads as the page shows it")
        #expect(intro["datePublished"] as? String == "2026-05-01")
        #expect(intro["educationalLevel"] as? String == "Beginner", "a choice is spelt as declared")
        #expect(intro["numberOfCredits"] as? Int == 3)
        let short = try #require(try PageHead(fixture.html("courses/short.html")).node("Course"))
        #expect(short["timeRequired"] as? String == "PT1H")
        #expect(fixture.html("courses/short.html").contains(#""isAccessibleForFree":false"#))
        #expect(short["datePublished"] == nil)
        let vocabulary = try SchemaVocabulary()
        for path in ["courses/intro.html", "courses/short.html"] {
            for document in try PageHead(fixture.html(path)).structuredData() {
                #expect(vocabulary.problems(in: document) == [], "\(path)")
            }
        }
    }

    /// A mapped field whose declared type the property can never take is named once, at
    /// `schema_fields`, and left out, rather than warned about on every item.
    @Test func aMappedFieldOfTheWrongDeclaredTypeIsNamedOnce() throws {
        var files = Self.declaredCourses
        files["courses/_index.md"] = files["courses/_index.md"]!
            .replacingOccurrences(of: "timeRequired: hours", with: "timeRequired: credits")
            .replacingOccurrences(of: "isAccessibleForFree: free", with: "isAccessibleForFree: published")
        let fixture = try MemorySite(files).report()
        let warnings = fixture.warnings.filter { $0.path.hasSuffix("courses/_index.md") }
        #expect(warnings.count == 2, "\(fixture.warnings)")
        #expect(warnings.contains { $0.message.contains("`timeRequired`") && $0.message.contains("without a unit") && $0.hint?.contains("unit: hours") == true })
        #expect(warnings.contains { $0.message.contains("`isAccessibleForFree`") && $0.message.contains("declared date") })
        #expect(warnings.allSatisfy { $0.line != nil })
        #expect(fixture.warnings.count == 2, "no warning on the items")
        let intro = try #require(try PageHead(fixture.html("courses/intro.html")).node("Course"))
        #expect(intro["timeRequired"] == nil && intro["isAccessibleForFree"] == nil)
    }

    /// A mapped field no item has, one edit from a declared one, names the field meant.
    @Test func aMisspeltMappedFieldNamesTheDeclaredOne() throws {
        var files = Self.declaredCourses
        files["courses/_index.md"] = files["courses/_index.md"]!.replacingOccurrences(of: "timeRequired: hours", with: "timeRequired: hurs")
        let warnings = try MemorySite(files).report().warnings
        #expect(warnings.map(\.message) == ["no item of Courses has the field `hurs` — did you mean `hours`?"])
        #expect(warnings.first?.path.hasSuffix("courses/_index.md") == true && warnings.first?.line != nil)
    }

    /// Without `base_url`, addresses are relative to the page, as JSON-LD resolves them.
    @Test func withoutABaseURLAddressesAreRelativeToThePage() throws {
        let fixture = try MemorySite(Self.files(base: nil)).report()
        let courses = try #require(fixture.site.catalog("courses"))
        let list = try #require(try PageHead(fixture.html(courses.outputPath)).node("ItemList"))
        let urls = (list["itemListElement"] as? [[String: Any]] ?? []).map { $0["url"] as? String ?? "" }
        #expect(urls == courses.allItems.map { OutputPath.relativeURL(from: courses.outputPath, to: $0.outputPath) })
        let intro = try #require(courses.allItems.first)
        let breadcrumb = try #require(try PageHead(fixture.html(intro.outputPath)).node("BreadcrumbList"))
        let first = (breadcrumb["itemListElement"] as? [[String: Any]])?.first?["item"] as? String
        #expect(first == OutputPath.relativeURL(from: intro.outputPath, to: courses.outputPath))
    }

    /// Every page's JSON-LD, with and without a base URL, uses only types and properties of
    /// schema.org, each where schema.org allows it.
    @Test(arguments: [true, false])
    func everyPageIsValidSchemaOrg(withBaseURL: Bool) throws {
        let vocabulary = try SchemaVocabulary()
        let fixture = try MemorySite(Self.files(base: withBaseURL ? Self.base : nil)).report()
        var checked = 0
        for path in fixture.snapshot.paths where path.hasSuffix(".html") {
            for document in try PageHead(fixture.html(path)).structuredData() {
                #expect(vocabulary.problems(in: document) == [], "\(path)")
                checked += 1
            }
        }
        // The home page, two catalogs and four items.
        #expect(checked == 7)
    }

    /// A title that closes the script element and opens a comment stays a string in it.
    @Test func aTitleCannotEndTheScriptElement() throws {
        let hostile = "</script><!--<script>alert(1)</script>"
        let yaml = "\"" + hostile + "\""
        let fixture = try MemorySite([
            "_index.md": page("title: \(yaml)\nbase_url: https://example.org/"),
            "pets/_index.md": page("title: \(yaml)"),
            "pets/dogs/_index.md": page("title: \(yaml)"),
            "pets/dogs/rex.md": page("title: \(yaml)\nsummary: \(yaml)"),
        ]).report()
        for path in ["index.html", "pets/index.html", "pets/dogs/rex.html"] {
            let html = fixture.html(path)
            let head = PageHead(html)
            #expect(head.structuredDataText.count == 1, "\(path)")
            for text in head.structuredDataText {
                #expect(!text.lowercased().contains("</script") && !text.contains("<!--") && !text.contains("<"), "\(path)")
            }
            // Decoded, the names are the title as written.
            let names = try head.nodes().compactMap { $0["name"] as? String }
            #expect(names.contains(hostile), "\(path)")
            // The page's only script elements are its own: the JSON-LD, the class switch, the search script.
            #expect(html.components(separatedBy: "<script").count == html.components(separatedBy: "</script>").count, "\(path)")
            #expect(!html.contains("<script>alert(1)"), "\(path)")
        }
    }
}
