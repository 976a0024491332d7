/// What a build wants `Output/` to hold: a set of `path -> contents`, like a diffable
/// data source snapshot. Paths are relative to the output folder.
public struct OutputSnapshot: Sendable {
    public enum Contents: Sendable, Equatable {
        case bytes([UInt8])
        /// A file copied from the source tree (images and other assets), read only when written.
        case copy(from: String)
    }

    public private(set) var files: [String: Contents] = [:]

    public init() {}

    public mutating func add(_ path: String, _ contents: Contents) {
        files[path] = contents
    }

    public mutating func add(_ path: String, text: String) {
        files[path] = .bytes(Array(text.utf8))
    }

    public var paths: [String] { files.keys.sorted() }

    public func text(at path: String) -> String? {
        guard case .bytes(let bytes)? = files[path] else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
