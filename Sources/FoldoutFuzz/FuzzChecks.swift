import FoldoutBuild
import FoldoutBase
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
    /// inside, and non-ASCII letters or digits; making a slug of a slug changes nothing.
    static func checkSlug(_ text: String) {
        let slug = Slug.make(text)
        guard !slug.hasPrefix("-"), !slug.hasSuffix("-"), !slug.contains("--") else { fatalError("slug: stray dash in \(slug.prefix(80))") }
        for scalar in slug.unicodeScalars {
            if scalar.isASCII {
                guard ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" else {
                    fatalError("slug: `\(scalar)` in \(slug.prefix(80))")
                }
            } else if !(scalar.properties.isAlphabetic || scalar.properties.numericType != nil) {
                fatalError("slug: U+\(String(scalar.value, radix: 16)) is not a letter or digit in \(slug.prefix(80))")
            }
        }
        guard Slug.make(slug) == slug else { fatalError("slug: not stable: \(slug.prefix(80))") }
    }

    /// In safe mode the HTML holds only the tags cmark writes and those the raw HTML allowlist
    /// keeps, no event-handler attributes, and no link or image URL outside http(s), mailto
    /// and relative ones.
    static func checkMarkdown(_ text: String) {
        let safe = MarkdownRenderer()
        for usesTitleHeading in [false, true] {
            let result = safe.render(text, usesTitleHeading: usesTitleHeading)
            HTMLSafety.check(result.html, allowedTags: HTMLSafety.allowlistTags, origin: "markdown")
            for id in result.headingIDs { checkSlug(id) }
        }
        _ = MarkdownRenderer(options: .init(allowRawHTML: true)).render(text) { _ in "rewritten.html" }
    }

    private static let templateTags: Set<String> = {
        var tags = HTMLSafety.allowlistTags
        for file in DefaultTemplates.files where file.path.hasSuffix(".html") {
            tags.formUnion(HTMLSafety.tagNames(in: String(decoding: file.bytes, as: UTF8.self)))
        }
        return tags
    }()

    /// The input as a page of a small site, built in memory with the default templates.
    static func checkPipeline(_ bytes: [UInt8]) {
        let files: [String: [UInt8]] = [
            "/fuzz/Content/_index.md": Array("---\ntitle: Fuzz\n---\nHome [page](c/page.md#top).\n".utf8),
            "/fuzz/Content/c/_index.md": Array("---\ntitle: C\n---\n".utf8),
            "/fuzz/Content/c/page.md": bytes,
            "/fuzz/Content/c/g/other.md": Array("# Other\n\n[back](../page.md)\n".utf8),
        ]
        let options = BuildOptions(contentPath: "/fuzz/Content", templatesPath: nil, outputPath: "/fuzz/Output",
                                   contentDisplayName: "Content", fileSystem: .memory(bytes: files))
        guard let report = try? Builder(options: options).makeSnapshot() else { return }
        for path in report.snapshot.paths where path.hasSuffix(".html") {
            HTMLSafety.check(report.snapshot.text(at: path) ?? "", allowedTags: templateTags, origin: path)
        }
    }
}
