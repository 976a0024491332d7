/// Where a page's UTF-8 goes as it is rendered, in pieces (a template's text between two
/// tags, one escaped value): `PageBytes`, what the build uses, or `ArrayPageBytes`, a plain
/// `[UInt8]`, the reference it is measured and tested against (`SiteRenderer.pageBuffer`
/// chooses). Code that renders into one is generic over it, specialized for each.
package protocol PageByteSink: ~Copyable {
    init(capacity: Int)
    var count: Int { get }
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
    mutating func append(_ byte: UInt8)
    /// The bytes from `start` on, copied.
    func bytes(from start: Int) -> [UInt8]
    /// The bytes, as an array.
    consuming func array() -> [UInt8]
}

extension PageByteSink where Self: ~Copyable {
    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    package mutating func append(_ text: String) {
        // A native string's bytes are read in place (`withUTF8` would want a mutable copy).
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            var text = text
            text.withUTF8 { append($0) }
        }
    }
}

/// The UTF-8 of a page as it is rendered: appended to in pieces, then handed over as an
/// array of exactly its size. A piece is a capacity check and a `memcpy`. Not measured twice
/// as fast as a plain `[UInt8]` on the benchmark corpus (docs/benchmarks.md).
package struct PageBytes: PageByteSink, ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    package private(set) var count = 0

    package init(capacity: Int) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (start + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// The eight bytes of `value`, least significant first.
    package mutating func append(littleEndian value: UInt64) {
        reserve(8)
        UnsafeMutableRawPointer(start + count).storeBytes(of: value.littleEndian, as: UInt64.self)
        count += 8
    }

    package mutating func append(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    /// `body` with the bytes so far, in place.
    package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: start, count: count))
    }

    package func bytes(from start: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: self.start + start, count: count - start))
    }

    /// The bytes, as an array of exactly their count (pages are kept until written, so a
    /// buffer with room to spare would hold up to twice the page).
    package consuming func array() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 { buffer.baseAddress!.initialize(from: start, count: count) }
            initialized = count
        }
    }

    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(count + extra, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.initialize(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = grown
    }
}

/// A page's bytes appended to a plain `[UInt8]`: the reference `PageBytes` is measured and
/// tested against, used only where `SiteRenderer.pageBuffer` asks for it.
package struct ArrayPageBytes: PageByteSink {
    private var storage: [UInt8] = []

    package init(capacity: Int) {
        storage.reserveCapacity(capacity)
    }

    package var count: Int { storage.count }

    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        storage.append(contentsOf: bytes)
    }

    package mutating func append(_ byte: UInt8) {
        storage.append(byte)
    }

    package func bytes(from start: Int) -> [UInt8] {
        Array(storage[start...])
    }

    package consuming func array() -> [UInt8] {
        storage
    }
}
