import FoldoutBase

/// The UTF-8 of a page as it is rendered, appended to in pieces (a template's text between
/// two tags, one escaped value) and handed over as an array. A plain `[UInt8]`: a buffer of
/// our own measured no faster on the benchmark corpus (docs/benchmarks.md).
package struct PageBytes {
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

    package mutating func append(_ bytes: [UInt8]) {
        storage.append(contentsOf: bytes)
    }

    package mutating func append(_ text: String) {
        storage.append(contentsOf: text.utf8)
    }

    /// `text`, escaped for HTML text or an attribute value (`MarkupEscaping.html`).
    package mutating func appendEscapingHTML(_ text: String) {
        MarkupEscaping.appendHTML(text, to: &storage)
    }

    /// The eight bytes of `value`, least significant first.
    package mutating func append(littleEndian value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { storage.append(contentsOf: $0) }
    }

    /// `body` with the bytes so far, in place.
    package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        storage.withUnsafeBufferPointer(body)
    }

    /// The bytes from `start` on, copied.
    package func bytes(from start: Int) -> [UInt8] {
        Array(storage[start...])
    }

    package consuming func array() -> [UInt8] {
        storage
    }
}
