import FoldoutBase
import Foundation

/// The slug (`lesson-count`, for `field-{{key}}` classes) and the label ("Lesson count") of
/// each field key, worked out the first time the key is seen. Every item page lists its
/// fields under these, and making them anew for each page cost more than the rest of the
/// page's context; a site has a handful of keys. Shared by the pages of a build.
package final class FieldNames: @unchecked Sendable {
    package struct Names {
        package var slug: String
        package var label: String
    }

    private let lock = NSLock()
    private var known: [String: Names] = [:]

    package init() {}

    package subscript(key: String) -> Names {
        if let names = lock.withLock({ known[key] }) { return names }
        let names = Names(slug: Slug.make(key), label: DetailFieldList.label(for: key))
        lock.withLock { known[key] = names }
        return names
    }
}
