/// What a build wants `Output/` to hold: a set of `path -> contents`, like a diffable
/// data source snapshot. Paths are relative to the output folder. `OutputWriter` applies it
/// as a difference against what the previous build wrote.
package struct OutputSnapshot: Sendable {
    package enum Contents: Sendable, Equatable {
        case bytes([UInt8])
        /// A file copied from the source tree (images and other assets), read only when written.
        case copy(from: String)
        /// The file the previous build wrote is still right: the page's inputs did not change
        /// (its render key is the one in the manifest) and the file on disk is untouched.
        case kept
        /// Handed to `sink` as soon as it was rendered; the sink (an `OutputWriter.Transaction`)
        /// knows what became of it.
        case taken
    }

    /// Where pages go as they are rendered, instead of waiting in `files` as bytes: a build
    /// would otherwise hold every page of the site in memory until the end.
    /// Nil: pages are kept as bytes (`Builder.makeSnapshot`, tests).
    package var sink: (any OutputSink)?

    package private(set) var files: [String: Contents] = [:]
    /// For pages: the digest of what the page is rendered from (see `PageDigest`).
    package private(set) var renderKeys: [String: UInt64] = [:]
    /// For copied files: the digest of their bytes when the build already knows it, so an
    /// unchanged file need not be read again to find that out.
    package private(set) var contentDigests: [String: UInt64] = [:]

    package init() {}

    package mutating func add(_ path: String, _ contents: Contents, renderKey: UInt64? = nil, contentDigest: UInt64? = nil) {
        files[path] = contents
        // Pages come without a content digest and assets without a render key: the table
        // that cannot hold the path yet is not searched for it (a hash and a lookup a page).
        if renderKey != nil || !renderKeys.isEmpty { renderKeys[path] = renderKey }
        if contentDigest != nil || !contentDigests.isEmpty { contentDigests[path] = contentDigest }
    }

    /// Room for `count` more files with render keys, so the tables are not re-hashed as they grow.
    package mutating func reserveCapacity(forMorePages count: Int) {
        files.reserveCapacity(files.count + count)
        renderKeys.reserveCapacity(renderKeys.count + count)
    }

    package mutating func add(_ path: String, text: String, renderKey: UInt64? = nil) {
        add(path, .bytes(Array(text.utf8)), renderKey: renderKey)
    }

    /// Adds every file of `other` under the folder `prefix` (`fr/`): a language's site in its folder.
    package mutating func add(contentsOf other: OutputSnapshot, prefix: String) {
        files.reserveCapacity(files.count + other.files.count)
        for (path, contents) in other.files {
            add(prefix + path, contents, renderKey: other.renderKeys[path], contentDigest: other.contentDigests[path])
        }
    }

    package var paths: [String] { files.keys.sorted() }

    package func text(at path: String) -> String? {
        guard case .bytes(let bytes)? = files[path] else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
