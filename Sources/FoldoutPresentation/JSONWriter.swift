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

    /// A key of the object under way; its value follows. Keys Foldout writes itself are
    /// ASCII with nothing to escape, and are copied as they are.
    package mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        afterValue = false
    }

    /// A key made at run time (a mapped schema.org property), escaped.
    package mutating func key(named name: String) {
        separate()
        ScriptString.append(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        afterValue = false
    }

    /// `"@type": "name"`, the name one Foldout writes itself (ASCII, nothing to escape).
    package mutating func type(_ name: StaticString) {
        key("@type")
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        afterValue = true
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

    package mutating func bool(_ flag: Bool) {
        separate()
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        afterValue = true
    }

    /// `"name": "text"`.
    package mutating func property(_ name: StaticString, _ text: String) {
        key(name)
        string(text)
    }

    package mutating func property(_ name: StaticString, _ number: Int) {
        key(name)
        self.number(number)
    }

    /// Bytes written as they are: what surrounds the JSON, or a part of it Foldout writes
    /// the same every time (`endsValue` when they end a value or an object's member).
    package mutating func raw(_ raw: [UInt8], endsValue: Bool = false) {
        bytes.append(contentsOf: raw)
        if endsValue { afterValue = true }
    }

    private mutating func separate() {
        if afterValue { bytes.append(UInt8(ascii: ",")) }
    }
}
