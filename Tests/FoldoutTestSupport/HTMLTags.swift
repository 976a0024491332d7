import Foundation

/// A deliberately small reader of the HTML Foldout writes: start and end tags with their
/// attributes, in document order, and the text between them. Enough to follow links, ids
/// and `<details>` nesting; not a general HTML parser.
package struct HTMLTag: Equatable {
    package var name: String
    package var isEnd: Bool
    package var attributes: [String: String]
    /// Text between this tag and the next one, entities decoded.
    package var followingText: String
}

package enum HTMLTags {
    package static func scan(_ html: String) -> [HTMLTag] {
        var tags: [HTMLTag] = []
        let text = stripComments(html)
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: "<") {
            guard let close = text[open...].firstIndex(of: ">") else { break }
            let inside = text[text.index(after: open)..<close]
            let next = text[text.index(after: close)...].firstIndex(of: "<") ?? text.endIndex
            let following = decodeEntities(String(text[text.index(after: close)..<next]))
            if let tag = parseTag(inside, followingText: following) { tags.append(tag) }
            index = text.index(after: close)
        }
        return tags
    }

    private static func stripComments(_ html: String) -> String {
        var result = ""
        var rest = Substring(html)
        while let start = rest.range(of: "<!--") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "-->") else { return result }
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    private static func parseTag(_ inside: Substring, followingText: String) -> HTMLTag? {
        var body = inside
        let isEnd = body.hasPrefix("/")
        if isEnd { body = body.dropFirst() }
        if body.hasPrefix("!") { return nil }  // <!doctype html>
        let name = body.prefix { $0.isLetter || $0.isNumber }
        guard !name.isEmpty else { return nil }
        return HTMLTag(
            name: name.lowercased(), isEnd: isEnd, attributes: parseAttributes(body.dropFirst(name.count)),
            followingText: followingText)
    }

    private static func parseAttributes(_ text: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = text[...]
        func skipSpaces() { rest = rest.drop { $0.isWhitespace || $0 == "/" } }
        skipSpaces()
        while !rest.isEmpty {
            let name = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" && $0 != "/" }
            guard !name.isEmpty else { rest = rest.dropFirst(); skipSpaces(); continue }
            rest = rest.dropFirst(name.count)
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst()
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    rest = rest.dropFirst()
                    let raw = rest.prefix { $0 != quote }
                    value = String(raw)
                    rest = rest.dropFirst(raw.count + 1)
                } else {
                    let raw = rest.prefix { !$0.isWhitespace }
                    value = String(raw)
                    rest = rest.dropFirst(raw.count)
                }
            }
            attributes[name.lowercased()] = decodeEntities(value)
            skipSpaces()
        }
        return attributes
    }

    package static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semicolon = after.prefix(10).firstIndex(of: ";") {
                let entity = after[..<semicolon]
                if let decoded = decodeEntity(entity) {
                    result += decoded
                    rest = after[after.index(after: semicolon)...]
                    continue
                }
            }
            result += "&"
            rest = after
        }
        return result + rest
    }

    private static func decodeEntity(_ entity: Substring) -> String? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard entity.hasPrefix("#") else { return nil }
            let number = entity.dropFirst()
            let value = number.hasPrefix("x") || number.hasPrefix("X") ? UInt32(number.dropFirst(), radix: 16) : UInt32(number)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }
}
