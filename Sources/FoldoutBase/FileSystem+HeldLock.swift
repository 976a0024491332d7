extension FileSystem {
    /// A lock taken with `FileSystem.lockFile`, released when the last reference goes.
    public final class HeldLock: Sendable {
        private let release: @Sendable () -> Void

        public init(release: @escaping @Sendable () -> Void) {
            self.release = release
        }

        deinit { release() }
    }
}
