/// Takes each page as soon as it is rendered, from any thread, and answers what the snapshot
/// records for it (`.taken`, or `.bytes` to keep it).
package protocol OutputSink: Sendable {
    func take(_ path: String, _ bytes: [UInt8], renderKey: UInt64?) -> OutputSnapshot.Contents
    /// About `count` pages are coming, and every one is wanted (the build found no error):
    /// room for what is kept of each is made now.
    func expect(pages count: Int)
    /// Whether the file already at `path` is the page whose inputs have the digest
    /// `renderKey` (see `PageDigest`), so the page need not be rendered (`.kept`).
    func keeps(_ path: String, renderKey: UInt64) -> Bool
}

extension OutputSink {
    package func expect(pages count: Int) {}
    package func keeps(_ path: String, renderKey: UInt64) -> Bool { false }
}

/// The sink of a language's site, whose pages go in the language's folder (`fr/`) of `base`'s:
/// the site is rendered with paths of its own, and `OutputSnapshot.add(contentsOf:prefix:)`
/// moves them likewise.
package struct PrefixedSink: OutputSink {
    package var base: any OutputSink
    package var prefix: String

    package init(base: any OutputSink, prefix: String) {
        self.base = base
        self.prefix = prefix
    }

    package func take(_ path: String, _ bytes: [UInt8], renderKey: UInt64?) -> OutputSnapshot.Contents {
        base.take(prefix + path, bytes, renderKey: renderKey)
    }

    package func expect(pages count: Int) { base.expect(pages: count) }

    package func keeps(_ path: String, renderKey: UInt64) -> Bool { base.keeps(prefix + path, renderKey: renderKey) }
}
