import FoldoutBase
import FoldoutImages
import FoldoutLoading
import FoldoutMarkdown
import FoldoutModel
import Foundation

extension SitePresenter {
    /// How a page shows an image: as a row's square thumbnail, as the square photo of a grid
    /// or carousel card, as an item's photo, or as the slide `index` of its gallery. Each has
    /// its `sizes` and the classes the stylesheet knows.
    package enum ImageUse {
        case thumbnail(side: Int)
        case card(CardImageSize)
        case itemPhoto
        case gallerySlide(index: Int)

        var pictureClass: String? {
            switch self {
            case .thumbnail, .card: "thumbnail-picture"
            case .itemPhoto: "item-picture"
            case .gallerySlide: nil
            }
        }

        var imageClass: String? {
            switch self {
            case .thumbnail: "thumbnail"
            case .card: "thumbnail card-image"
            case .itemPhoto: "item-image"
            case .gallerySlide: nil
            }
        }

        /// The page's main image loads at once; rows and later slides when scrolled to.
        var isLazy: Bool {
            switch self {
            case .thumbnail, .card: true
            case .itemPhoto: false
            case .gallerySlide(let index): index > 0
            }
        }
    }

    /// `sizes` of an item's photo: the page's column on a wide screen, the whole width on a phone.
    package static let itemImageSizes = "(min-width: 48rem) 20rem, min(22rem, 100vw)"
    /// `sizes` of a gallery slide, which shows most of the column.
    package static let gallerySizes = "(min-width: 48rem) 36rem, 85vw"

    /// The keys of one image (docs/templates.md): `picture`, its whole markup (`PictureMarkup`,
    /// the one place a `<picture>` is written), and its parts for templates of their own: the
    /// `<img>`'s `src`, `srcset`, size and placeholder, a `<source>` per modern format, and
    /// `url`, the largest file, to open. An image without variants (external, small,
    /// unreadable) keeps only `src` and its size. `focus`, a thumbnail's focal point, is asked
    /// only for a photo that has variants.
    package func imageContext(
        _ reference: ImageReference, use: ImageUse, alt: String, links: Links,
        focus: () -> ImageOperation.Focus? = { nil }
    ) -> TemplateContext {
        var plan: ImagePlan?
        // Most rows of a large catalog show no photo with variants: no plan is looked for then.
        if !reference.isExternal, images.sources[reference.location] != nil {
            switch use {
            case .thumbnail(let side): plan = images.square(reference.location, side: side, focus: focus())
            case .card(let card): plan = images.card(reference.location, sides: card.sides, focus: focus())
            case .itemPhoto, .gallerySlide: plan = images.responsive(reference.location)
            }
        }
        guard let plan else {
            let url = links.url(of: reference)
            var size = reference.size
            if case .thumbnail(let side) = use { size = (size ?? ImageSize(width: side, height: side)).fitted(in: side) }
            var picture = PictureMarkup.Description(src: url)
            picture.pictureClass = use.pictureClass
            picture.imageClass = use.imageClass
            picture.width = size?.width
            picture.height = size?.height
            if case .card(let card) = use, let width = size?.width, width < card.widest { picture.maxWidth = width }
            picture.isLazy = use.isLazy
            return [
                .picture: .text(PictureMarkup(picture).html(alt: alt)),
                .src: .text(url), .url: .text(url), .alt: .text(alt), .hasSize: .flag(size != nil),
                .width: .number(size?.width ?? 0), .height: .number(size?.height ?? 0),
                .sources: [], .hasSrcset: false, .srcset: "", .sizes: "", .hasPlaceholder: false, .placeholder: "",
            ]
        }
        let sizes: String
        let srcset: (ImagePlan.Source) -> String
        let shown: ImagePlan.Variant
        switch use {
        case .thumbnail:
            // Density descriptors: the square is shown at its 1x size, sharper on a 2x screen.
            sizes = ""
            srcset = { source in
                source.variants.enumerated().map { links.url(to: $1.path) + " \($0 + 1)x" }.joined(separator: ", ")
            }
            shown = plan.fallback.variants[0]
        case .card(let card):
            sizes = card.sizes
            srcset = { source in source.variants.map { links.url(to: $0.path) + " \($0.width)w" }.joined(separator: ", ") }
            shown = plan.fallback.variants[0]
        case .itemPhoto, .gallerySlide:
            sizes = if case .itemPhoto = use { Self.itemImageSizes } else { Self.gallerySizes }
            srcset = { source in source.variants.map { links.url(to: $0.path) + " \($0.width)w" }.joined(separator: ", ") }
            shown = plan.fallback.variants[plan.fallback.variants.count / 2]
        }
        // Each URL list made once, for the markup and for the keys alike.
        let modernSources = plan.sources.dropLast().map { (type: $0.format.mimeType, srcset: srcset($0)) }
        let sources: [TemplateContext] = modernSources.map { source in
            [.type: .text(source.type), .srcset: .text(source.srcset), .sizes: .text(sizes)]
        }
        let fallbackSrcset = srcset(plan.fallback)
        let src = links.url(to: shown.path)
        let placeholder = images.placeholders[reference.location]
        let (width, height) = if case .thumbnail = use { (shown.width, shown.height) } else { (plan.width, plan.height) }
        var picture = PictureMarkup.Description(src: src)
        picture.pictureClass = use.pictureClass
        picture.imageClass = use.imageClass
        picture.sources = modernSources.map { .init(type: $0.type, srcset: $0.srcset) }
        picture.srcset = fallbackSrcset
        picture.sizes = sizes.isEmpty ? nil : sizes
        picture.width = width
        picture.height = height
        picture.isLazy = use.isLazy
        picture.placeholder = placeholder
        if case .card(let card) = use, plan.width < card.widest { picture.maxWidth = plan.width }
        return [
            .picture: .text(PictureMarkup(picture).html(alt: alt)),
            .src: .text(src), .url: .text(links.url(to: plan.fallback.variants.last!.path)),
            .alt: .text(alt), .hasSize: true, .width: .number(width), .height: .number(height),
            .sources: .list(sources), .hasSrcset: true, .srcset: .text(fallbackSrcset), .sizes: .text(sizes),
            .hasPlaceholder: .flag(placeholder != nil), .placeholder: .text(placeholder ?? ""),
        ]
    }

    /// The item's `photos:`, in the order written (`photos[0]`, `photos[1]`, …, or one `photos`).
    package static func photos(of item: Item) -> [ImageReference] {
        guard item.images.count > 1 else { return item.images["photos"].map { [$0] } ?? [] }
        if let one = item.images["photos"] { return [one] }
        return item.images.filter { $0.key.hasPrefix("photos[") }
            .sorted { Int($0.key.dropFirst(7).dropLast()) ?? 0 < Int($1.key.dropFirst(7).dropLast()) ?? 0 }
            .map(\.value)
    }

    /// `image_focus: 0.3, 0.2` (or `[0.3, 0.2]`): the point of the photo a square thumbnail
    /// is cropped around, x and y from 0 (left, top) to 1.
    package static func focus(of item: Item) -> ImageOperation.Focus? {
        let numbers: [Double]
        switch item.value(for: "image_focus") {
        case .string(let text)?: numbers = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        case .list(let values)?:
            numbers = values.compactMap { value in
                switch value {
                case .number(let number): number
                case .integer(let number): Double(number)
                default: nil
                }
            }
        default: return nil
        }
        guard numbers.count == 2 else { return nil }
        return ImageOperation.Focus(x: numbers[0], y: numbers[1])
    }
}
