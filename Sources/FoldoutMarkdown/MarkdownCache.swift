/// Parsed front matter and rendered bodies kept across builds, by a digest of what each was
/// made from. The Markdown stage asks; `MarkdownCacheFile` (FoldoutIncremental) answers from its file.
package protocol MarkdownCache: AnyObject, Sendable {
    func frontMatter(_ key: UInt64) -> FrontMatter?
    func store(_ value: FrontMatter, for key: UInt64)
    func body(_ key: UInt64) -> RenderedBody?
    func store(_ value: RenderedBody, for key: UInt64)
}
