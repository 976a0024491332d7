import FoldoutBase
import FoldoutLoading
import FoldoutMarkdown

/// The languages of a site, when it has more than one: declared in the root `_index.md`
/// (`languages: [en, fr]`, or a map `fr: {name: Français, title: …}`, the first being the
/// default), or, without a declaration, found in file names (`page.fr.md` beside `page.md`).
/// Each language gets a site of its own made from the same tree (`tree(for:)`), which decides
/// what an untranslated file becomes there: the later stages see a complete site per language.
package struct SiteLanguages: Sendable {
    package struct Language: Sendable, Equatable {
        /// The code as file names write it, lower case: `fr`, `pt-br`.
        package var code: String
        /// How the switcher names it, in the language itself: `Français`.
        package var name: String
        /// The site's title in this language, when declared.
        package var title: String?
        /// Where its pages go in the output folder: "" for the default language, `fr/` for others.
        package var prefix: String
    }

    /// First the default language, then the others in declared (or alphabetical) order.
    package var languages: [Language]

    package var defaultLanguage: Language { languages[0] }

    /// The site's languages, or nil for a site of one language (the common case, which
    /// costs a look at the file names and nothing else). `root` is the content folder's
    /// tree, with the Markdown files' bytes; a bad declaration is reported and read as none.
    package static func find(in root: SourceFolder, displayPath: (String) -> String, diagnostics: inout [Diagnostic]) -> SiteLanguages? {
        let suffixed = root.translatedLanguageCodes()
        let mentions = root.index.map { Self.mentionsLanguages($0.bytes) } ?? false
        guard !suffixed.isEmpty || mentions, let index = root.index else {
            return suffixed.isEmpty ? nil : Self(codes: ["en"] + suffixed.sorted().filter { $0 != "en" }, names: [:], titles: [:])
        }
        var ignored: [Diagnostic] = []
        let page = PageParser.parse(index, displayPath: displayPath(index.path), diagnostics: &ignored)
        if let declared = page.frontMatter["languages"] {
            let place = (path: displayPath(index.path), line: page.line(of: "languages"))
            return declaration(declared, at: place, diagnostics: &diagnostics)
        }
        guard !suffixed.isEmpty else { return nil }
        // Without a declaration the default is the site's `language:`, else English.
        let main = page.frontMatter["language"]?.stringValue?.lowercased() ?? "en"
        return Self(codes: [main] + suffixed.sorted().filter { $0 != main }, names: [:], titles: [:])
    }

    private init(codes: [String], names: [String: String], titles: [String: String]) {
        languages = codes.enumerated().map { index, code in
            Language(
                code: code, name: names[code] ?? Self.nativeName(of: code), title: titles[code],
                prefix: index == 0 ? "" : code + "/")
        }
    }

    /// `languages:` as a list of codes or a map of code to `{name, title}`.
    private static func declaration(
        _ value: FieldValue, at place: (path: String, line: Int?), diagnostics: inout [Diagnostic]
    ) -> SiteLanguages? {
        var codes: [String] = [], names: [String: String] = [:], titles: [String: String] = [:]
        var entries: [(code: String, settings: FieldValue?)] = []
        switch value {
        case .list(let values): entries = values.map { ($0.stringValue ?? "", nil) }
        case .map(let pairs): entries = pairs.map { ($0.key, $0.value) }
        case .string(let one): entries = [(one, nil)]
        default: break
        }
        for (written, settings) in entries {
            let code = written.lowercased()
            guard LanguageSuffix.isCodeShaped(code), !codes.contains(code) else {
                diagnostics.append(
                    .error(
                        place.path, line: place.line,
                        written.isEmpty || codes.contains(code)
                            ? "`languages:` lists `\(written)` twice or names no code" : "`languages:` names `\(written)`, which is not a language code",
                        hint: "list codes as file names write them, the default first: `languages: [en, fr, pt-br]`"))
                return nil
            }
            codes.append(code)
            if let name = settings?["name"]?.stringValue { names[code] = name }
            if let title = settings?["title"]?.stringValue { titles[code] = title }
        }
        guard !codes.isEmpty else {
            diagnostics.append(
                .error(place.path, line: place.line, "`languages:` lists no language", hint: "write `languages: [en, fr]`, the default first"))
            return nil
        }
        return Self(codes: codes, names: names, titles: titles)
    }

    /// Whether the root `_index.md`'s bytes mention `languages`: only then is it read ahead of the parse stage.
    private static func mentionsLanguages(_ bytes: [UInt8]) -> Bool {
        let word = Array("languages".utf8)
        guard bytes.count >= word.count else { return false }
        return (0...(bytes.count - word.count)).contains { start in bytes[start] == word[0] && bytes[start..<(start + word.count)].elementsEqual(word) }
    }

    /// The name a switcher shows for `code` when the declaration gives none.
    static func nativeName(of code: String) -> String {
        let names = [
            "ar": "العربية", "ca": "Català", "cs": "Čeština", "da": "Dansk", "de": "Deutsch", "el": "Ελληνικά", "en": "English",
            "es": "Español", "fa": "فارسی", "fi": "Suomi", "fr": "Français", "he": "עברית", "hi": "हिन्दी", "hu": "Magyar",
            "id": "Bahasa Indonesia", "it": "Italiano", "ja": "日本語", "ko": "한국어", "nb": "Norsk bokmål", "nl": "Nederlands",
            "no": "Norsk", "pl": "Polski", "pt": "Português", "ro": "Română", "ru": "Русский", "sk": "Slovenčina", "sv": "Svenska",
            "th": "ไทย", "tr": "Türkçe", "uk": "Українська", "vi": "Tiếng Việt", "zh": "中文",
        ]
        let primary = code.split(separator: "-").first.map(String.init) ?? code
        return names[code] ?? names[primary] ?? code
    }
}
