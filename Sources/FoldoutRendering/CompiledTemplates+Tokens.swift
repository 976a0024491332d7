import FoldoutPresentation
import Mustache

/// Reading swift-mustache's parsed templates into `CompiledTemplates.Node`s: the tokens are
/// private to the library, so they are read through reflection, once per template.
extension CompiledTemplates {
    /// The nodes of `template`'s tokens (`MustacheTemplate.tokens`, an enum of `text`,
    /// `variable`, `section`...). Nil when they cannot be read as expected.
    package static func nodes(of template: MustacheTemplate, otherEscapers: inout [any MustacheContentType]) -> [Node]? {
        guard let tokens = Mirror(reflecting: template).children.first(where: { $0.label == "tokens" })?.value as? [Any] else { return nil }
        var nodes: [Node] = []
        for token in tokens {
            let mirror = Mirror(reflecting: token)
            guard mirror.displayStyle == .enum, let payload = mirror.children.first, let kind = payload.label else { return nil }
            // Reflecting the payload is most of the cost of reading a template: only the
            // kinds with named fields are.
            var fields: [Any] { Mirror(reflecting: payload.value).children.map(\.value) }
            switch kind {
            case "text":
                guard let text = payload.value as? String else { return nil }
                nodes.append(.text(Array(text.utf8)))
            case "variable", "unescapedVariable":
                let fields = fields
                guard fields.count == 2, let name = fields[0] as? String, let transforms = fields[1] as? [String] else { return nil }
                guard transforms.isEmpty, let parsed = Self.name(name) else { nodes.append(.unsupported); continue }
                nodes.append(.variable(parsed, escaped: kind == "variable"))
            case "section", "invertedSection":
                let fields = fields
                guard fields.count == 3, let name = fields[0] as? String, let transforms = fields[1] as? [String],
                    let body = fields[2] as? MustacheTemplate, let bodyNodes = Self.nodes(of: body, otherEscapers: &otherEscapers)
                else { return nil }
                guard transforms.isEmpty, let parsed = Self.name(name) else { nodes.append(.unsupported); continue }
                nodes.append(.section(parsed, bodyNodes, inverted: kind == "invertedSection"))
            case "partial":
                let fields = fields
                guard fields.count == 3, let name = fields[0] as? String else { return nil }
                // Indentation is repeated on the partial's lines; inheritance overrides blocks.
                guard (fields[1] as? String ?? "").isEmpty, Self.isNil(fields[2]) else {
                    nodes.append(.unsupported)
                    continue
                }
                nodes.append(.partial(name))
            case "contentType":
                guard let type = payload.value as? MustacheContentType else { return nil }
                if type is HTMLEscaping {
                    nodes.append(.contentType(.html))
                } else {
                    otherEscapers.append(type)
                    nodes.append(.contentType(.other(otherEscapers.count - 1)))
                }
            case "dynamicNamePartial", "blockDefinition", "blockExpansion":
                nodes.append(.unsupported)
            default:
                return nil
            }
        }
        return nodes
    }

    /// The name as swift-mustache splits it; nil for `.` and the empty name (the context itself).
    private static func name(_ text: String) -> Name? {
        guard text != "." else { return nil }
        let parts = text.split(separator: ".").map { TemplateKey(String($0)) }
        guard let first = parts.first else { return nil }
        return Name(first: first, rest: Array(parts.dropFirst()), innermostOnly: text.hasPrefix("."))
    }

    private static func isNil(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }
}
