import FoldoutTestSupport
import Testing

@testable import FoldoutBase
@testable import FoldoutMarkdown

/// Hugo's TOML front matter: between two `+++` lines, read by a TOML parser, its keys meaning
/// what YAML's do.
@Suite struct TOMLFrontMatterTests {
    @Test func plusFencesSeparateTOMLFromBody() throws {
        let split = try FrontMatter.split("+++\ntitle = \"Rex\"\nweight = 3\n+++\nGood dog.\n")
        #expect(split.yaml == nil)
        #expect(split.toml == "title = \"Rex\"\nweight = 3\n")
        #expect(split.source?.language == .toml)
        #expect(split.body == "Good dog.\n")
        #expect(split.bodyFirstLine == 5)
    }

    @Test func aPlusFenceClosesOnlyTOMLAndADashFenceOnlyYAML() {
        #expect(throws: FrontMatter.SplitError.unclosed) { try FrontMatter.split("+++\ntitle = \"Rex\"\n---\nBody\n") }
        #expect(throws: FrontMatter.SplitError.unclosed) { try FrontMatter.split("---\ntitle: Rex\n+++\nBody\n") }
    }

    @Test func valuesKeepTheirKindsAndTheAuthorsOrder() throws {
        let toml = """
            title = "Rex"
            weight = 3
            price = 1.5
            draft = false
            tags = ["calm", "kids"]
            date = 2026-05-01
            lastmod = 2026-05-01T09:30:00+02:00
            ages.min = 2

            [params]
            zeta = "last"
            alpha = "first"

            [[owners]]
            name = "Ann"
            """
        let frontMatter = try FrontMatter.parse(toml: toml)
        #expect(frontMatter.fields.map(\.key) == ["title", "weight", "price", "draft", "tags", "date", "lastmod", "ages", "params", "owners"])
        #expect(frontMatter["title"] == .string("Rex"))
        #expect(frontMatter["weight"] == .integer(3))
        #expect(frontMatter["price"] == .number(1.5))
        #expect(frontMatter["draft"] == .bool(false))
        #expect(frontMatter["tags"] == .list([.string("calm"), .string("kids")]))
        // Dates read as the text YAML gives, so `date` sorts and dates items the same way.
        #expect(frontMatter["date"] == .string("2026-05-01"))
        #expect(frontMatter["lastmod"] == .string("2026-05-01T09:30:00+02:00"))
        #expect(frontMatter["ages"] == .map([("min", .integer(2))]))
        // toml++ sorts a table's keys; the author's order is kept.
        #expect(frontMatter["params"] == .map([("zeta", .string("last")), ("alpha", .string("first"))]))
        #expect(frontMatter["owners"] == .list([.map([("name", .string("Ann"))])]))
        #expect(frontMatter.lines["title"] == 1)
        #expect(frontMatter.lines["ages"] == 8)
        #expect(frontMatter.lines["params"] == 10)
        #expect(frontMatter.lines["owners"] == 14)
    }

    @Test func aMultiLineStringSetsNoKeys() throws {
        let frontMatter = try FrontMatter.parse(toml: "summary = \"\"\"\nzz = not a key\n\"\"\"\ntitle = \"Rex\"\n")
        #expect(frontMatter.fields.map(\.key) == ["summary", "title"])
        #expect(frontMatter["summary"] == .string("zz = not a key\n"))
    }

    @Test func aPageWithTOMLFrontMatterBuildsLikeOneWithYAML() throws {
        let snapshot = try MemorySite([
            "pets/_index.md": "# Pets\n",
            "pets/rex.md": "+++\ntitle = \"Rex the dog\"\nbreed = \"Terrier\"\ntags = [\"calm\"]\n+++\nGood dog.\n",
        ]).snapshot()
        let page = try #require(snapshot.text(at: "pets/rex.html"))
        #expect(page.contains("<title>Rex the dog"))
        #expect(page.contains("Terrier"))
        #expect(page.contains("Good dog."))
        #expect(!page.contains("+++"))
        #expect(snapshot.text(at: "tags/calm.html") != nil)
    }

    @Test func aTOMLMistakeIsReportedAtItsFileLine() throws {
        let site = MemorySite([
            "pets/_index.md": "# Pets\n", "pets/rex.md": "+++\ntitle = \"Rex\"\nbreed = Terrier\n+++\nGood dog.\n",
        ])
        let error = try #require(site.errors().first)
        #expect(error.path.hasSuffix("pets/rex.md"))
        #expect(error.line == 3)
        #expect(error.message.contains("TOML"))
        #expect(error.hint?.contains("+++") == true)
    }

    @Test func aKeyGivenTwiceIsAnErrorAtTheSecondLine() throws {
        let site = MemorySite(["pets/_index.md": "# Pets\n", "pets/rex.md": "+++\ntitle = \"Rex\"\ntitle = \"Max\"\n+++\nGood dog.\n"])
        let error = try #require(site.errors().first)
        #expect(error.line == 3)
    }

    @Test func aWrongTypeForAReservedKeyIsReportedAtItsLine() throws {
        let site = MemorySite(["pets/_index.md": "# Pets\n", "pets/rex.md": "+++\ntitle = \"Rex\"\n\nweight = \"heavy\"\n+++\nGood dog.\n"])
        let error = try #require(site.errors().first)
        #expect(error.line == 4)
        #expect(error.message.contains("weight"))
    }

    @Test func anUnclosedTOMLFenceNamesTheFence() throws {
        let site = MemorySite(["pets/_index.md": "# Pets\n", "pets/rex.md": "+++\ntitle = \"Rex\"\nGood dog.\n"])
        let error = try #require(site.errors().first)
        #expect(error.line == 1)
        #expect(error.message.contains("`+++`"))
    }

    @Test func theSameTextAsYAMLOrTOMLIsCachedApart() {
        let yaml = FrontMatter.Source(text: "a = 1\n", language: .yaml)
        let toml = FrontMatter.Source(text: "a = 1\n", language: .toml)
        #expect(yaml.digest != toml.digest)
        #expect(yaml.digest == ContentHash.of("a = 1\n"))
    }
}
