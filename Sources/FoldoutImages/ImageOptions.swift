/// The site's image settings, from `Content/_index.md`.
public struct ImageOptions: Sendable, Equatable {
    /// Widths, formats, quality and metadata of the variants.
    public var plan = ImagePlan.Options()
    /// Publish each original beside its variants (`publish_originals: true`); by default only
    /// the variants are, which carry no metadata.
    public var publishOriginals = false
    /// Images declaring more pixels are refused before decoding (`image_pixel_limit`).
    public var pixelLimit = ImageCodec.defaultPixelLimit

    public init() {}
}
