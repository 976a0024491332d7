/// The keys of the Atom feeds' links (docs/templates.md): `feeds` in `base.html` and on a
/// catalog page, each with `title`, `label` and `url`.
extension TemplateKey {
    package static let feeds = TemplateKey("feeds")
    package static let hasFeeds = TemplateKey("hasFeeds")
}
