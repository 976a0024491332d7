extension FileSystem {
    /// A file open for reading a part at a time, so a large file (the build record) is read
    /// only as far as a build needs it. Closed when the last reference goes.
    public final class OpenFile: Sendable {
        /// The file's size when it was opened.
        public let size: Int
        private let read: @Sendable (_ offset: Int, _ count: Int) -> [UInt8]?
        private let close: @Sendable () -> Void

        /// `read` is only asked for bytes within the file.
        public init(
            size: Int, read: @escaping @Sendable (_ offset: Int, _ count: Int) -> [UInt8]?,
            close: @escaping @Sendable () -> Void = {}
        ) {
            self.size = size
            self.read = read
            self.close = close
        }

        deinit { close() }

        /// `count` bytes from `offset`; nil when they are not all in the file or cannot be read.
        public func bytes(at offset: Int, count: Int) -> [UInt8]? {
            guard offset >= 0, count >= 0, count <= size - offset else { return nil }
            return read(offset, count)
        }
    }
}
