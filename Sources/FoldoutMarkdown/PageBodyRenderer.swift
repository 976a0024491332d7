import FoldoutBase
import FoldoutImages
import FoldoutLoading
import Foundation

/// Renders a parsed page's body and settles its title and summary. Local links and images
/// are resolved through `resolve`, which maps a destination written in the page (and whether
/// an image shows it) to its target in `Output/`; what cannot be resolved is reported as a warning. Links that name an
/// anchor are returned, to be checked once every page's ids are known (`AnchorIndex`).
package struct PageBodyRenderer: Sendable {
    package enum Resolution: Sendable, Equatable {
        /// A relative URL to use instead, and the output page and anchor it leads to.
        case rewritten(String, page: String, fragment: String?)
        /// An anchor on the page itself (`#pricing`): left as written.
        case sameAnchor(page: String, fragment: String)
        /// Not a local path (external URL, `mailto:`): left alone.
        case external
        /// A local path that names nothing in the content folder.
        case missing
        /// A local path that names a page this build leaves out as a draft: its source file.
        case draft(source: String)
        /// An image shown through its variants (`SiteImages`), and the output path of its original.
        case picture(PictureMarkup, page: String)
    }

    /// A link to an anchor on an output page, as written on `line` of the source file.
    package struct AnchorLink: Sendable, Equatable {
        package var line: Int
        package var written: String
        package var page: String
        /// The anchor, percent-decoded, as it appears in an `id`.
        package var fragment: String

        package init(line: Int, written: String, page: String, fragment: String) {
            self.line = line
            self.written = written
            self.page = page
            self.fragment = fragment
        }
    }

    package var markdown: MarkdownRenderer
    package static let summaryLength = 200

    package init(markdown: MarkdownRenderer) {
        self.markdown = markdown
    }

    package func render(
        _ page: ParsedPage, displayPath: String, resolve: (_ destination: String, _ isImage: Bool) -> Resolution,
        diagnostics: inout [Diagnostic]
    )
        -> (html: String, title: String, summary: String, headingIDs: [String], anchorLinks: [AnchorLink])
    {
        var warnings: [Diagnostic] = []
        var anchorLinks: [AnchorLink] = []
        let bodyFirstLine = page.bodyFirstLine
        // An image's resolution, asked once by `picture` and used again by `rewrite` when the
        // image keeps its `<img>`.
        var lastImage: (link: MarkdownRenderer.Link, resolution: Resolution)?
        func resolved(_ link: MarkdownRenderer.Link) -> Resolution {
            if link.isImage, let last = lastImage, last.link == link { return last.resolution }
            let resolution = resolve(link.destination, link.isImage)
            if link.isImage { lastImage = (link, resolution) }
            return resolution
        }
        var markdown = markdown
        if let smart = page.smartPunctuation { markdown.options.smartPunctuation = smart }
        let result = markdown.render(
            page.body, usesTitleHeading: page.title == nil,
            rewrite: { link in
                let line = bodyFirstLine + link.line - 1
                if link.isImage, link.text.isEmpty {
                    warnings.append(
                        .warning(
                            displayPath, line: line, "image `\(link.destination)` has no alt text",
                            hint: "describe the image: `![A brown terrier](\(link.destination))`"))
                }
                switch resolved(link) {
                case .picture(let markup, _):
                    return markup.fallbackURL
                case .rewritten(let url, let target, let fragment):
                    if let fragment {
                        anchorLinks.append(AnchorLink(line: line, written: link.destination, page: target, fragment: fragment))
                    }
                    return url
                case .sameAnchor(let target, let fragment):
                    anchorLinks.append(AnchorLink(line: line, written: link.destination, page: target, fragment: fragment))
                    return nil
                case .external:
                    return nil
                case .missing:
                    warnings.append(
                        .warning(
                            displayPath, line: line,
                            "\(link.isImage ? "image" : "link") `\(link.destination)` points to nothing in the content folder",
                            hint: MissingPathHint.hint(for: link.destination, otherwise: "check the path; it is relative to this file")))
                    return nil
                case .draft(let source):
                    warnings.append(
                        .warning(
                            displayPath, line: line,
                            "\(link.isImage ? "image" : "link") `\(link.destination)` points to a draft, `\(source)`, which is not published",
                            hint: "remove `draft: true` from its front matter to publish it, or build with `--drafts` to include drafts"))
                    return nil
                }
            },
            picture: { link in
                guard case .picture(let markup, _) = resolved(link) else { return nil }
                if link.text.isEmpty {
                    warnings.append(
                        .warning(
                            displayPath, line: bodyFirstLine + link.line - 1, "image `\(link.destination)` has no alt text",
                            hint: "describe the image: `![A brown terrier](\(link.destination))`"))
                }
                return markup.html(alt: link.text)
            })
        for tag in result.templateTags {
            let what = tag.kind == .liquid ? "Jekyll's Liquid" : "a Hugo shortcode"
            warnings.append(
                .warning(
                    displayPath, line: bodyFirstLine + tag.line - 1,
                    "`\(tag.text)` is \(what), which Foldout does not run: the page shows it as written",
                    hint: "replace it with Markdown, or put it in backticks to show it as code"))
        }
        for problem in result.footnoteProblems {
            warnings.append(.warning(displayPath, line: bodyFirstLine + problem.line - 1, problem.message, hint: problem.hint))
        }
        for written in result.attributeLists where !written.list.dropped.isEmpty {
            let names = written.list.dropped.map { "`\($0)`" }.joined(separator: ", ")
            warnings.append(
                .warning(
                    displayPath, line: bodyFirstLine + written.line - 1,
                    "attribute list: \(names) left out; Foldout applies only `#id` and `.class` (letters, digits, `-_:.`)",
                    hint: "style the element through its class in the templates' CSS"))
        }
        for link in result.links where link.isInvalid {
            warnings.append(
                .warning(
                    displayPath, line: bodyFirstLine + link.line - 1,
                    "\(link.isImage ? "image" : "link") `\(link.destination)` was removed: its port is not a number, so no browser can open it",
                    hint: "write the address in backticks if it is an example (`http://localhost:PORT`)"))
        }
        for link in result.links where link.isRefused {
            warnings.append(
                .warning(
                    displayPath, line: bodyFirstLine + link.line - 1,
                    "\(link.isImage ? "image" : "link") `\(link.destination)` was removed: only http(s), mailto and relative URLs are allowed",
                    hint: "link to a web page or to a file in the content folder"))
        }
        diagnostics += warnings
        let fileName = page.path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(page.path[page.path.index(after: $0)...]) } ?? page.path
        let title =
            page.title ?? result.firstHeading ?? Self.readmeTitle(fileName: fileName, body: page.body, displayPath: displayPath)
            ?? Slug.readableTitle(
                fromFileName: fileName == "_index.md"
                    ? String(page.path.split(separator: "/").dropLast().last ?? "")
                    : String(SourceFile.itemName(ofPath: page.path)))
        // Plain words before shortening, so the markup removed does not use up the length.
        let summary = page.summary.map(SummaryText.plain) ?? Self.shorten(SummaryText.plain(result.firstParagraph), to: Self.summaryLength)
        // Ids kept on raw HTML count as anchors too.
        let ids = result.rawHTMLIDs.isEmpty ? result.headingIDs : result.headingIDs + result.rawHTMLIDs
        return (result.html, title, summary, ids, anchorLinks)
    }

    /// The title of a README without a heading, as a reader of its folder would name it: its
    /// first line when that is a short line of plain words, no sentence (a project's name), else the name
    /// of its folder (from `displayPath`, so the content folder's own for the root README),
    /// never "README". Nil for any other file, or when no folder name is known (`.`).
    static func readmeTitle(fileName: String, body: String, displayPath: String) -> String? {
        guard fileName.lowercased() == "readme.md" || fileName.lowercased() == "readme.markdown" else { return nil }
        let firstLine = body.split(separator: "\n").lazy.map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? ""
        if let first = firstLine.unicodeScalars.first, CharacterSet.alphanumerics.contains(first), firstLine.count <= 60,
            !firstLine.hasSuffix("."), !firstLine.contains(where: { "<>[]()`*_|{}#".contains($0) })
        {
            return firstLine.hasSuffix(":") ? String(firstLine.dropLast()) : firstLine
        }
        let folder = displayPath.split(separator: "/").dropLast().last.map(String.init) ?? ""
        guard !folder.isEmpty, folder != ".", folder != ".." else { return nil }
        return Slug.readableTitle(fromFileName: folder)
    }

    /// Cuts `text` at a word boundary and adds an ellipsis when it is longer than `limit`.
    package static func shorten(_ text: String, to limit: Int) -> String {
        // No more bytes than the limit: no more characters either.
        if text.utf8.count <= limit { return text }
        if let plain = shortenPlainASCII(text, to: limit) { return plain }
        guard let end = characterIndex(limit, in: text), end < text.endIndex else { return text }
        var cut = String(text[..<end])
        if let space = cut.lastIndex(of: " ") { cut = String(cut[..<space]) }
        return cut.trimmingTrailingPunctuation() + "…"
    }

    /// `shorten` on bytes, for text whose first `limit + 1` bytes are plain ASCII (no
    /// carriage return, which joins a line feed): there every byte is a character. Nil for
    /// other text. Every page's summary is cut here.
    private static func shortenPlainASCII(_ text: String, to limit: Int) -> String? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.count > limit, bytes[...limit].allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
            var end = limit
            if let space = bytes[..<limit].lastIndex(of: UInt8(ascii: " ")) { end = space }
            trimming: while end > 0 {
                switch bytes[end - 1] {
                case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "."): end -= 1
                default: break trimming
                }
            }
            return String(decoding: bytes[..<end], as: UTF8.self) + "…"
        } ?? nil
    }

    /// Where character number `offset` starts, nil past the end. Plain ASCII text (but a
    /// carriage return, which joins a line feed) has one character per byte, so no
    /// Unicode segmentation is needed there.
    private static func characterIndex(_ offset: Int, in text: String) -> String.Index? {
        let utf8 = text.utf8
        // The byte at `end` is checked too: a combining mark there would join the one before.
        if let end = utf8.index(utf8.startIndex, offsetBy: offset, limitedBy: utf8.endIndex),
            utf8[utf8.startIndex..<(end < utf8.endIndex ? utf8.index(after: end) : end)].allSatisfy({ $0 < 0x80 && $0 != 0x0D })
        {
            return end
        }
        return text.index(text.startIndex, offsetBy: offset, limitedBy: text.endIndex)
    }
}

private extension String {
    package func trimmingTrailingPunctuation() -> String {
        var result = Substring(self)
        while let last = result.last, last == "," || last == ";" || last == ":" || last == " " || last == "." { result = result.dropLast() }
        return String(result)
    }
}
