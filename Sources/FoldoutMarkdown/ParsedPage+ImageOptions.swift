import FoldoutBase
import FoldoutImages

extension ParsedPage {
    /// The site's image settings, from `Content/_index.md`'s front matter:
    ///
    ///     image_widths: [480, 960, 1600, 2400]   # widths of a photo's variants
    ///     image_quality: 80                      # 1 to 100, for WebP, AVIF and JPEG
    ///     image_avif: false                      # also AVIF, before WebP
    ///     keep_image_metadata: false             # keep EXIF (GPS, serials), XMP, IPTC, ICC
    ///     publish_originals: false               # publish each original beside its variants
    ///     image_pixel_limit: 100000000           # refuse larger images before decoding
    ///
    /// A value of the wrong kind is an error naming the line, and the build stops.
    package func imageOptions(displayPath: String, diagnostics: inout [Diagnostic]) -> ImageOptions {
        var options = ImageOptions()
        func problem(_ key: String, _ expected: String, _ found: FieldValue) {
            diagnostics.append(
                .error(
                    displayPath, line: line(of: key), "`\(key)` must be \(expected), found `\(found.text)`",
                    hint: "fix the value or remove the line to use the default"))
        }
        func integer(_ value: FieldValue) -> Int? {
            switch value {
            case .integer(let number): number
            case .number(let number) where number == number.rounded(): Int(exactly: number)
            default: nil
            }
        }
        if let value = frontMatter["image_widths"] {
            let widths: [Int]? =
                switch value {
                case .list(let values): values.map(integer).allSatisfy { $0 != nil } ? values.compactMap(integer) : nil
                default: integer(value).map { [$0] }
                }
            if let widths, !widths.isEmpty, widths.allSatisfy({ (16...8192).contains($0) }) {
                options.plan.widths = Array(Set(widths)).sorted()
            } else {
                problem("image_widths", "a list of widths in pixels from 16 to 8192, such as [480, 960, 1600]", value)
            }
        }
        if let value = frontMatter["image_quality"] {
            if let quality = integer(value), (1...100).contains(quality) {
                options.plan.quality = quality
            } else {
                problem("image_quality", "a number from 1 to 100", value)
            }
        }
        if let value = frontMatter["image_pixel_limit"] {
            if let limit = integer(value), limit > 0 {
                options.pixelLimit = limit
            } else {
                problem("image_pixel_limit", "a number of pixels, such as 100000000", value)
            }
        }
        for (key, set) in [
            ("image_avif", { (o: inout ImageOptions, v: Bool) in o.plan.avif = v }),
            ("keep_image_metadata", { (o: inout ImageOptions, v: Bool) in o.plan.keepsMetadata = v }),
            ("publish_originals", { (o: inout ImageOptions, v: Bool) in o.publishOriginals = v }),
        ] {
            guard let value = frontMatter[key] else { continue }
            if case .bool(let flag) = value { set(&options, flag) } else { problem(key, "true or false", value) }
        }
        return options
    }
}
