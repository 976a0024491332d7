extension FileSystem {
    /// A folder held open, its files made by name rather than by a path the file system
    /// looks up folder by folder (see `FileSystem.openFolder`). Closed when the last
    /// reference goes.
    public final class OpenFolder: Sendable {
        public let path: String
        private let write: @Sendable (_ name: String, _ fill: Fill) throws -> FileStatus
        private let close: @Sendable () -> Void

        public init(
            path: String, writeFile: @escaping @Sendable (_ name: String, _ fill: Fill) throws -> FileStatus,
            close: @escaping @Sendable () -> Void = {}
        ) {
            self.path = path
            self.write = writeFile
            self.close = close
        }

        deinit { close() }

        /// `FileSystem.writeFile` for the file `name` in this folder.
        public func writeFile(_ name: String, _ fill: Fill) throws -> FileStatus {
            try write(name, fill)
        }
    }
}
