import Foundation

/// What the build-time highlighter (`CodeHighlighter`) knows of a language: its keywords and
/// literals, how its comments and strings are written. Deliberately small: the common
/// languages of documentation, read by one tokenizer, with no grammar files to load.
package struct CodeLanguage: Sendable {
    package enum Shape: Sendable {
        /// Keywords, comments, strings and numbers.
        case code
        /// Tags, attributes and comments (HTML, XML, SVG).
        case markup
        /// Lines added, removed and the hunks' headers.
        case diff
    }

    package var shape = Shape.code
    package var keywords: Set<String> = []
    /// Line comments: `//`, `#`, `--`. A `#` starts one only at a line's start or after a space
    /// (`$#` and `a#b` in a shell are not comments).
    package var lineComments: [[UInt8]] = []
    package var blockComment: (open: [UInt8], close: [UInt8])?
    package var quotes: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "'")]
    /// Python's `"""…"""`: a string that may span lines.
    package var tripleQuotes = false
    /// YAML's and TOML's `key:` / `key =` at a line's start, shown as an attribute.
    package var keysAtLineStart = false
    /// Made once for each language `named` returns, for the highlighter's one pass: whether a byte
    /// may start a comment, a string, a number or a word, and the keywords' bytes by length.
    private(set) var startsToken = [Bool](repeating: false, count: 256)
    private var keywordsByLength: [[[UInt8]]] = []

    /// This language with `startsToken` and `keywordsByLength` made.
    private func indexed() -> CodeLanguage {
        var language = self
        for byte in 0...255 {
            let value = UInt8(byte)
            language.startsToken[byte] =
                (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A) || (value >= 0x30 && value <= 0x39) || value == 0x5F
                || value >= 0x80
        }
        for first in lineComments.compactMap(\.first) + quotes + [blockComment?.open.first].compactMap({ $0 }) {
            language.startsToken[Int(first)] = true
        }
        let longest = keywords.map(\.utf8.count).max() ?? 0
        language.keywordsByLength = Array(repeating: [], count: longest + 1)
        for keyword in keywords { language.keywordsByLength[keyword.utf8.count].append(Array(keyword.utf8)) }
        return language
    }

    /// Whether `word` is one of `keywords`, compared as bytes (no string made for each word).
    func isKeyword(_ word: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
        guard word.count < keywordsByLength.count else { return false }
        for keyword in keywordsByLength[word.count] where keyword.first == word.first {
            if keyword.withUnsafeBufferPointer({ memcmp($0.baseAddress!, word.base.baseAddress! + word.startIndex, word.count) == 0 }) {
                return true
            }
        }
        return false
    }

    /// The language a fence's info string names (`swift`, `JS`, `c++`), or nil for one the
    /// highlighter does not know (its code is written plain, as before).
    package static func named(_ name: String) -> CodeLanguage? {
        guard name.utf8.count <= 16 else { return nil }
        return table[name.lowercased()]
    }

    private static let literals: Set<String> = ["true", "false", "null", "nil", "None", "True", "False", "undefined"]

    private static func words(_ text: String) -> Set<String> {
        Set(text.split(separator: " ").map(String.init))
    }

    private static let cLike: Set<String> = words(
        "if else for while do switch case default break continue return goto struct union enum typedef const static extern "
            + "void int char float double long short unsigned signed sizeof inline volatile register auto bool")
    private static let slash: [[UInt8]] = [Array("//".utf8)]
    private static let slashStar: (open: [UInt8], close: [UInt8]) = (Array("/*".utf8), Array("*/".utf8))
    private static let hash: [[UInt8]] = [Array("#".utf8)]

    private static func cFamily(_ keywords: Set<String>, quotes: String = "\"'") -> CodeLanguage {
        CodeLanguage(keywords: keywords.union(literals), lineComments: slash, blockComment: slashStar, quotes: Array(quotes.utf8))
    }

    private static let table: [String: CodeLanguage] = {
        let c = cFamily(cLike)
        let cpp = cFamily(
            cLike.union(
                words(
                    "class namespace template typename public private protected virtual override new delete this throw try "
                        + "catch using operator friend constexpr nullptr auto noexcept explicit mutable static_cast")))
        let java = cFamily(
            words(
                "abstract assert boolean break byte case catch char class const continue default do double else enum extends final "
                    + "finally float for if implements import instanceof int interface long native new package private protected public "
                    + "return short static super switch synchronized this throw throws try void volatile while var record"))
        let kotlin = cFamily(
            words(
                "as break class continue do else for fun if in interface is object package return super this throw try typealias "
                    + "val var when while import override open private public internal data sealed companion lateinit suspend"))
        let csharp = cFamily(
            words(
                "abstract as base bool break case catch class const continue decimal default delegate do double else enum event "
                    + "explicit extern finally fixed float for foreach if implicit in int interface internal is lock long namespace "
                    + "new object operator out override params private protected public readonly ref return sealed short static "
                    + "string struct switch this throw try typeof uint ulong unchecked unsafe ushort using var virtual void while async await"))
        let javascript = cFamily(
            words(
                "break case catch class const continue debugger default delete do else export extends finally for function if "
                    + "import in instanceof let new return super switch this throw try typeof var void while with yield async await of "
                    + "static get set from as"),
            quotes: "\"'`")
        let typescript = cFamily(
            javascript.keywords.union(
                words(
                    "interface type enum implements private public protected readonly declare namespace abstract keyof infer never unknown any"
                )),
            quotes: "\"'`")
        let swift = cFamily(
            words(
                "associatedtype class deinit enum extension fileprivate func import init inout internal let open operator private "
                    + "protocol public rethrows static struct subscript typealias var break case continue default defer do else "
                    + "fallthrough for guard if in repeat return switch where while as catch is super self Self throw throws try "
                    + "async await package some any mutating nonmutating override final lazy weak unowned convenience required"),
            quotes: "\"")
        let rust = cFamily(
            words(
                "as async await break const continue crate dyn else enum extern fn for if impl in let loop match mod move mut pub "
                    + "ref return self Self static struct super trait type unsafe use where while macro_rules"),
            quotes: "\"")
        let go = cFamily(
            words(
                "break case chan const continue default defer else fallthrough for func go goto if import interface map package "
                    + "range return select struct switch type var"),
            quotes: "\"'`")
        let python = CodeLanguage(
            keywords: words(
                "and as assert async await break class continue def del elif else except finally for from global if import in is "
                    + "lambda nonlocal not or pass raise return try while with yield self"
            ).union(literals), lineComments: hash, tripleQuotes: true)
        let ruby = CodeLanguage(
            keywords: words(
                "alias and begin break case class def defined? do else elsif end ensure for if in module next not or redo rescue "
                    + "retry return self super then unless until when while yield require attr_accessor"
            ).union(literals), lineComments: hash)
        let shell = CodeLanguage(
            keywords: words(
                "if then else elif fi case esac for while until do done in function return export local readonly echo cd sudo"),
            lineComments: hash)
        let yaml = CodeLanguage(keywords: words("true false null yes no on off"), lineComments: hash, keysAtLineStart: true)
        let toml = CodeLanguage(keywords: words("true false"), lineComments: hash, keysAtLineStart: true)
        let json = CodeLanguage(keywords: words("true false null"), quotes: [UInt8(ascii: "\"")])
        let css = CodeLanguage(keywords: words("important inherit initial unset none auto"), blockComment: slashStar)
        let sql = CodeLanguage(
            keywords: Set(
                words(
                    "select from where and or not insert into values update set delete create table drop alter index primary key "
                        + "foreign references join left right inner outer on group by order having limit as distinct null is in "
                        + "like between union all case when then else end begin commit"
                ).flatMap { [$0, $0.uppercased()] }), lineComments: [Array("--".utf8)], blockComment: slashStar)
        let markup = CodeLanguage(shape: .markup)
        let diff = CodeLanguage(shape: .diff)
        var table: [String: CodeLanguage] = [:]
        for (language, names) in [
            (c, "c h"), (cpp, "cpp c++ cc cxx hpp objc objective-c"), (java, "java"), (kotlin, "kotlin kt"), (csharp, "csharp cs c#"),
            (javascript, "javascript js jsx mjs cjs node"), (typescript, "typescript ts tsx"), (swift, "swift"), (rust, "rust rs"),
            (go, "go golang"), (python, "python py python3 py3"), (ruby, "ruby rb"),
            (shell, "bash sh shell zsh console shell-session fish"), (yaml, "yaml yml"), (toml, "toml"), (json, "json jsonc json5"),
            (css, "css scss"), (sql, "sql"), (markup, "html xml svg xhtml vue"), (diff, "diff patch"),
        ] as [(CodeLanguage, String)] {
            let indexed = language.indexed()
            for name in names.split(separator: " ") { table[String(name)] = indexed }
        }
        return table
    }()
}
