/// The site's image settings, from `Content/_index.md`.
package struct ImageOptions: Sendable, Equatable {
    /// Widths, formats, quality and metadata of the variants.
    package var plan = ImagePlan.Options()
    /// Publish each original beside its variants (`publish_originals: true`); by default only
    /// the variants are, which carry no metadata.
    package var publishOriginals = false
    /// Images declaring more pixels are refused before decoding (`image_pixel_limit`).
    package var pixelLimit = ImageCodec.defaultPixelLimit

    package init() {}
}
