/// One step of a page's breadcrumb: a page, and the anchor on it for a section or group.
package struct TrailStep: Sendable, Equatable {
    package var title: String
    /// Output path of the page and the anchor on it.
    package var path: String
    package var fragment: String?

    package init(title: String, path: String, fragment: String?) {
        self.title = title
        self.path = path
        self.fragment = fragment
    }
}
