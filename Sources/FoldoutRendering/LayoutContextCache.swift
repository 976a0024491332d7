import FoldoutPresentation
import Foundation

/// The layout (`base.html`) of each folder's pages, made once per folder: its context and,
/// when `CompiledTemplates` runs `base`, its output with the page's `title` and `content`
/// left open (`CompiledTemplates.Prepared`). `SitePresenter.layoutContext` makes every URL
/// relative to the page's folder, so the item pages of a group share one layout but for
/// `title` and `content`, which the renderer puts in. (Tests render whole sites both ways
/// and compare.)
package final class LayoutContextCache: @unchecked Sendable {
    package struct Layout: Sendable {
        /// Without `title` and `content`.
        package var context: TemplateContext
        package var prepared: CompiledTemplates.Prepared?
    }

    private struct Key: Hashable {
        package var folder: Substring
        package var catalog: String?
        package var kind: String
    }

    private let lock = NSLock()
    private var layouts: [Key: Layout] = [:]

    /// The layout of pages of `kind` in the folder of `pagePath`; `make` gives it the first time.
    package func layout(pagePath: String, catalog: String?, kind: String, make: () -> Layout) -> Layout {
        let folder = pagePath.utf8.lastIndex(of: UInt8(ascii: "/")).map { pagePath[..<$0] } ?? ""
        let key = Key(folder: folder, catalog: catalog, kind: kind)
        if let known = lock.withLock({ layouts[key] }) { return known }
        let layout = make()
        lock.withLock { layouts[key] = layout }
        return layout
    }
}
