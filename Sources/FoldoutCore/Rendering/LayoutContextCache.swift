import Foundation

/// The layout (`base.html`) context of each folder's pages, made once per folder.
/// `SitePresenter.layoutContext` makes every URL relative to the page's folder, so the item
/// pages of a group share one context but for `title` and `content`; the context and its
/// shape are made for the first page and reused, with those two strings put in, for the rest.
/// (Tests render whole sites both ways and compare.)
final class LayoutContextCache: @unchecked Sendable {
    struct Layout {
        /// The context with empty `title` and `content`.
        var context: [String: Any]
        var shape: ContextShape?

        func context(title: String, content: String) -> [String: Any] {
            var context = context
            context["title"] = title
            context["content"] = content
            return context
        }

        func shape(title: String, content: String) -> ContextShape? {
            shape?.replacingRootString("title", with: title)?.replacingRootString("content", with: content)
        }
    }

    private struct Key: Hashable {
        var folder: Substring
        var catalog: String?
        var kind: String
    }

    private let lock = NSLock()
    private var layouts: [Key: Layout] = [:]

    /// The layout of pages of `kind` in the folder of `pagePath`; `make` gives the context
    /// (without `title` and `content`) the first time.
    func layout(pagePath: String, catalog: String?, kind: String, make: () -> [String: Any]) -> Layout {
        let folder = pagePath.utf8.lastIndex(of: UInt8(ascii: "/")).map { pagePath[..<$0] } ?? ""
        let key = Key(folder: folder, catalog: catalog, kind: kind)
        lock.lock()
        let known = layouts[key]
        lock.unlock()
        if let known { return known }
        var context = make()
        context["title"] = ""
        context["content"] = ""
        let layout = Layout(context: context, shape: ContextShape(context))
        lock.lock()
        layouts[key] = layout
        lock.unlock()
        return layout
    }
}
