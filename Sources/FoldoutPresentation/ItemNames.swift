import FoldoutBase
import FoldoutMarkdown
import FoldoutModel
import Foundation

/// Which item of a catalog a field's value names: a value written as another item's title
/// or slug (its file name without `.md`), ignoring case, such as a course's
/// `prerequisites: ["Combine Fundamentals"]`, is a link to that item on the item page.
/// Only items of the same catalog are named; a name two items share names neither.
/// Made once per build (`SiteRenderer.Shared`); `PageDigest` feeds each page's links.
package struct ItemNames: Sendable {
    /// By catalog id: each lowercased title and slug, with the output path of its item (nil
    /// when two items share it).
    private var names: [String: [String: String?]] = [:]

    package init(site: Site) {
        for catalog in site.catalogs {
            var table: [String: String?] = [:]
            func add(_ name: String, _ path: String) {
                guard !name.isEmpty else { return }
                if let known = table[name], known != path { table[name] = .some(nil) } else { table[name] = path }
            }
            // The title first and the slug second; an item whose title and slug are one word counts once.
            // (Every build makes this for every item: no sets or arrays per item.)
            catalog.forEachItem { item in
                let title = Self.key(item.title), id = item.id
                let slug = Self.key(id.lastIndex(of: "/").map { String(id[id.index(after: $0)...]) } ?? id)
                let path = item.outputPath
                add(title, path)
                if slug != title { add(slug, path) }
            }
            names[catalog.id] = table
        }
    }

    private static func key(_ text: String) -> String {
        text.trimmingSpaces.lowercased()
    }

    /// The output path of the item of `catalog` that `text` names, other than `item` itself.
    package func path(named text: String, in catalog: String, from item: Item) -> String? {
        guard let found = names[catalog]?[Self.key(text)], let path = found, path != item.outputPath else { return nil }
        return path
    }

    /// Whether `text` is the title or slug of some item of `catalog` (of two, when they share it).
    package func hasItem(named text: String, in catalog: String) -> Bool {
        names[catalog]?[Self.key(text)] != nil
    }

    /// The values of a field, each with the path of the item it names, if any: a list's
    /// elements one by one, any other value whole.
    package func parts(of value: FieldValue, in catalog: String?, from item: Item) -> [(text: String, path: String?)] {
        let elements = value.listValue ?? [value]
        return elements.map { element in
            let text = SitePresenter.displayText(element)
            guard let catalog, element.stringValue != nil else { return (text, nil) }
            return (text, path(named: text, in: catalog, from: item))
        }
    }
}
