import FoldoutBase

/// JSON written straight as bytes, every string through `ScriptString`, so the result is safe
/// inside a `<script>` element: no value can close it (`</script>`) or open a comment
/// (`<!--`). Structured data of a catalog page lists thousands of items, so no dictionary
/// or `JSONSerialization` is made per item.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    /// Whether the next value or key needs a comma before it.
    private var afterValue = false

    package init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    package mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        afterValue = false
    }

    package mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        afterValue = true
    }

    package mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        afterValue = false
    }

    package mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        afterValue = true
    }

    /// A key of the object under way; its value follows.
    package mutating func key(_ name: String) {
        separate()
        ScriptString.append(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        afterValue = false
    }

    package mutating func string(_ text: String) {
        separate()
        ScriptString.append(text, to: &bytes)
        afterValue = true
    }

    package mutating func number(_ number: Int) {
        separate()
        bytes.append(contentsOf: String(number).utf8)
        afterValue = true
    }

    /// `"name": "text"`.
    package mutating func property(_ name: String, _ text: String) {
        key(name)
        string(text)
    }

    package mutating func property(_ name: String, _ number: Int) {
        key(name)
        self.number(number)
    }

    /// Bytes written as they are (what surrounds the JSON).
    package mutating func raw(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
    }

    private mutating func separate() {
        if afterValue { bytes.append(UInt8(ascii: ",")) }
    }
}
