/// The files Foldout makes of one source image, planned from its header alone (so pages can
/// name them, with their exact sizes, before any pixel is decoded): sets of variants in
/// WebP (and AVIF when asked) and in a fallback format every browser shows.
package struct ImagePlan: Sendable, Equatable {
    /// The site's choices (`Content/_index.md`).
    package struct Options: Sendable, Equatable {
        /// Widths of the variants of a photo shown large; none is wider than its source.
        package var widths: [Int] = [480, 960, 1600, 2400]
        package var avif = false
        package var quality = 80
        /// Keep EXIF, XMP, IPTC and ICC data in what is published.
        package var keepsMetadata = false

        package init(widths: [Int] = [480, 960, 1600, 2400], avif: Bool = false, quality: Int = 80, keepsMetadata: Bool = false) {
            self.widths = widths
            self.avif = avif
            self.quality = quality
            self.keepsMetadata = keepsMetadata
        }
    }

    /// One file to make: where it goes in `Output/` and how it is made.
    package struct Variant: Sendable, Equatable {
        package var path: String
        package var operation: ImageOperation
        package var width: Int { operation.size.width }
        package var height: Int { operation.size.height }
    }

    /// The variants of one format, smallest first: one `<source>` (or the `<img>` itself).
    package struct Source: Sendable, Equatable {
        package var format: ImageFormat
        package var variants: [Variant]
    }

    /// Best first: AVIF, WebP, then the fallback, which the `<img>` names.
    package var sources: [Source]

    package var fallback: Source { sources[sources.count - 1] }
    /// The size the page states in `width` and `height`: the fallback's largest variant.
    package var width: Int { fallback.variants.last!.width }
    package var height: Int { fallback.variants.last!.height }
    package var allVariants: [Variant] { sources.flatMap(\.variants) }

    /// A photo shown large: one variant per width in `options` narrower than the source, and
    /// one at the source's own width when it is narrower than the widest of them.
    package static func responsive(_ path: String, header: ImageHeader, options: Options) -> ImagePlan {
        var widths = options.widths.filter { $0 > 0 && $0 < header.width }.sorted()
        if header.width <= (options.widths.max() ?? 0) || widths.isEmpty { widths.append(header.width) }
        let sizes = Set(widths).sorted().map { width in
            (width, max(1, Int((Double(header.height) * Double(width) / Double(header.width)).rounded())))
        }
        return ImagePlan(
            sources: formats(of: header, options).map { format in
                Source(
                    format: format,
                    variants: sizes.map { width, height in
                        Variant(
                            path: name(path, "\(width)w", format),
                            operation: ImageOperation(
                                shape: .fit(width: width, height: height), format: format,
                                quality: options.quality, keepsMetadata: options.keepsMetadata))
                    })
            })
    }

    /// A square thumbnail of `side` pixels, and one of twice that for sharp screens (each
    /// only when the source is that large).
    package static func square(
        _ path: String, header: ImageHeader, side: Int, focus: ImageOperation.Focus?,
        options: Options
    ) -> ImagePlan {
        let largest = min(header.width, header.height)
        var sides = [side, 2 * side].filter { $0 <= largest }
        if sides.isEmpty { sides = [max(1, largest)] }
        return square(path, header: header, sides: sides, focus: focus, options: options)
    }

    private static func square(
        _ path: String, header: ImageHeader, sides: [Int], focus: ImageOperation.Focus?,
        options: Options
    ) -> ImagePlan {
        // Two items can crop one photo around different points: the point is in the name.
        let focusTag = focus.map { "-f\(Int(($0.x * 100).rounded()))-\(Int(($0.y * 100).rounded()))" } ?? ""
        return ImagePlan(
            sources: formats(of: header, options).map { format in
                Source(
                    format: format,
                    variants: sides.map { side in
                        Variant(
                            path: name(path, "sq\(side)\(focusTag)", format),
                            operation: ImageOperation(
                                shape: .square(side: side, focus: focus), format: format,
                                quality: options.quality, keepsMetadata: options.keepsMetadata))
                    })
            })
    }

    /// A grid or carousel card's square image at each of `sides` (pixels: the card's width
    /// at 1x and 2x, see `CardImageSize`), for a `srcset` with widths. A side the source
    /// cannot fill becomes the source's own: a small photo is published at its size, never
    /// upscaled, and the page draws it no wider.
    package static func card(
        _ path: String, header: ImageHeader, sides: [Int], focus: ImageOperation.Focus?,
        options: Options
    ) -> ImagePlan {
        let largest = max(1, min(header.width, header.height))
        let sides = Set(sides.filter { $0 > 0 }.map { min($0, largest) }).sorted()
        return square(path, header: header, sides: sides.isEmpty ? [largest] : sides, focus: focus, options: options)
    }

    /// The image a link preview shows (`PreviewImage`): `width` pixels wide, or the source's
    /// own width when that is less, in the source's fallback format. Named as a variant of the
    /// same width is, so it is one file with the variant `responsive` makes of that width.
    package static func preview(_ path: String, header: ImageHeader, width: Int, options: Options) -> PreviewImage {
        let width = max(1, min(width, header.width))
        let height = max(1, Int((Double(header.height) * Double(width) / Double(header.width)).rounded()))
        let format = header.format.fallback
        let operation = ImageOperation(
            shape: .fit(width: width, height: height), format: format, quality: options.quality,
            keepsMetadata: options.keepsMetadata)
        return PreviewImage(path: name(path, "\(width)w", format), width: width, height: height, format: format, operation: operation)
    }

    /// The tiny blurred copy inlined under the image while it loads: 16 pixels across.
    package static func placeholder(header: ImageHeader) -> ImageOperation {
        let width = min(16, header.width)
        let height = max(1, Int((Double(header.height) * Double(width) / Double(header.width)).rounded()))
        return ImageOperation(shape: .placeholder(width: width, height: height), format: .webp, quality: 40)
    }

    private static func formats(of header: ImageHeader, _ options: Options) -> [ImageFormat] {
        (options.avif ? [.avif, .webp] : [.webp]) + [header.format.fallback]
    }

    /// `pets/rex.jpg`, `480w`, WebP → `pets/rex-480w.webp`.
    static func name(_ path: String, _ tag: String, _ format: ImageFormat) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let stem = path[slash...].lastIndex(of: ".").map { path[..<$0] } ?? Substring(path)
        return stem + "-" + tag + "." + format.fileExtension
    }
}
