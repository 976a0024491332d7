/// Languages in file names, as Hugo writes them: `page.fr.md`, `_index.fr.md` and a leaf
/// bundle's `index.fr.md` are the French versions of `page.md`, of the folder's `_index.md`
/// and of the bundle's `index.md`. Only the shape is read here; which codes are languages
/// of the site is decided with the site's declaration (`SiteLanguages`).
package enum LanguageSuffix {
    /// The Markdown file name without its language code, and the code in lower case:
    /// `page.fr.md` is (`page.md`, `fr`), `index.pt-br.md` is (`index.md`, `pt-br`). Nil for
    /// a name without a code-shaped part (`page.md`, `notes.v1.md`, `a.b.c.md`'s `c` when
    /// not two or three letters).
    package static func split(fileName name: Substring) -> (name: String, code: String)? {
        let base = SourceFile.baseName(ofFileName: name)
        guard base.count < name.count, let dot = base.lastIndex(of: "."), dot != base.startIndex else { return nil }
        let code = base[base.index(after: dot)...].lowercased()
        guard isCodeShaped(code) else { return nil }
        return (String(base[..<dot]) + name[base.endIndex...], code)
    }

    /// `split` of the file at `path`, keeping its folder: `docs/page.fr.md` is (`docs/page.md`, `fr`).
    package static func split(path: String) -> (path: String, code: String)? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { path[...$0] } ?? ""
        let name = slash.map { path[path.index(after: $0)...] } ?? Substring(path)
        guard let (plain, code) = split(fileName: name) else { return nil }
        return (folder + plain, code)
    }

    /// A language tag as file names and `languages:` write it: two or three letters, and
    /// optionally a region or script after a hyphen (`en`, `pt-br`, `zh-hans`).
    package static func isCodeShaped(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.count <= 2
        else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// Whether the code's language part is one of ISO 639-1's two-letter codes: without a
    /// declaration only these are taken for languages, so `notes.v1.md` or `app.js.md` never are.
    package static func isKnownLanguage(_ code: String) -> Bool {
        let primary = code.split(separator: "-").first.map(String.init) ?? code
        return iso639Part1.contains(primary)
    }

    /// Whether the last part of `path` has two dots (`page.fr.md`), read from its end.
    static func hasTwoDots(fileNameOf path: String) -> Bool {
        var dots = 0
        for byte in path.utf8.reversed() {
            if byte == UInt8(ascii: "/") { return false }
            if byte == UInt8(ascii: ".") {
                dots += 1
                if dots == 2 { return true }
            }
        }
        return false
    }

    /// ISO 639-1, every two-letter language code.
    static let iso639Part1: Set<String> = [
        "aa", "ab", "ae", "af", "ak", "am", "an", "ar", "as", "av", "ay", "az", "ba", "be", "bg", "bh", "bi", "bm", "bn", "bo",
        "br", "bs", "ca", "ce", "ch", "co", "cr", "cs", "cu", "cv", "cy", "da", "de", "dv", "dz", "ee", "el", "en", "eo", "es",
        "et", "eu", "fa", "ff", "fi", "fj", "fo", "fr", "fy", "ga", "gd", "gl", "gn", "gu", "gv", "ha", "he", "hi", "ho", "hr",
        "ht", "hu", "hy", "hz", "ia", "id", "ie", "ig", "ii", "ik", "io", "is", "it", "iu", "ja", "jv", "ka", "kg", "ki", "kj",
        "kk", "kl", "km", "kn", "ko", "kr", "ks", "ku", "kv", "kw", "ky", "la", "lb", "lg", "li", "ln", "lo", "lt", "lu", "lv",
        "mg", "mh", "mi", "mk", "ml", "mn", "mr", "ms", "mt", "my", "na", "nb", "nd", "ne", "ng", "nl", "nn", "no", "nr", "nv",
        "ny", "oc", "oj", "om", "or", "os", "pa", "pi", "pl", "ps", "pt", "qu", "rm", "rn", "ro", "ru", "rw", "sa", "sc", "sd",
        "se", "sg", "si", "sk", "sl", "sm", "sn", "so", "sq", "sr", "ss", "st", "su", "sv", "sw", "ta", "te", "tg", "th", "ti",
        "tk", "tl", "tn", "to", "tr", "ts", "tt", "tw", "ty", "ug", "uk", "ur", "uz", "ve", "vi", "vo", "wa", "wo", "xh", "yi",
        "yo", "za", "zh", "zu",
    ]
}

extension SourceFolder {
    /// The language codes the tree's file names use as translations, without a declaration:
    /// ISO 639-1 codes (`fr`, `pt-br`) on a Markdown file that has a sibling of the same name
    /// without a code or with another such code (`page.fr.md` beside `page.md` or
    /// `page.en.md`). Folders of assets are not looked into.
    package func translatedLanguageCodes() -> Set<String> {
        var found: Set<String> = []
        func visit(_ folder: SourceFolder) {
            func code(of file: SourceFile) -> (plain: String, code: String)? {
                // Every file of a site is asked: a name with fewer than two dots is passed over at once.
                guard LanguageSuffix.hasTwoDots(fileNameOf: file.path) else { return nil }
                let name = file.path.utf8.lastIndex(of: UInt8(ascii: "/")).map { file.path[file.path.utf8.index(after: $0)...] } ?? Substring(file.path)
                guard let (plain, code) = LanguageSuffix.split(fileName: name), LanguageSuffix.isKnownLanguage(code) else { return nil }
                return (String(SourceFile.baseName(ofFileName: Substring(plain))), code)
            }
            // Most folders have no code in any name: their names are not tabled.
            if folder.pages.contains(where: { code(of: $0) != nil }) || folder.index.map({ code(of: $0) != nil }) == true {
                let files = [folder.index].compactMap { $0 } + folder.pages
                var byName: [String: (plain: Bool, codes: [String])] = [:]
                for file in files {
                    if let (plain, code) = code(of: file) {
                        byName[plain, default: (false, [])].codes.append(code)
                    } else {
                        byName[String(SourceFile.baseName(ofPath: file.path)), default: (false, [])].plain = true
                    }
                }
                for entry in byName.values where entry.codes.count + (entry.plain ? 1 : 0) >= 2 { found.formUnion(entry.codes) }
            }
            folder.folders.forEach(visit)
        }
        visit(self)
        return found
    }
}
