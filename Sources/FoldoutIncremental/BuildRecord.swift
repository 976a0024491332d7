import FoldoutBase
import FoldoutImages
import FoldoutLoading
import FoldoutMarkdown
import FoldoutModel
import FoldoutRouting

/// What a build knows when it is done that a later build needs to redo only edited items
/// (see `QuickRebuild`): the section model, the routes, the digest and file-system stamp of
/// every content file, and what each page's facts were. `foldout build` keeps it in
/// `.foldout-cache/NAME.state` beside the output folder (`BuildRecordFile`), without the
/// items' bodies; `foldout serve` keeps it in memory (`SessionMemory`), with them.
///
/// It belongs to the output manifest with the same fingerprint: a state whose fingerprint
/// is not the manifest's describes some other build and is not used.
package struct BuildRecord: Sendable {
    /// The fingerprint of the inputs this state was made from (see `Builder`).
    package var fingerprint: UInt64
    /// Its digest of the program, the options and the templates.
    package var settings: UInt64
    /// Every content file, in the order of `ContentFiles.list`.
    package var files: [FileRecord]
    /// `ContentFiles.structureDigest` of the tree the files were listed from.
    package var structure: UInt64
    package var routes: Routes
    /// The model; items' `bodyHTML` is empty in a state read from its file.
    package var site: Site
    /// Facts of each item, in `site.allItems` order.
    package var items: [ItemFacts]
    /// Heading ids of the rendered files that are not items (`_index.md` intros), by the page they show on.
    package var otherHeadings: [(page: String, ids: [String])]
    /// Links naming an anchor, by source path (files without any are left out).
    package var anchorLinks: [String: [PageBodyRenderer.AnchorLink]]
    /// Each file's own problems (parsing, its body, its anchor links) before `--strict`,
    /// ordered as the build reports them, by source path (files without any are left out).
    package var ownDiagnostics: [String: [Diagnostic]]
    /// Every problem the build reported, in order.
    package var warnings: [Diagnostic]
    /// Problems reading the templates and the content (a symbolic link skipped, say), which
    /// the content's digests do not show.
    package var readProblems: [Diagnostic]
    /// Pixel sizes of the content's images by output path (see `MarkdownStage`).
    package var imageSizes: [String: ImageSize?]
    /// `unsafe_html:` of the site's `_index.md`.
    package var allowsRawHTML: Bool
    /// `smart_punctuation:` of the site's `_index.md`: every page's default.
    package var smartPunctuation = true
    /// Whether pages show images through variants, which a quick rebuild does not plan: such
    /// a site is rebuilt whole (its pages and images still come from the caches).
    package var showsImageVariants = false
    /// Whether some content file is published only when a page uses it (`publish: referenced`,
    /// a hidden folder's files): an edited page may start or stop using one, which only a
    /// full build, seeing every page, can tell.
    package var leavesOutUnusedFiles = false

    package init(
        fingerprint: UInt64, settings: UInt64, files: [FileRecord], structure: UInt64, routes: Routes,
        site: Site, items: [ItemFacts], otherHeadings: [(page: String, ids: [String])],
        anchorLinks: [String: [PageBodyRenderer.AnchorLink]], ownDiagnostics: [String: [Diagnostic]],
        warnings: [Diagnostic], readProblems: [Diagnostic], imageSizes: [String: ImageSize?],
        allowsRawHTML: Bool
    ) {
        self.fingerprint = fingerprint
        self.settings = settings
        self.files = files
        self.structure = structure
        self.routes = routes
        self.site = site
        self.items = items
        self.otherHeadings = otherHeadings
        self.anchorLinks = anchorLinks
        self.ownDiagnostics = ownDiagnostics
        self.warnings = warnings
        self.readProblems = readProblems
        self.imageSizes = imageSizes
        self.allowsRawHTML = allowsRawHTML
    }

    /// A content file's digest, and what `stat` said of it just before it was read.
    package struct FileRecord: Sendable, Equatable {
        package var digest: UInt64
        /// Nil when the file must be read again next time, whatever its stamp then.
        package var stamp: FileStamp?

        package init(digest: UInt64, stamp: FileStamp?) {
            self.digest = digest
            self.stamp = stamp
        }
    }

    /// What a rebuild checks an edited item against.
    package struct ItemFacts: Sendable, Equatable {
        package var id: String
        package var sourcePath: String
        /// Digest of the front matter's YAML text; nil for a file without front matter.
        package var frontMatter: UInt64?
        package var bodyFirstLine: Int
        /// What the item's row shows (see `PageDigest`).
        package var row: UInt64

        package init(id: String, sourcePath: String, frontMatter: UInt64?, bodyFirstLine: Int, row: UInt64) {
            self.id = id
            self.sourcePath = sourcePath
            self.frontMatter = frontMatter
            self.bodyFirstLine = bodyFirstLine
            self.row = row
        }
    }

    /// What a quick rebuild changed: applied to the state in memory, and appended to its file.
    package struct Delta: Sendable {
        package var fingerprint: UInt64
        package var files: [(index: Int, record: FileRecord)]
        package var items: [(index: Int, item: Item, facts: ItemFacts)]
        package var sources: [Source]

        package init(
            fingerprint: UInt64, files: [(index: Int, record: FileRecord)],
            items: [(index: Int, item: Item, facts: ItemFacts)], sources: [Source]
        ) {
            self.fingerprint = fingerprint
            self.files = files
            self.items = items
            self.sources = sources
        }

        /// One edited file's anchor links and problems; `displayPath` names it in `warnings`.
        package struct Source: Sendable {
            package var path: String
            package var displayPath: String
            package var anchorLinks: [PageBodyRenderer.AnchorLink]
            package var ownDiagnostics: [Diagnostic]
            /// The file's problems as the build reports them (as errors with `--strict`).
            package var reported: [Diagnostic]
        }
    }

    package mutating func apply(_ delta: Delta) {
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
    package var rows: [String: UInt64] {
        var rows: [String: UInt64] = [:]
        rows.reserveCapacity(items.count)
        for facts in items { rows[facts.id] = facts.row }
        return rows
    }

    /// The headings of every rendered file, by the page they show on, for `AnchorIndex`.
    package var headings: [(page: String, ids: [String])] {
        site.allItems.map { ($0.outputPath, $0.headingIDs) } + otherHeadings
    }
}
