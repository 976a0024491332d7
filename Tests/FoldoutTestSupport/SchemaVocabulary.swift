import Foundation

/// The part of the schema.org vocabulary Foldout's structured data uses
/// (Tests/fixtures/schemaorg/vocabulary.json, made by extract.py there from a schema.org
/// release): types with their supertypes, properties with the types they are allowed on and
/// the types of their values. Checks JSON-LD against it as schema.org defines its data model.
package struct SchemaVocabulary {
    package var version: String
    package var supertypes: [String: [String]]
    package var properties: [String: (domains: [String], ranges: [String])]

    package init() throws {
        let url = Fixture.packageRoot().appendingPathComponent("Tests/fixtures/schemaorg/vocabulary.json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        version = json["version"] as? String ?? "?"
        supertypes = (json["types"] as! [String: [String: [String]]]).mapValues { $0["supertypes"] ?? [] }
        properties = (json["properties"] as! [String: [String: [String]]]).mapValues {
            (domains: $0["domainIncludes"] ?? [], ranges: $0["rangeIncludes"] ?? [])
        }
    }

    package func hasType(_ name: String) -> Bool { supertypes[name] != nil }

    /// Whether `type` is `ancestor` or one of its subtypes.
    package func isA(_ type: String, _ ancestor: String) -> Bool {
        var queue = [type], seen: Set<String> = []
        while let next = queue.popLast() {
            if next == ancestor { return true }
            if seen.insert(next).inserted { queue += supertypes[next] ?? [] }
        }
        return false
    }

    /// Whether `property` may be used on a `type`: one of its domains is the type or a supertype.
    package func allows(_ property: String, on type: String) -> Bool {
        properties[property]?.domains.contains { isA(type, $0) } ?? false
    }

    /// Whether a value of schema.org type `valueType` fits `property`.
    package func accepts(_ property: String, valueOfType valueType: String) -> Bool {
        properties[property]?.ranges.contains { isA(valueType, $0) } ?? false
    }

    /// What is wrong with a JSON-LD document (decoded by `JSONSerialization`): every node's
    /// `@type` must be a type, every property allowed on it, every value of a type its ranges
    /// take. A string is `Text`; also a `URL` when it reads as an address, and a `Duration` in
    /// ISO 8601; an address may also stand for any node (JSON-LD's reference by `@id`).
    package func problems(in document: Any) -> [String] {
        guard let top = document as? [String: Any] else { return ["the document is not a JSON object"] }
        var found: [String] = []
        if top["@context"] as? String != "https://schema.org" { found.append("@context is not https://schema.org") }
        let nodes = (top["@graph"] as? [[String: Any]]) ?? [top]
        for node in nodes { check(node, at: "", into: &found) }
        return found
    }

    private func check(_ node: [String: Any], at path: String, into found: inout [String]) {
        guard let type = node["@type"] as? String else {
            found.append("\(path): a node without @type")
            return
        }
        guard hasType(type) else {
            found.append("\(path): @type \(type) is not a schema.org type (or not in the vocabulary fixture)")
            return
        }
        for (property, value) in node where !property.hasPrefix("@") {
            let at = path + "/" + property
            guard properties[property] != nil else {
                found.append("\(at): \(property) is not a schema.org property (or not in the vocabulary fixture)")
                continue
            }
            if !allows(property, on: type) { found.append("\(at): \(property) is not a property of \(type)") }
            for element in (value as? [Any]) ?? [value] { checkValue(element, of: property, at: at, into: &found) }
        }
    }

    private func checkValue(_ value: Any, of property: String, at path: String, into found: inout [String]) {
        switch value {
        case let node as [String: Any]:
            check(node, at: path, into: &found)
            if let type = node["@type"] as? String, hasType(type), !accepts(property, valueOfType: type) {
                found.append("\(path): \(property) does not take a \(type)")
            }
        case let text as String:
            var types = ["Text"]
            let isAddress = Self.isAddress(text)
            if isAddress { types.append("URL") }
            if Self.isISODuration(text) { types.append("Duration") }
            if Self.isDate(text) { types.append("Date") }
            let referencesNode = isAddress && (properties[property]?.ranges.contains { isA($0, "Thing") } ?? false)
            if !types.contains(where: { accepts(property, valueOfType: $0) }) && !referencesNode {
                found.append("\(path): \(property) does not take the text \"\(text)\"")
            }
        case let number as NSNumber:
            // true and false read as the numbers 1 and 0 here.
            if accepts(property, valueOfType: "Boolean"), number.doubleValue == 0 || number.doubleValue == 1 { return }
            if !accepts(property, valueOfType: number.doubleValue == number.doubleValue.rounded() ? "Integer" : "Number") {
                found.append("\(path): \(property) does not take the number \(number)")
            }
        case is Bool:
            if !accepts(property, valueOfType: "Boolean") { found.append("\(path): \(property) does not take true or false") }
        default:
            found.append("\(path): \(property) has a value of no schema.org type: \(value)")
        }
    }

    /// An absolute http(s) address, or a relative one to a page or file (`../a/b.html#c`).
    static func isAddress(_ text: String) -> Bool {
        if text.hasPrefix("https://") || text.hasPrefix("http://") { return !text.contains(" ") }
        return !text.contains(" ") && !text.contains(":") && (text.contains(".html") || text.contains("/"))
    }

    static func isDate(_ text: String) -> Bool {
        text.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil
    }

    static func isISODuration(_ text: String) -> Bool {
        text.range(
            of: #"^P(?!$)(\d+(\.\d+)?Y)?(\d+(\.\d+)?M)?(\d+(\.\d+)?W)?(\d+(\.\d+)?D)?(T(?=\d)(\d+(\.\d+)?H)?(\d+(\.\d+)?M)?(\d+(\.\d+)?S)?)?$"#,
            options: .regularExpression) != nil
    }
}
