import FoldoutBase
import FoldoutLoading

/// The parse stage: the front matter of every Markdown file, on all cores. Each file's bytes
/// are freed as soon as it is parsed, so the site's text is never held twice.
package struct ParseStage {
    package var displayPath: (String) -> String
    package var includeDrafts: Bool
    /// Front matter parsed by earlier builds, by digest of its text; nil parses every file.
    package var cache: (any MarkdownCache)?
    package var progress: BuildProgress.Reporter?

    package init(
        displayPath: @escaping (String) -> String, includeDrafts: Bool, cache: (any MarkdownCache)? = nil,
        progress: BuildProgress.Reporter? = nil
    ) {
        self.displayPath = displayPath
        self.includeDrafts = includeDrafts
        self.cache = cache
        self.progress = progress
    }

    package struct Parsed {
        /// The pages that take part in the build (drafts only when included), by source path.
        package var pages: [String: ParsedPage]
        /// What parsing found, in no particular order.
        package var diagnostics: [Diagnostic]
        /// The same by source path, for the build record (files without any are left out).
        package var ownDiagnostics: [String: [Diagnostic]]
        /// The pages left out as drafts, by source path: links to them are told apart.
        package var drafts: [String] = []
    }

    package func run(_ files: consuming [SourceFile]) -> Parsed {
        let cache = cache
        let parseFrontMatter: (FrontMatter.Source, UInt64) throws(FrontMatter.ParseError) -> FrontMatter = {
            source, key throws(FrontMatter.ParseError) in
            guard let cache else { return try FrontMatter.parse(source) }
            if let known = cache.frontMatter(key) { return known }
            let parsed = try FrontMatter.parse(source)
            cache.store(parsed, for: key)
            return parsed
        }
        let counter = progress.map { BuildProgress.Counter(stage: "parse", total: files.count, reporter: $0) }
        let displayPath = displayPath
        var unparsed = files.map(Optional.some)
        // Each file's bytes are now held by `unparsed` alone, and freed as soon as it is parsed.
        _ = consume files
        var results = Parallel.mapTaking(&unparsed) { file -> (page: ParsedPage, found: [Diagnostic]) in
            defer { counter?.advance() }
            var found: [Diagnostic] = []
            var frontMatter: UInt64?
            var page = PageParser.parse(file, displayPath: displayPath(file.path), diagnostics: &found) {
                source throws(FrontMatter.ParseError) in
                let key = source.digest
                frontMatter = key
                return try parseFrontMatter(source, key)
            }
            page.frontMatterDigest = frontMatter
            return (page, found)
        }
        // The table is sized once: growing it re-hashes all its paths each time.
        var parsed = Parsed(pages: [:], diagnostics: [], ownDiagnostics: [:])
        parsed.pages.reserveCapacity(results.count)
        // Each page is moved from the results into the table, popped off the end: the order
        // does not matter (diagnostics are sorted by file at the end of the build).
        while let (page, found) = results.popLast() {
            parsed.diagnostics += found
            if !found.isEmpty { parsed.ownDiagnostics[page.path] = found }
            if !page.draft || includeDrafts {
                let path = page.path
                parsed.pages[path] = consume page
            } else {
                parsed.drafts.append(page.path)
            }
        }
        return parsed
    }
}
