import FoldoutMarkdown

/// What a row shows (the "cell content configuration"), from `row:` in a catalog's
/// `_index.md`:
///
///     row:
///       title: "{{title}}"                  # primary text; default: the title
///       label: code                         # a field shown beside the title (or "{{code}}")
///       secondary: "{{age}} years old"      # secondary line; default: the first fields of `fields:`, else the summary; false: none
///       image: image                        # field holding the thumbnail; false: none
///       alt: "Photo of {{title}}"           # thumbnail alt text; default: `image_alt`, else none
///       thumbnail: 48                       # largest thumbnail side in pixels
///       placeholder: initial                # a row without a photo: initial, blank or false
///       badges: [status]                    # fields shown as labels and state classes
package struct RowConfiguration: Sendable, Equatable {
    package var title: RowTextTemplate?
    /// A short text beside the title, such as a course's code.
    package var label: RowTextTemplate?
    package var secondary: RowTextTemplate?
    /// The secondary line when `secondary` is not given: the first of the catalog's `fields:`
    /// (`CatalogPresentation.fieldsLine`); the summary when it is nil or renders nothing.
    package var fallbackSecondary: RowTextTemplate?
    package var showsSecondary = true
    /// Field whose image is the thumbnail; nil for none.
    package var imageField: String? = "image"
    package var alt: RowTextTemplate?
    package var thumbnailSize = 48
    package var badges: [String] = []
    /// What a row without a photo shows where the photo would be, in a section where some
    /// row has one, so that every row's text starts in the same place.
    package var placeholder: Placeholder = .initial

    package enum Placeholder: String, Sendable, Equatable, CaseIterable {
        /// A tinted box with the first letter of the row's title.
        case initial
        /// A tinted box.
        case blank
        /// Nothing: the text starts where the photo would.
        case none
    }

    package static let standard = RowConfiguration()
    package static let thumbnailSizes = 16...512

    /// Reads `row:`; problems are described for the caller to report at the key's line.
    package static func read(_ value: FieldValue?, problems: inout [String]) -> RowConfiguration {
        var configuration = RowConfiguration()
        guard let value, value != .null else { return configuration }
        guard case .map(let pairs) = value else {
            problems.append("`row` must be a map with keys such as `secondary`, `image` and `badges`")
            return configuration
        }
        func template(_ key: String, _ raw: FieldValue) -> RowTextTemplate? {
            guard let text = raw.stringValue else {
                problems.append("`row.\(key)` must be text like \"{{field}} …\", found `\(raw.text)`")
                return nil
            }
            do {
                return try RowTextTemplate(text)
            } catch {
                problems.append("`row.\(key)`: \(error.message)")
                return nil
            }
        }
        for (key, raw) in pairs {
            switch key {
            case "title":
                configuration.title = template(key, raw)
            case "label":
                // A field's name, or a template for more than one field.
                if case .string(let field) = raw, !field.isEmpty, !field.contains("{{") {
                    configuration.label = try? RowTextTemplate("{{\(field)}}")
                } else if case .string = raw {
                    configuration.label = template(key, raw)
                } else {
                    problems.append("`row.label` must name a field, like `label: code`, or be text like \"{{code}}\", found `\(raw.text)`")
                }
            case "secondary":
                if raw == .bool(false) { configuration.showsSecondary = false } else { configuration.secondary = template(key, raw) }
            case "alt":
                configuration.alt = template(key, raw)
            case "image":
                if raw == .bool(false) || raw == .null {
                    configuration.imageField = nil
                } else if let field = raw.stringValue, !field.isEmpty {
                    configuration.imageField = field
                } else {
                    problems.append("`row.image` must name the field that holds the image, like `image: photo`, or be false")
                }
            case "thumbnail":
                if case .integer(let size) = raw, thumbnailSizes.contains(size) {
                    configuration.thumbnailSize = size
                } else {
                    problems.append("`row.thumbnail` must be a size in pixels from \(thumbnailSizes.lowerBound) to \(thumbnailSizes.upperBound), found `\(raw.text)`")
                }
            case "placeholder":
                if raw == .bool(false) {
                    configuration.placeholder = .none
                } else if let name = raw.stringValue, let placeholder = Placeholder(rawValue: name), placeholder != .none {
                    configuration.placeholder = placeholder
                } else {
                    problems.append("`row.placeholder` must be `initial`, `blank` or false, found `\(raw.text)`")
                }
            case "badges":
                let values = raw.listValue ?? [raw]
                let names = values.compactMap(\.stringValue).filter { !$0.isEmpty }
                if names.count == values.count {
                    configuration.badges = names
                } else {
                    problems.append("`row.badges` must be a list of field names, like `badges: [status]`")
                }
            default:
                problems.append("`row` has an unknown key `\(key)`; known keys: title, label, secondary, image, alt, thumbnail, placeholder, badges")
            }
        }
        return configuration
    }
}
