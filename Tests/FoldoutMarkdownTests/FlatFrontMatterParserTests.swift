import FoldoutTestSupport
import Testing

@testable import FoldoutMarkdown
@testable import FoldoutModel

/// The fast front matter reader must give exactly what Yams gives, or step aside (nil).
@Suite struct FlatFrontMatterParserTests {
    @Test func readsTheCommonFlatFrontMatter() throws {
        let yaml = """
            title: "Diego 12"
            age: 5
            image: terriers.png
            status: available
            tags: [indoor, kids]
            link: https://example.org/courses/3
            draft: false
            subtitle: 'A dog, mostly'
            note:
            weight: -2

            """
        let parsed = try #require(FlatFrontMatterParser.parse(yaml))
        #expect(parsed.fields.map(\.key) == ["title", "age", "image", "status", "tags", "link", "draft", "subtitle", "note", "weight"])
        #expect(parsed["title"] == .string("Diego 12"))
        #expect(parsed["age"] == .integer(5))
        #expect(parsed["tags"] == .list([.string("indoor"), .string("kids")]))
        #expect(parsed["link"] == .string("https://example.org/courses/3"))
        #expect(parsed["draft"] == .bool(false))
        #expect(parsed["subtitle"] == .string("A dog, mostly"))
        #expect(parsed["note"] == .null)
        #expect(parsed["weight"] == .integer(-2))
        #expect(parsed.lines["title"] == 1)
        #expect(parsed.lines["weight"] == 10)
        expectSameAsYams(yaml)
    }

    @Test(arguments: [
        "tags:\n  - a\n  - b\n",  // block list
        "where:\n  status: adopted\n",  // nested mapping
        "title: \"say \\\"hi\\\"\"\n",  // escapes
        "title: 'it''s'\n",  // quote doubling
        "date: 2026-05-01\n",  // timestamp
        "price: 1.5\n",  // float
        "big: 0x1F\n",  // hex
        "base: &a x\nother: *a\n",  // anchor and alias
        "text: |\n  block\n",  // block scalar
        "title: a # comment\n",  // trailing comment
        "title: a: b\n",  // not a plain scalar
        "title: x\ntitle: y\n",  // duplicate key
        "tags: [a, [b]]\n",  // nested list
        "tags: [http://x]\n",  // `:` inside a flow list
        "title: tab\there\n",  // tab
        "  indented: x\n",  // indentation
        "title:x\n",  // no space after the colon
    ])
    func leavesEverythingElseToYams(yaml: String) {
        #expect(FlatFrontMatterParser.parse(yaml) == nil)
    }

    @Test func parseStillUsesYamsForTheRest() throws {
        let parsed = try FrontMatter.parse(yaml: "where:\n  status: adopted\nprice: 1.5\n")
        #expect(parsed["where"] == .map([(key: "status", value: .string("adopted"))]))
        #expect(parsed["price"] == .number(1.5))
        #expect(throws: (any Error).self) { try FrontMatter.parse(yaml: "title: x\ntitle: y\n") }
    }

    /// Generated front matter, from the forms the reader knows and the near misses around
    /// them: whenever the reader answers, Yams must accept the text and agree on every field
    /// and line number.
    @Test func agreesWithYamsOnGeneratedFrontMatter() {
        var random = SplitMix64(seed: 14)
        var answered = 0
        let documents = 4000
        for _ in 0..<documents {
            let yaml = Self.document(&random)
            if FlatFrontMatterParser.parse(yaml) != nil { answered += 1 }
            expectSameAsYams(yaml)
        }
        // The generator must exercise the fast path, not only the fallback.
        #expect(answered > documents / 5)
    }

    /// Whenever the fast reader answers (nil steps aside), Yams must accept the text and agree.
    private func expectSameAsYams(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let fast = FlatFrontMatterParser.parse(yaml) else { return }
        let yams: FrontMatter
        do {
            yams = try FrontMatter.parseWithYams(yaml: yaml)
        } catch {
            Issue.record("the fast reader accepted what Yams rejects (\(error.message)):\n\(yaml)", sourceLocation: sourceLocation)
            return
        }
        #expect(fast.fields.map(\.key) == yams.fields.map(\.key), "\(yaml)", sourceLocation: sourceLocation)
        for (key, value) in yams.fields {
            #expect(fast[key] == value, "`\(key)` in:\n\(yaml)", sourceLocation: sourceLocation)
        }
        #expect(fast.lines == yams.lines, "\(yaml)", sourceLocation: sourceLocation)
    }

    // MARK: Generator

    private static let keys = ["title", "age", "tags", "weight", "image-alt", "_k", "on", "yes", "null", "Key", "2key", "a b", "k"]
    private static let plainValues = [
        "Diego", "Diego 12", "hello world", "yes", "No", "ON", "off", "true", "FALSE", "True", "y", "n", "null", "~", "Null",
        "NULL", "nil", "0", "7", "-3", "+3", "007", "1_000", "0x1F", "0o17", "0b101", "1.5", ".5", "1e3", ".inf", "-.inf", ".nan",
        "2024-05-01", "12:30", "190:20:30", "https://example.org/a", "a: b", "a:", "a #b", "C#", "Bob's", "say \"hi\"", "-dash",
        "- x", "?q", ":c", "[x", "{y}", "&anchor", "*alias", "!tag x", "|", ">", "%p", "@a", "`b`", "<<", "=", "Zoë", "日本語",
        "a\u{85}b", "a\u{2028}b", "\u{FEFF}x", "tab\tx", "99999999999999999999", "-0", "-", "1,2", "x,y", "a]b", "a}b", "a[b",
        "x'y", "a\\b", "...", "---", "a  b", "é:t", "a:b", "-1", "+", ".",
    ]
    private static let quotedInsides = ["", "x", "a b", "a, b", "a: b", "#x", "it''s", "say \\\"hi\\\"", "\\n", "\\", "'", "\"", "Zoë", "a\tb", "[x]"]

    private static func scalar(_ random: inout SplitMix64) -> String {
        switch random.next(6) {
        case 0: return "\"" + random.pick(quotedInsides) + "\""
        case 1: return "'" + random.pick(quotedInsides) + "'"
        default: return random.pick(plainValues)
        }
    }

    private static func value(_ random: inout SplitMix64) -> String {
        switch random.next(10) {
        case 0: return ""
        case 1, 2:
            let count = random.next(4)
            let elements = (0..<count).map { _ in scalar(&random) }
            let separator = random.pick([", ", ",", " , ", ",  "])
            let (open, close) = random.pick([("[", "]"), ("[ ", " ]"), ("[", ",]"), ("[,", "]"), ("[", "] x"), ("[", "] # c")])
            return open + elements.joined(separator: separator) + close
        case 3: return scalar(&random) + random.pick([" # note", "  ", " x"])
        default: return scalar(&random)
        }
    }

    private static func document(_ random: inout SplitMix64) -> String {
        var lines: [String] = []
        let lineEnd = random.next(8) == 0 ? "\r\n" : "\n"
        for _ in 0..<random.next(7) {
            switch random.next(14) {
            case 0: lines.append("")
            case 1: lines.append("# a comment")
            case 2: lines.append(random.pick(["- item", "  nested: x", "key:value", "...", " ", "\tkey: x"]))
            case 3: lines.append(random.pick(keys) + ":" + random.pick(["", " ", "  "]))
            default: lines.append(random.pick(keys) + ":" + random.pick([" ", "  "]) + value(&random))
            }
        }
        return lines.map { $0 + lineEnd }.joined()
    }
}
