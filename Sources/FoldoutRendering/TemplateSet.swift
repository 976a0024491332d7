import FoldoutBase
import FoldoutLoading
import FoldoutPresentation
import Foundation
import Mustache

/// All templates of a site, loaded and checked once before anything renders: page templates
/// (`base`, `home`, `catalog`, `item` and any other `*.html` at the top), partials from
/// `partials/` (used as `{{> row}}`), and static assets from `assets/`, copied to
/// `Output/assets/`. A syntax error, a missing page template and a reference to a missing
/// partial are errors naming the template file; swift-mustache would render them as
/// empty text.
package struct TemplateSet: Sendable {
    /// A template file: its path in the templates folder and its bytes.
    package typealias File = SourceFile

    package static let requiredPages = ["base", "home", "catalog", "item"]

    package let library: MustacheLibrary
    /// The same templates run by Foldout itself, faster.
    package let compiled: CompiledTemplates
    /// Template names (pages and partials) with the text they were made from.
    package let sources: [String: String]
    /// Files under `assets/`, with paths relative to `Templates/` (`assets/style.css`).
    package let assets: [File]

    /// Builds the set from `files` (paths relative to the templates folder). `displayRoot`
    /// names the folder in messages (`Templates`, or `(built-in templates)`).
    package init(files: [File], displayRoot: String) throws(BuildFailure) {
        var diagnostics: [Diagnostic] = []
        var library = MustacheLibrary()
        var sources: [String: String] = [:]
        var displayPaths: [String: String] = [:]
        var assets: [File] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let display = displayRoot + "/" + file.path
            let parts = file.path.split(separator: "/")
            if parts.first == "assets" {
                assets.append(file)
                continue
            }
            guard file.path.hasSuffix(".html") else { continue }
            let name: String
            if parts.count == 1 {
                name = String(file.path.dropLast(5))
            } else if parts.count == 2, parts[0] == "partials" {
                name = String(parts[1].dropLast(5))
            } else {
                continue
            }
            if let other = displayPaths[name] {
                diagnostics.append(.error(display, "template name `\(name)` is also used by \(other)", hint: "rename one of them"))
                continue
            }
            let text = String(decoding: file.bytes, as: UTF8.self)
            // Known even if it fails to parse, so templates using it are not told it is missing.
            displayPaths[name] = display
            do {
                // Every template starts by switching to Foldout's escaping. The pragma stands on
                // a line of its own, which Mustache drops, so the output is as without it.
                HTMLEscaping.registered
                library.register(try MustacheTemplate(string: HTMLEscaping.pragma + "\n" + text), named: name)
                sources[name] = text
            } catch let error as MustacheTemplate.ParserError {
                // A section that is never closed fails at the end of the file; point at its opening.
                if "\(error.error)" == "expectedSectionEnd", let open = Self.unclosedSection(in: text) {
                    diagnostics.append(
                        .error(
                            display, line: open.line, column: open.column,
                            "template syntax error: `{{\(open.sigil)\(open.name)}}` is never closed",
                            hint: "add `{{/\(open.name)}}` where the section ends"))
                    continue
                }
                diagnostics.append(
                    .error(
                        display, line: max(1, error.context.lineNumber - 1), column: error.context.columnNumber,
                        "template syntax error: \(Self.describe(error.error))",
                        hint: "check that every `{{#name}}` has a matching `{{/name}}` and every tag is closed"))
            } catch {
                diagnostics.append(.error(display, "template cannot be read: \(error)", hint: "check that the file is a Mustache template"))
            }
        }
        for name in Self.requiredPages where sources[name] == nil && displayPaths[name] == nil {
            if !diagnostics.contains(where: { $0.path == displayRoot + "/" + name + ".html" }) {
                diagnostics.append(
                    .error(
                        displayRoot + "/" + name + ".html", "template is missing",
                        hint: "copy it from the default templates (`foldout init` writes them)"))
            }
        }
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            for reference in Self.partialReferences(in: text) where sources[reference.name] == nil && displayPaths[reference.name] == nil {
                diagnostics.append(
                    .error(
                        displayPaths[name] ?? name, line: reference.line, column: reference.column,
                        "template uses partial `\(reference.name)`, which does not exist",
                        hint: "add Templates/partials/\(reference.name).html or fix the name"))
            }
        }
        if !diagnostics.isEmpty { throw BuildFailure(diagnostics) }
        self.library = library
        self.sources = sources
        compiled = CompiledTemplates(library: library, names: sources.keys)
        self.assets = assets
    }

    package func render(_ name: String, _ context: TemplateContext) -> String {
        String(decoding: renderBytes(name, context), as: UTF8.self)
    }

    /// The same as UTF-8 bytes, the form pages are written in: run by `CompiledTemplates`,
    /// or by swift-mustache where those do not cover the template or the context.
    /// `reserving` is the size expected, when known.
    package func renderBytes(_ name: String, _ context: TemplateContext, reserving: Int = 4 << 10) -> [UInt8] {
        compiled.render(name, context, reserving: reserving) ?? Array(renderThroughSwiftMustache(name, context).utf8)
    }

    /// What swift-mustache itself renders, which `CompiledTemplates` must equal.
    package func renderThroughSwiftMustache(_ name: String, _ context: TemplateContext) -> String {
        library.render(context.dictionary, withTemplate: name) ?? ""
    }

    package func has(_ name: String) -> Bool { sources[name] != nil }

    /// Ids written literally in the templates (`<main id="main">`), which headings in
    /// Markdown must not take.
    package var literalIDs: Set<String> {
        sources.values.reduce(into: []) { $0.formUnion(Self.literalIDs(in: $1)) }
    }

    /// The `id="…"` values of one template's text that hold no tag. Searched byte by byte:
    /// Foundation's `range(of:)` took longer than routing the pages.
    package static func literalIDs(in text: String) -> Set<String> {
        var ids: Set<String> = []
        let marker = Array(" id=\"".utf8)
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index + marker.count <= bytes.count {
                guard bytes[index] == marker[0], bytes[index + 1] == marker[1], bytes[index + 2] == marker[2],
                    bytes[index + 3] == marker[3], bytes[index + 4] == marker[4]
                else {
                    index += 1
                    continue
                }
                let start = index + marker.count
                guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return }
                let value = UnsafeBufferPointer(rebasing: bytes[start..<end])
                let hasTag = value.indices.contains { $0 + 1 < value.count && value[$0] == 0x7B && value[$0 + 1] == 0x7B }
                if !value.isEmpty, !hasTag { ids.insert(String(decoding: value, as: UTF8.self)) }
                index = end
            }
        }
        return ids
    }

    /// A Mustache tag: its sigil (`#`, `^`, `/`, `>`, `<`, or "" for a variable), name and position.
    package struct Tag {
        package var sigil: String
        package var name: String
        package var line: Int
        package var column: Int
    }

    /// Every `{{...}}` tag of `text` (default delimiters), with 1-based line and column.
    package static func tags(in text: String) -> [Tag] {
        var tags: [Tag] = []
        let bytes = Array(text.utf8)
        var line = 1, column = 1, index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "{"), index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") {
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "}") && bytes[end + 1] == UInt8(ascii: "}")) { end += 1 }
                var inner = String(decoding: bytes[(index + 2)..<min(end, bytes.count)], as: UTF8.self).trimmingSpacesAndNewlines
                var sigil = ""
                if let first = inner.first, "#^/><".contains(first) {
                    sigil = String(first)
                    inner = String(inner.dropFirst()).trimmingSpacesAndNewlines
                }
                tags.append(Tag(sigil: sigil, name: inner, line: line, column: column))
            }
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return tags
    }

    /// `{{> name}}` and `{{< name}}` tags with their positions.
    package static func partialReferences(in text: String) -> [(name: String, line: Int, column: Int)] {
        tags(in: text).filter { ($0.sigil == ">" || $0.sigil == "<") && !$0.name.isEmpty && !$0.name.hasPrefix("*") }
            .map { ($0.name, $0.line, $0.column) }
    }

    /// The innermost `{{#name}}` or `{{^name}}` left open at the end of `text`.
    package static func unclosedSection(in text: String) -> Tag? {
        var open: [Tag] = []
        for tag in tags(in: text) {
            switch tag.sigil {
            case "#", "^": open.append(tag)
            case "/": if open.last?.name == tag.name { open.removeLast() }
            default: break
            }
        }
        return open.last
    }

    private static func describe(_ error: Error) -> String {
        let text = "\(error)"
        switch text {
        case "sectionCloseNameIncorrect": return "a section is closed with the wrong name"
        case "unfinishedName": return "a tag is not closed with `}}`"
        case "expectedSectionEnd": return "a section is never closed"
        case "invalidSetDelimiter": return "a `{{=...=}}` delimiter change is malformed"
        default: return text
        }
    }
}
