/// The file a link preview shows of a photo (`og:image`, `twitter:image`): one image 1200
/// pixels wide, the width Facebook, LinkedIn and X ask for, never wider than the photo, in
/// the photo's fallback format (JPEG for photos; PNG for a PNG or a GIF's first frame), which
/// every preview reader takes (few take WebP or AVIF). Its real size is what the tags state.
package struct PreviewImage: Sendable, Equatable {
    /// The width asked for; a narrower photo keeps its own.
    package static let width = 1200
    /// Facebook and LinkedIn show no image smaller than this on either side, so a smaller
    /// photo is passed over for the next choice (a catalog's or the site's image).
    package static let minimumSide = 200

    /// Where it is in `Output/`.
    package var path: String
    package var width: Int
    package var height: Int
    package var format: ImageFormat
    /// How it is made from its photo; nil for a small image published as it is.
    package var operation: ImageOperation?

    package init(path: String, width: Int, height: Int, format: ImageFormat, operation: ImageOperation?) {
        self.path = path
        self.width = width
        self.height = height
        self.format = format
        self.operation = operation
    }
}
