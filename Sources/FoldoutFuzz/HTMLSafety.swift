/// A small scanner over HTML that Foldout wrote. Text is escaped, so every `<` opens a tag;
/// the scanner reads tag names and attributes and stops the process when one could run script.
enum HTMLSafety {
    /// Tags libcmark writes, plus the comment it leaves for dropped raw HTML.
    static let cmarkTags: Set<String> = [
        "a", "blockquote", "br", "code", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "img", "li", "ol", "p",
        "pre", "strong", "ul", "!--",
    ]

    /// What raw HTML may add when the site keeps it off (written apart from `HTMLAllowlist`
    /// on purpose, from the issue that asked for it): the inline HTML content uses, and the
    /// tags of pipe tables, whose pages go through the allowlist whole.
    static let allowlistTags: Set<String> = cmarkTags.union([
        "span", "kbd", "sup", "sub", "abbr", "mark", "details", "summary", "del",
        "table", "thead", "tbody", "tr", "th", "td",
    ])

    /// Attributes that fetch, frame or style something whatever the tag.
    static let forbiddenAttributes: Set<String> = [
        "srcdoc", "srcset", "formaction", "action", "xlink:href", "background",
        "poster", "data", "codebase", "dynsrc", "lowsrc",
    ]

    static func tagNames(in html: String) -> Set<String> {
        var names: Set<String> = []
        scan(html) { name, _ in names.insert(name) }
        return names
    }

    /// `written`, when given: the attributes each tag may carry because Foldout's templates,
    /// its own markup writers or the raw HTML allowlist write them; any other is a finding.
    static func check(_ html: String, allowedTags: Set<String>, written: [String: Set<String>]? = nil, origin: String) {
        scan(html) { name, attributes in
            guard allowedTags.contains(name) else { fatalError("\(origin): unexpected tag <\(name)>") }
            for (attribute, value) in attributes {
                if attribute.hasPrefix("on") { fatalError("\(origin): event handler \(attribute) on <\(name)>") }
                if let written {
                    guard written[name]?.contains(attribute) == true else {
                        fatalError("\(origin): <\(name) \(attribute)=…>, an attribute nothing of Foldout's writes there")
                    }
                } else if forbiddenAttributes.contains(attribute) {
                    fatalError("\(origin): \(attribute) on <\(name)>")
                }
                if attribute == "style",
                    !(((name == "th" || name == "td") && value.hasPrefix("text-align: "))
                        || (name == "img" && value.hasPrefix("background-image:url(data:image/")))
                {
                    fatalError("\(origin): <\(name) style=\"\(value)\">")
                }
                if attribute == "href" || attribute == "src", !isSafeURL(value) {
                    fatalError("\(origin): <\(name) \(attribute)=\"\(value)\">")
                }
            }
        }
    }

    /// The attributes of each tag in `html`.
    static func attributes(in html: String) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        scan(html) { name, attributes in found[name, default: []].formUnion(attributes.map(\.0)) }
        return found
    }

    /// A template's text with its Mustache tags taken out, so its markup can be scanned:
    /// `<img{{#hasSrcset}} srcset="{{srcset}}"{{/hasSrcset}}>` is `<img srcset="">`.
    static func withoutMustache(_ template: String) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else { return result }
            rest = rest[close.upperBound...]
            if rest.hasPrefix("}") { rest = rest.dropFirst() }
        }
        return result + rest
    }

    /// http(s), mailto, or no scheme at all. Written apart from `SafeURL` on purpose, from
    /// the URL standard: browsers drop tabs and newlines anywhere and controls and spaces at
    /// the start; a scheme is a letter, then letters, digits, `+`, `-` or `.`, then `:`.
    static func isSafeURL(_ value: String) -> Bool {
        let decoded = value.replacingEntity("&amp;", with: "&")
        let scalars = decoded.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }.drop { $0.value <= 0x20 }
        var scheme = ""
        for scalar in scalars {
            if scalar == ":" { return scheme.isEmpty || ["http", "https", "mailto"].contains(scheme.lowercased()) }
            let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            let isOther = ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
            guard isLetter || (!scheme.isEmpty && isOther) else { return true }
            scheme.unicodeScalars.append(scalar)
        }
        return true
    }

    static func scan(_ html: String, _ visit: (String, [(String, String)]) -> Void) {
        let bytes = Array(html.utf8)
        var index = 0
        func isNameByte(_ byte: UInt8) -> Bool {
            !(byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") || byte == 0x0C)
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
            if bytes[index...].starts(with: "!--".utf8) {
                visit("!--", [])
                while index < bytes.count, !bytes[index...].starts(with: "-->".utf8) { index += 1 }
                continue
            }
            if bytes[index...].starts(with: "!doctype".utf8) || bytes[index...].starts(with: "!DOCTYPE".utf8) {
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                continue
            }
            let nameStart = index
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            var attributes: [(String, String)] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                if !isNameByte(bytes[index]) { index += 1; continue }
                let attributeStart = index
                while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
                let attribute = String(decoding: bytes[attributeStart..<index], as: UTF8.self).lowercased()
                var value = ""
                if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                    index += 1
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                        let quote = bytes[index]
                        let valueStart = index + 1
                        index = valueStart
                        while index < bytes.count, bytes[index] != quote { index += 1 }
                        value = String(decoding: bytes[valueStart..<min(index, bytes.count)], as: UTF8.self)
                        index += 1
                    } else {
                        let valueStart = index
                        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
                        value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
                    }
                }
                attributes.append((attribute, value))
            }
            visit(name, attributes)
        }
    }
}

private extension String {
    func replacingEntity(_ entity: String, with replacement: String) -> String {
        split(separator: entity, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
