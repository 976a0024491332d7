/// One step of a page's breadcrumb: a page, and the anchor on it for a section or group.
public struct TrailStep: Sendable, Equatable {
    public var title: String
    /// Output path of the page and the anchor on it.
    public var path: String
    public var fragment: String?

    package init(title: String, path: String, fragment: String?) {
        self.title = title
        self.path = path
        self.fragment = fragment
    }
}
