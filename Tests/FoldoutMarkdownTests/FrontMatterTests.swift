import FoldoutTestSupport
import Testing

@testable import FoldoutMarkdown

/// Front matter: splitting a file at its `---` fences, reading the YAML between them, and
/// the messages a user gets when either goes wrong.
@Suite struct FrontMatterTests {
    // MARK: Splitting

    @Test func fileWithoutFrontMatterIsAllBody() throws {
        let split = try FrontMatter.split("# Hello\n\nText.\n")
        #expect(split.yaml == nil)
        #expect(split.body == "# Hello\n\nText.\n")
        #expect(split.bodyFirstLine == 1)
    }

    @Test func fencesSeparateYAMLFromBody() throws {
        let split = try FrontMatter.split("---\ntitle: Diego\nage: 3\n---\nBody line\n")
        #expect(split.yaml == "title: Diego\nage: 3\n")
        #expect(split.body == "Body line\n")
        #expect(split.bodyFirstLine == 5)
    }

    @Test func fenceMustOpenTheFile() throws {
        let text = "Intro\n---\ntitle: Not front matter\n---\n"
        let split = try FrontMatter.split(text)
        #expect(split.yaml == nil)
        #expect(split.body == text)
    }

    @Test func fenceMayHaveTrailingSpaces() throws {
        let split = try FrontMatter.split("---  \ntitle: A\n--- \nBody")
        #expect(split.yaml == "title: A\n")
        #expect(split.body == "Body")
    }

    @Test func emptyFrontMatterIsAllowed() throws {
        let split = try FrontMatter.split("---\n---\nBody")
        #expect(split.yaml == "")
        #expect(split.body == "Body")
        #expect(try FrontMatter.parse(yaml: "").fields.isEmpty)
    }

    @Test func unclosedFenceIsAnError() {
        #expect(throws: FrontMatter.SplitError.unclosed) {
            try FrontMatter.split("---\ntitle: Diego\n\nThe body never got a closing fence.\n")
        }
    }

    @Test func unclosedFenceIsReportedOnLineOneOfTheFile() throws {
        let failure = try #require(MemorySite(["pets/diego.md": "---\ntitle: Diego\n\nBody\n"]).failure())
        let error = try #require(failure.diagnostics.first { $0.severity == .error })
        #expect(error.path == "Content/pets/diego.md")
        #expect(error.line == 1)
        #expect(error.message.contains("---"))
        #expect(error.hint != nil)
    }

    @Test func byteOrderMarkBeforeTheFenceIsIgnored() throws {
        let split = try FrontMatter.split("\u{FEFF}---\ntitle: Diego\n---\nBody")
        #expect(split.yaml == "title: Diego\n")
        #expect(split.body == "Body")
    }

    @Test func byteOrderMarkIsNotPartOfABodyWithoutFrontMatter() throws {
        let split = try FrontMatter.split("\u{FEFF}# Hello")
        #expect(split.body == "# Hello")
    }

    @Test func windowsLineEndingsAreUnderstood() throws {
        let split = try FrontMatter.split("---\r\ntitle: Diego\r\nage: 3\r\n---\r\nBody\r\n")
        let yaml = try #require(split.yaml)
        let frontMatter = try FrontMatter.parse(yaml: yaml)
        #expect(frontMatter["title"] == .string("Diego"))
        #expect(frontMatter["age"] == .integer(3))
        #expect(split.body == "Body\r\n")
        #expect(split.bodyFirstLine == 5)
    }

    @Test func byteOrderMarkAndWindowsLineEndingsTogetherBuild() throws {
        let report = try MemorySite(["pets/diego.md": "\u{FEFF}---\r\ntitle: Diego\r\n---\r\nLoves walks.\r\n"]).report()
        let item = try #require(report.site.allItems.first)
        #expect(item.title == "Diego")
        #expect(item.bodyHTML.contains("Loves walks."))
        #expect(!item.bodyHTML.contains("title:"))
    }

    // MARK: YAML values

    @Test func valuesKeepTheirTypes() throws {
        let frontMatter = try FrontMatter.parse(
            yaml: """
                name: Diego
                age: 3
                weight_kg: 7.5
                adopted: false
                quoted_number: "10"
                tags: [indoor, kids]
                owner:
                  name: Sam
                  since: 2024
                nothing:
                birthday: 2021-04-01
                """)
        #expect(frontMatter["name"] == .string("Diego"))
        #expect(frontMatter["age"] == .integer(3))
        #expect(frontMatter["weight_kg"] == .number(7.5))
        #expect(frontMatter["adopted"] == .bool(false))
        #expect(frontMatter["quoted_number"] == .string("10"))
        #expect(frontMatter["tags"] == .list([.string("indoor"), .string("kids")]))
        #expect(frontMatter["owner"] == .map([(key: "name", value: .string("Sam")), (key: "since", value: .integer(2024))]))
        #expect(frontMatter["nothing"] == .null)
        // Dates stay as the user wrote them: templates show them, nothing computes with them.
        #expect(frontMatter["birthday"]?.stringValue == "2021-04-01")
    }

    @Test func keysKeepTheirOrder() throws {
        let frontMatter = try FrontMatter.parse(yaml: "zebra: 1\napple: 2\nmango: 3\nbanana: 4\n")
        #expect(frontMatter.fields.map(\.key) == ["zebra", "apple", "mango", "banana"])
    }

    @Test func nestedMapsKeepTheirOrder() throws {
        let frontMatter = try FrontMatter.parse(yaml: "row:\n  zeta: 1\n  alpha: 2\n")
        guard case .map(let pairs)? = frontMatter["row"] else {
            Issue.record("`row` is not a map")
            return
        }
        #expect(pairs.map(\.key) == ["zeta", "alpha"])
    }

    @Test func eachKeyRemembersItsLine() throws {
        let frontMatter = try FrontMatter.parse(yaml: "title: Diego\n\n# a comment\nage: 3\n")
        #expect(frontMatter.lines["title"] == 1)
        #expect(frontMatter.lines["age"] == 4)
    }

    @Test func frontMatterMustBeAMapping() {
        #expect(throws: FrontMatter.ParseError.self) { try FrontMatter.parse(yaml: "- one\n- two\n") }
        #expect(throws: FrontMatter.ParseError.self) { try FrontMatter.parse(yaml: "just a sentence\n") }
    }

    @Test func duplicateKeyIsAnErrorOnItsLine() throws {
        do {
            _ = try FrontMatter.parse(yaml: "title: A\nage: 3\ntitle: B\n")
            Issue.record("a duplicate key was accepted")
        } catch {
            #expect(error.line == 3)
            #expect(error.message.contains("title"))
        }
    }

    @Test func duplicateNestedKeyIsAnErrorOnItsLine() throws {
        do {
            _ = try FrontMatter.parse(yaml: "title: A\nowner:\n  name: Sam\n\n  name: Alex\nage: 3\n")
            Issue.record("a duplicate key was accepted")
        } catch {
            #expect(error.line == 5)
        }
    }

    @Test func yamlErrorNamesTheLineInTheYAML() throws {
        do {
            _ = try FrontMatter.parse(yaml: "title: Diego\nage: 3\nbreed: Terrier: mix\n")
            Issue.record("invalid YAML was accepted")
        } catch {
            #expect(error.line == 3)
            #expect(error.message.contains("YAML"))
        }
    }

    @Test func yamlErrorIsReportedAtItsLineInTheFile() throws {
        // Line 1 is the opening fence, so YAML line 2 is file line 3.
        let failure = try #require(MemorySite(["pets/diego.md": "---\ntitle: Diego\nbreed: Terrier: mix\n---\nBody\n"]).failure())
        let error = try #require(failure.diagnostics.first { $0.severity == .error })
        #expect(error.path == "Content/pets/diego.md")
        #expect(error.line == 3)
        #expect(error.description.hasPrefix("Content/pets/diego.md:3:"))
    }

    @Test func aliasBombIsRefused() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...6 {
            let previous = "*a\(level - 1)"
            yaml += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
        }
        #expect(throws: FrontMatter.ParseError.self) { try FrontMatter.parse(yaml: yaml) }
    }

    // MARK: Reserved keys

    @Test func reservedKeysAreReadAndOtherKeysStayFields() throws {
        let report = try MemorySite([
            "pets/diego.md": """
            ---
            title: Diego
            weight: 2
            age: 3
            breed: Terrier
            tags: [indoor, kids]
            ---
            Body.
            """
        ]).report()
        let item = try #require(report.site.allItems.first)
        #expect(item.title == "Diego")
        #expect(item.weight == 2)
        #expect(item.tags == ["indoor", "kids"])
        #expect(item.fields.map(\.key) == ["age", "breed"])
        #expect(item.field("age") == .integer(3))
    }

    @Test func reservedKeyOfTheWrongTypeIsAnErrorOnItsLine() throws {
        let failure = try #require(MemorySite(["pets/diego.md": "---\ntitle: Diego\nweight: heavy\n---\nBody\n"]).failure())
        let error = try #require(failure.diagnostics.first { $0.severity == .error })
        #expect(error.path == "Content/pets/diego.md")
        #expect(error.line == 3)
        #expect(error.message.contains("weight"))
    }

    @Test func draftMustBeTrueOrFalse() throws {
        let failure = try #require(MemorySite(["pets/diego.md": "---\ndraft: maybe\n---\nBody\n"]).failure())
        #expect(failure.diagnostics.contains { $0.severity == .error && $0.line == 2 && $0.message.contains("draft") })
    }

    @Test func slugThatLeavesTheFolderIsAnError() throws {
        let failure = try #require(MemorySite(["pets/diego.md": "---\nslug: ../../escape\n---\nBody\n"]).failure())
        #expect(failure.diagnostics.contains { $0.severity == .error && $0.line == 2 && $0.message.contains("slug") })
    }

    @Test func everyBrokenFileIsReportedNotOnlyTheFirst() throws {
        let failure = try #require(
            MemorySite([
                "pets/a.md": "---\nweight: heavy\n---\n",
                "pets/b.md": "---\ntitle: [unclosed\n---\n",
                "pets/c.md": "---\ntitle: C\n",
            ]).failure())
        let paths = Set(failure.diagnostics.filter { $0.severity == .error }.map(\.path))
        #expect(paths == ["Content/pets/a.md", "Content/pets/b.md", "Content/pets/c.md"])
    }
}
