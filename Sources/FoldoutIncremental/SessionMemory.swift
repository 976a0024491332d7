import FoldoutMarkdown
import FoldoutModel
import FoldoutPresentation
import FoldoutRendering
import Foundation

/// What a successful build leaves for the next one in the same process: `foldout serve`
/// uses it to write an edited item's page a few milliseconds after the save, before the
/// rebuild that brings everything else (catalog rows, pagers, tags) up to date is done.
/// That rebuild always follows and has the last word: if the early page differs from what
/// it renders, it writes its own. The rebuild starts from this memory's `BuildRecord` rather
/// than from the state file when it can redo only the edited items (see `QuickRebuild`).
package final class SessionMemory: @unchecked Sendable {
    package struct State {
        /// The model (items with their bodies) and what a quick rebuild checks edits against.
        package var build: BuildRecord
        package var templates: TemplateSet
        package var configurations: [String: CatalogPresentation]
        package var shared: SiteRenderer.Shared
        package var stage: MarkdownStage
        /// Items by source path, with their catalog's index.
        package var items: [String: (catalog: Int?, item: Item)]

        /// Changes appended to the state file since this process last wrote it whole.
        package var deltasInStateFile = 0

        package init(
            build: BuildRecord, templates: TemplateSet, configurations: [String: CatalogPresentation],
            shared: SiteRenderer.Shared, stage: MarkdownStage, items: [String: (catalog: Int?, item: Item)]
        ) {
            self.build = build
            self.templates = templates
            self.configurations = configurations
            self.shared = shared
            self.stage = stage
            self.items = items
        }

        package var site: Site { build.site }
    }

    private let lock = NSLock()
    private var state: State?

    package init() {}

    package var current: State? {
        get { lock.withLock { state } }
        set { lock.withLock { state = newValue } }
    }

    /// Drops what the last build knew: after a failed build nothing is written ahead of the next.
    package func forget() {
        current = nil
    }

    package static func itemsBySource(_ site: Site) -> [String: (catalog: Int?, item: Item)] {
        var items: [String: (catalog: Int?, item: Item)] = [:]
        for (index, catalog) in site.catalogs.enumerated() {
            for item in catalog.allItems { items[item.sourcePath] = (index, item) }
        }
        for item in site.looseItems?.allItems ?? [] { items[item.sourcePath] = (nil, item) }
        return items
    }
}
