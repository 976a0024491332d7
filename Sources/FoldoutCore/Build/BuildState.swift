/// What a build knows when it is done that a later build needs to redo only edited items
/// (see `QuickRebuild`): the section model, the routes, the digest and file-system stamp of
/// every content file, and what each page's facts were. `foldout build` keeps it in
/// `.foldout-cache/NAME.state` beside the output folder (`BuildStateFile`), without the
/// items' bodies; `foldout serve` keeps it in memory (`BuildMemory`), with them.
///
/// It belongs to the output manifest with the same fingerprint: a state whose fingerprint
/// is not the manifest's describes some other build and is not used.
struct BuildState: Sendable {
    /// The fingerprint of the inputs this state was made from (see `Builder`).
    var fingerprint: UInt64
    /// Its digest of the program, the options and the templates.
    var settings: UInt64
    /// Every content file, in the order of `ContentFiles.list`.
    var files: [FileRecord]
    /// `ContentFiles.structureDigest` of the tree the files were listed from.
    var structure: UInt64
    var routes: Routes
    /// The model; items' `bodyHTML` is empty in a state read from its file.
    var site: Site
    /// Facts of each item, in `site.allItems` order.
    var items: [ItemFacts]
    /// Heading ids of the rendered files that are not items (`_index.md` intros), by the page they show on.
    var otherHeadings: [(page: String, ids: [String])]
    /// Links naming an anchor, by source path (files without any are left out).
    var anchorLinks: [String: [PageBodyRenderer.AnchorLink]]
    /// Each file's own problems (parsing, its body, its anchor links) before `--strict`,
    /// ordered as the build reports them, by source path (files without any are left out).
    var ownDiagnostics: [String: [Diagnostic]]
    /// Every problem the build reported, in order.
    var warnings: [Diagnostic]
    /// Problems reading the templates and the content (a symbolic link skipped, say), which
    /// the content's digests do not show.
    var readProblems: [Diagnostic]
    /// Pixel sizes of the content's images by output path (see `MarkdownStage`).
    var imageSizes: [String: ImageSize?]
    /// `unsafe_html:` of the site's `_index.md`.
    var allowsRawHTML: Bool

    /// A content file's digest, and what `stat` said of it just before it was read.
    struct FileRecord: Sendable, Equatable {
        var digest: UInt64
        /// Nil when the file must be read again next time, whatever its stamp then.
        var stamp: FileStamp?
    }

    /// What a rebuild checks an edited item against.
    struct ItemFacts: Sendable, Equatable {
        var id: String
        var sourcePath: String
        /// Digest of the front matter's YAML text; nil for a file without front matter.
        var frontMatter: UInt64?
        var bodyFirstLine: Int
        /// What the item's row shows (see `PageDigest`).
        var row: UInt64
    }

    /// What a quick rebuild changed: applied to the state in memory, and appended to its file.
    struct Delta: Sendable {
        var fingerprint: UInt64
        var files: [(index: Int, record: FileRecord)]
        var items: [(index: Int, item: Item, facts: ItemFacts)]
        var sources: [Source]

        /// One edited file's anchor links and problems; `displayPath` names it in `warnings`.
        struct Source: Sendable {
            var path: String
            var displayPath: String
            var anchorLinks: [PageBodyRenderer.AnchorLink]
            var ownDiagnostics: [Diagnostic]
            /// The file's problems as the build reports them (as errors with `--strict`).
            var reported: [Diagnostic]
        }
    }

    mutating func apply(_ delta: Delta) {
        fingerprint = delta.fingerprint
        for (index, record) in delta.files { files[index] = record }
        for (index, item, facts) in delta.items {
            items[index] = facts
            site.replaceItem(item)
        }
        for source in delta.sources {
            anchorLinks[source.path] = source.anchorLinks.isEmpty ? nil : source.anchorLinks
            ownDiagnostics[source.path] = source.ownDiagnostics.isEmpty ? nil : source.ownDiagnostics
            // The build's list is sorted by path, then line: the file's problems are one run.
            let path = source.displayPath
            let start = warnings.firstIndex { $0.path >= path } ?? warnings.endIndex
            let end = warnings[start...].firstIndex { $0.path != path } ?? warnings.endIndex
            warnings.replaceSubrange(start..<end, with: source.reported)
        }
    }

    /// Every item's row digest, by item id (see `PageDigest`).
    var rows: [String: UInt64] {
        var rows: [String: UInt64] = [:]
        rows.reserveCapacity(items.count)
        for facts in items { rows[facts.id] = facts.row }
        return rows
    }

    /// The headings of every rendered file, by the page they show on, for `AnchorIndex`.
    var headings: [(page: String, ids: [String])] {
        site.allItems.map { ($0.outputPath, $0.headingIDs) } + otherHeadings
    }
}
