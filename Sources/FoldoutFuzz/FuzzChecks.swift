import FoldoutBase
import FoldoutBuild
import FoldoutImages
import FoldoutMarkdown
import FoldoutRendering

/// One input run through the parts of Foldout that read untrusted text: front matter
/// splitting, YAML loading, slug making, the cmark wrapper, and the whole pipeline on a small
/// site holding the input as a page. Besides crashes and hangs, a broken promise is a finding:
/// each check below ends the process with `fatalError` naming the promise.
enum FuzzChecks {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        checkSplit(text)
        checkYAML(text)
        checkSlug(text)
        checkMarkdown(text)
        EscaperChecks.run(text)
        // A whole build costs as much as all the rest together (the templates are parsed
        // each time), so one input in four goes through it; libFuzzer learns which.
        if bytes.count % 4 == 0 { checkPipeline(bytes) }
    }

    /// The body is what follows the fences, and `bodyFirstLine` counts the lines before it.
    static func checkSplit(_ text: String) {
        guard let split = try? FrontMatter.split(text) else { return }
        guard text.utf8.suffix(split.body.utf8.count).elementsEqual(split.body.utf8) else {
            fatalError("split: body is not the end of the file")
        }
        let before = text.utf8.dropLast(split.body.utf8.count)
        let newlines = before.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        guard split.yaml == nil || split.body.isEmpty || newlines == split.bodyFirstLine - 1 else {
            fatalError("split: bodyFirstLine \(split.bodyFirstLine) but \(newlines) lines come before the body")
        }
        if let yaml = split.yaml { checkYAML(yaml) }
    }

    /// YAML errors and keys carry 1-based lines.
    static func checkYAML(_ yaml: String) {
        do {
            let frontMatter = try FrontMatter.parse(yaml: yaml)
            guard frontMatter.lines.values.allSatisfy({ $0 >= 1 }) else { fatalError("yaml: key line below 1") }
        } catch {
            guard error.line >= 1, (error.column ?? 1) >= 1 else { fatalError("yaml: error at line \(error.line)") }
        }
    }

    /// Slugs are file names and HTML ids: lower-case ASCII letters, digits, single dashes
    /// inside, and non-ASCII letters or digits, each with the combining marks that follow it
    /// (the virama of `हिन्दी` is part of its word); making a slug of a slug changes nothing.
    static func checkSlug(_ text: String) {
        let slug = Slug.make(text)
        guard !slug.hasPrefix("-"), !slug.hasSuffix("-"), !slug.contains("--") else { fatalError("slug: stray dash in \(slug.prefix(80))") }
        var followsWordPart = false
        for scalar in slug.unicodeScalars {
            if scalar.isASCII {
                guard ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" else {
                    fatalError("slug: `\(scalar)` in \(slug.prefix(80))")
                }
                followsWordPart = scalar != "-"
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                followsWordPart = true
            } else if !(followsWordPart && scalar.properties.generalCategory.isMark) {
                fatalError("slug: U+\(String(scalar.value, radix: 16)) is neither a letter, a digit nor a mark after one in \(slug.prefix(80))")
            }
        }
        guard Slug.make(slug) == slug else { fatalError("slug: not stable: \(slug.prefix(80))") }
    }

    /// Heading ids are made as GitHub makes them (`Slug.headingID`), so links written for it
    /// find them: letters, digits and marks of any script, `-` and `_`; nothing that needs
    /// escaping in an attribute.
    static func checkHeadingID(_ id: String) {
        for scalar in id.unicodeScalars {
            let isWordPart =
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || scalar.properties.generalCategory.isMark || scalar == "-" || scalar == "_"
            guard isWordPart else { fatalError("heading id: U+\(String(scalar.value, radix: 16)) in \(id.prefix(80))") }
        }
    }

    /// In safe mode the HTML holds only the tags cmark writes and those the raw HTML allowlist
    /// keeps, no event-handler attributes, and no link or image URL outside http(s), mailto
    /// and relative ones.
    static func checkMarkdown(_ text: String) {
        let safe = MarkdownRenderer()
        for usesTitleHeading in [false, true] {
            let result = safe.render(text, usesTitleHeading: usesTitleHeading)
            HTMLSafety.check(result.html, allowedTags: HTMLSafety.allowlistTags, origin: "markdown")
            for id in result.headingIDs { checkHeadingID(id) }
        }
        _ = MarkdownRenderer(options: .init(allowRawHTML: true)).render(text) { _ in "rewritten.html" }
    }

    private static let templateTags: Set<String> = {
        var tags = HTMLSafety.allowlistTags
        for file in DefaultTemplates.files where file.path.hasSuffix(".html") {
            tags.formUnion(HTMLSafety.tagNames(in: String(decoding: file.bytes, as: UTF8.self)))
        }
        return tags.union(["picture", "source"])
    }()

    /// A 4 × 4 PNG: small enough to be published as it is, with its `<img>` from `PictureMarkup`.
    private static let photo: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x04,
        0x00, 0x00, 0x00, 0x04, 0x08, 0x02, 0x00, 0x00, 0x00, 0x26, 0x93, 0x09, 0x29, 0x00, 0x00, 0x00, 0x10, 0x49, 0x44, 0x41,
        0x54, 0x78, 0x9C, 0x63, 0xF8, 0xDF, 0xC0, 0x00, 0x47, 0x0C, 0xC4, 0x71, 0x00, 0x7E, 0xA2, 0x17, 0xF1, 0x5D, 0xA1, 0x60,
        0x05, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// The small site the input is built in, as the page `c/page.md` beside a photo it can
    /// name (`![alt](photo.png)`, `image: photo.png`).
    private static func site(page: [UInt8]) -> BuildOptions {
        let files: [String: [UInt8]] = [
            "/fuzz/Content/_index.md": Array("---\ntitle: Fuzz\n---\nHome [page](c/page.md#top).\n".utf8),
            "/fuzz/Content/c/_index.md": Array("---\ntitle: C\nrow:\n  thumbnail: image\n---\n".utf8),
            "/fuzz/Content/c/page.md": page,
            "/fuzz/Content/c/photo.png": photo,
            "/fuzz/Content/c/g/other.md": Array("---\nimage: ../photo.png\ntags: [a]\n---\n# Other\n\n[back](../page.md)\n".utf8),
        ]
        return BuildOptions(
            contentPath: "/fuzz/Content", templatesPath: nil, outputPath: "/fuzz/Output",
            contentDisplayName: "Content", fileSystem: .memory(bytes: files))
    }

    /// Which attributes each tag may carry in a built page: what the default templates write
    /// (read from their markup), what a benign build of the same site holds (markup Foldout
    /// writes in code: link previews, `<picture>`), and what the raw HTML allowlist keeps.
    private static let writtenAttributes: [String: Set<String>] = {
        var written: [String: Set<String>] = [:]
        func add(_ html: String) { written.merge(HTMLSafety.attributes(in: html)) { $0.union($1) } }
        for file in DefaultTemplates.files where file.path.hasSuffix(".html") {
            add(HTMLSafety.withoutMustache(String(decoding: file.bytes, as: UTF8.self)))
        }
        let benign = "---\ntitle: Page\nimage: photo.png\ntags: [a, b]\n---\n# Top\n\n![A photo](photo.png) and [a link](g/other.md).\n"
        if let report = try? Builder(options: site(page: Array(benign.utf8))).makeSnapshot() {
            for path in report.snapshot.paths where path.hasSuffix(".html") { add(report.snapshot.text(at: path) ?? "") }
        }
        for (element, attributes) in HTMLAllowlist.elements { written[element, default: []].formUnion(attributes) }
        return written
    }()

    /// The input as a page of a small site, built in memory with the default templates: no
    /// element or attribute appears that Foldout did not write.
    static func checkPipeline(_ bytes: [UInt8]) {
        guard let report = try? Builder(options: site(page: bytes)).makeSnapshot() else { return }
        for path in report.snapshot.paths where path.hasSuffix(".html") {
            HTMLSafety.check(report.snapshot.text(at: path) ?? "", allowedTags: templateTags, written: writtenAttributes, origin: path)
        }
    }
}
