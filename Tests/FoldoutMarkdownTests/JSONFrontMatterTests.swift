import FoldoutTestSupport
import Testing

@testable import FoldoutBase
@testable import FoldoutMarkdown

/// Hugo's JSON front matter: an object from the file's first line, then the body.
@Suite struct JSONFrontMatterTests {
    @Test func anObjectOnTheFirstLinesIsTheFrontMatter() throws {
        let split = try FrontMatter.split("{\n  \"title\": \"Rex\",\n  \"tags\": [\"calm\", \"kids\"]\n}\nGood dog.\n")
        #expect(split.bodyFirstLine == 5)
        #expect(split.body == "Good dog.\n")
        let frontMatter = try FrontMatter.parse(yaml: split.yaml ?? "")
        #expect(frontMatter["title"] == .string("Rex"))
        #expect(frontMatter["tags"] == .list([.string("calm"), .string("kids")]))
        // The text's lines are the file's from line 2, as YAML's are.
        #expect(frontMatter.lines["tags"] == 2)
    }

    @Test(arguments: ["{% raw %}\nText\n", "{: .lead}\nText\n", "{\"a\": 1} and more\nText\n", "{\"open\": 1\nText\n"])
    func otherTextStartingWithABraceIsBody(text: String) throws {
        let split = try FrontMatter.split(text)
        #expect(split.yaml == nil)
        #expect(split.body == text)
    }

    @Test func aBadValueIsReportedAtItsFileLine() {
        let site = MemorySite(["pets/_index.md": "# Pets\n", "pets/rex.md": "{\n  \"title\": \"Rex\",\n  \"weight\": \"heavy\"\n}\nGood dog.\n"])
        let errors = site.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.line == 3)
    }
}
