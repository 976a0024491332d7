import FoldoutBase
import FoldoutLoading

/// Reads a Markdown file into a `ParsedPage`: front matter split off and parsed, reserved
/// keys checked.
package enum PageParser {
    /// Keys Foldout itself reads; every other key is a field for templates.
    package static let reservedKeys: Set<String> = [
        "title", "slug", "weight", "draft", "image", "summary", "date", "expanded", "layout", "tags", "unsafe_html", "aliases",
        "redirect_from", "smart_punctuation",
    ]

    /// Parses one file. `displayPath` names it in messages. Like a compiler, it reports a
    /// problem and carries on: a page with an error in `diagnostics` comes back as far as it
    /// could be read (bad values left out), so links to it still resolve and the build can
    /// report every other problem before it fails. `parseFrontMatter` reads the front matter
    /// (a build passes one that remembers earlier results).
    package static func parse(
        _ file: SourceFile, displayPath: String, diagnostics: inout [Diagnostic],
        parseFrontMatter: (FrontMatter.Source) throws(FrontMatter.ParseError) -> FrontMatter = { source throws(FrontMatter.ParseError) in
            try FrontMatter.parse(source)
        }
    ) -> ParsedPage {
        let text = SourceText.decode(file.bytes, displayPath: displayPath, diagnostics: &diagnostics)
        let split: FrontMatter.Split
        do {
            split = try FrontMatter.split(text)
        } catch {
            let fence = text.drop { $0 == "\u{FEFF}" }.hasPrefix("+++") ? "+++" : "---"
            diagnostics.append(
                .error(
                    displayPath, line: 1, column: 1, "front matter is not closed: the `\(fence)` on line 1 has no closing `\(fence)` line",
                    hint: "add a line with just `\(fence)` after the last front matter line"))
            split = FrontMatter.Split(yaml: nil, body: "", bodyFirstLine: 1)
        }
        var frontMatter = FrontMatter.empty
        if let source = split.source {
            do {
                frontMatter = try parseFrontMatter(source)
            } catch {
                var message = error.message
                if let context = error.context {
                    message += " (\(context.text) that starts on line \(context.line + 1), column \(context.column))"
                }
                // An unclosed quote or bracket fails only at the end of the text: where it opened is the line to fix.
                let opening = error.message.contains("end of stream") ? error.context : nil
                diagnostics.append(
                    .error(
                        displayPath, line: (opening?.line ?? error.line) + 1, column: opening?.column ?? error.column, message,
                        hint: error.hint ?? "fix the YAML between the `---` lines; quote values that contain `:` or start with `[`, `{`, `*`, `&` or `#`"
                    ))
            }
        }
        var page = ParsedPage(
            path: file.path, frontMatter: frontMatter, body: split.body, bodyFirstLine: split.bodyFirstLine,
            title: nil, slug: nil, weight: nil, draft: false, image: nil, summary: nil, date: nil,
            expanded: nil, layout: nil, tags: [], unsafeHTML: false)
        func typeError(_ key: String, _ expected: String, example: String) {
            diagnostics.append(
                .error(
                    displayPath, line: page.line(of: key),
                    "`\(key)` must be \(expected), found `\(frontMatter[key]?.text ?? "")`",
                    hint: "write it like `\(key): \(example)`"))
        }
        for (key, value) in frontMatter.fields where reservedKeys.contains(key) {
            switch key {
            case "title", "summary", "image", "layout", "date":
                guard let text = value.stringValue else {
                    if value != .null { typeError(key, "text", example: key == "date" ? "2026-05-01" : "Some text") }
                    continue
                }
                switch key {
                case "title": page.title = text
                case "summary": page.summary = text
                case "image": page.image = text
                case "layout": page.layout = text
                default:
                    page.date = text
                    // The date part must be a day of the calendar; a time may follow, in any form.
                    if Timestamp(String(text.prefix(10))) == nil {
                        diagnostics.append(
                            .warning(
                                displayPath, line: page.line(of: key), "`date` is `\(text)`, which is no date",
                                hint: "write the year, month and day, like `2026-05-01`: feeds and sorting by date read it so"))
                    }
                }
            case "slug":
                guard let text = value.stringValue else { typeError(key, "text", example: "my-page"); continue }
                let slug = Slug.make(text)
                guard !slug.isEmpty, !text.contains("/"), !text.contains("..") else {
                    diagnostics.append(
                        .error(
                            displayPath, line: page.line(of: key),
                            "`slug: \(text)` is not a usable file name",
                            hint: "use letters, digits and dashes only, without `/` or `..`"))
                    continue
                }
                page.slug = slug
            case "weight":
                switch value {
                case .integer(let number): page.weight = Double(number)
                case .number(let number): page.weight = number
                case .null: break
                default: typeError(key, "a number", example: "10")
                }
            case "draft", "expanded", "unsafe_html", "smart_punctuation":
                guard case .bool(let flag) = value else {
                    if value != .null { typeError(key, "true or false", example: "true") }
                    continue
                }
                switch key {
                case "draft": page.draft = flag
                case "expanded": page.expanded = flag
                case "smart_punctuation": page.smartPunctuation = flag
                default:
                    guard file.path == "_index.md" else {
                        diagnostics.append(
                            .warning(
                                displayPath, line: page.line(of: key), "`unsafe_html` only counts in the site's own _index.md; ignored here",
                                hint: "move it to _index.md at the top of the content folder"))
                        continue
                    }
                    page.unsafeHTML = flag
                }
            case "aliases", "redirect_from":
                // `redirect_from:` is Jekyll's name for the same list (its redirect plugin's).
                switch value {
                case .list(let values):
                    let addresses = values.compactMap(\.stringValue).filter { !$0.isEmpty }
                    page.aliases += addresses
                    if addresses.count != values.count { typeError(key, "a list of addresses", example: "[/old/address/]") }
                case .string(let single) where !single.isEmpty:
                    page.aliases.append(single)
                case .null: break
                default: typeError(key, "a list of addresses", example: "[/old/address/]")
                }
            case "tags":
                switch value {
                case .list(let values):
                    page.tags = values.compactMap(\.stringValue).filter { !$0.isEmpty }
                    if page.tags.count != values.count { typeError(key, "a list of words", example: "[indoor, kids]") }
                case .string(let single):
                    page.tags = [single]
                case .null: break
                default: typeError(key, "a list of words", example: "[indoor, kids]")
                }
            default:
                break
            }
        }
        // Hugo, Jekyll, Zola and Docusaurus pages describe themselves in `description:`; it
        // stays a field, and stands in for the summary the page does not give.
        if page.summary == nil, let description = frontMatter["description"]?.stringValue, !description.isEmpty {
            page.summary = description
        }
        // Hugo's `linkTitle:` and a record's `name:` title the page `title:` does not; each
        // stays a field too.
        if page.title == nil, let other = ["linkTitle", "name"].lazy.compactMap({ frontMatter[$0]?.stringValue }).first(where: { !$0.isEmpty }) {
            page.title = other
        }
        return page
    }
}
