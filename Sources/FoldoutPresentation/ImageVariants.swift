import FoldoutBase
import FoldoutImages
import FoldoutMarkdown
import FoldoutModel

/// Every image file the pages will name, planned by `SiteImages` exactly as the presenter
/// names them: each row's square thumbnail, each card's photo in a grid or carousel, each item's photo and gallery, each image a
/// body shows, each page's link preview image. What `ImageMaker` makes, and what the snapshot publishes.
package struct ImageVariants: Sendable {
    /// One file in `Output/`: made by `operation` from the image whose original is at `source`.
    package typealias File = VariantFile

    package var files: [File] = []
    /// Whether some page's link preview names a content image published as it is (a small
    /// PNG): no file is made for it, but the page takes its size from `SiteImages` all the same.
    package var previewsShowOriginals = false

    package init(site: Site, configurations: [String: CatalogPresentation], images: SiteImages, pictured: Set<String>) {
        guard !images.sources.isEmpty else { return }
        var planned: [String: File] = [:]
        func add(_ files: [File]) {
            for file in files where planned[file.path] == nil { planned[file.path] = file }
        }
        func add(_ preview: Preview) {
            switch preview {
            case .none: break
            case .original: previewsShowOriginals = true
            case .file(let file): add([file])
            }
        }
        // Each item's files are planned on all cores, then taken in the order of a walk
        // through the site, the first plan of each path kept.
        func addItems(of catalog: Catalog?, _ items: [Item]) {
            let row = catalog.flatMap { configurations[$0.id] }?.row ?? .standard
            let planned = Parallel.map(items) { item in
                (
                    Self.files(of: item, row: row, images: images),
                    Self.preview(SitePresenter.previewImage(item: item, catalog: catalog, site: site, images: images), images: images)
                )
            }
            for (files, _) in planned { add(files) }
            if let catalog { add(Self.preview(SitePresenter.previewImage(item: nil, catalog: catalog, site: site, images: images), images: images)) }
            for (_, preview) in planned { add(preview) }
            // The cards of grids and carousels, query sections' too, at their widths.
            for section in catalog?.sections ?? site.looseItems.map({ [$0] }) ?? [] {
                let layout = SitePresenter.layout(of: section, in: catalog)
                guard let field = row.imageField,
                    let card = SitePresenter.cardImageSize(
                        layout: layout, columns: section.options.columns ?? catalog?.options.columns,
                        catalog: catalog, configurations: configurations)
                else { continue }
                let cards =
                    (try? Parallel.map(section.allItems) { item -> [File] in
                        guard let image = item.images[field], !image.isExternal, images.sources[image.location] != nil else { return [] }
                        return Self.files(
                            of: images.card(image.location, sides: card.sides, focus: SitePresenter.focus(of: item)),
                            source: image.location)
                    }) ?? []
                for files in cards { add(files) }
            }
        }
        for catalog in site.catalogs { addItems(of: catalog, catalog.allItems) }
        addItems(of: nil, site.looseItems?.allItems ?? [])
        add(Self.preview(SitePresenter.previewImage(item: nil, catalog: nil, site: site, images: images), images: images))
        for path in pictured { add(Self.files(of: images.responsive(path), source: path)) }
        files = planned.values.sorted { $0.path < $1.path }
    }

    private static func files(of plan: ImagePlan?, source: String) -> [File] {
        (plan?.allVariants ?? []).map { File(path: $0.path, source: source, operation: $0.operation) }
    }

    /// An item's row thumbnail, photo and gallery.
    private static func files(of item: Item, row: RowConfiguration, images: SiteImages) -> [File] {
        var files: [File] = []
        if let field = row.imageField, let image = item.images[field], !image.isExternal, images.sources[image.location] != nil {
            files += Self.files(of: images.square(image.location, side: row.thumbnailSize, focus: SitePresenter.focus(of: item)), source: image.location)
        }
        if let image = item.image, !image.isExternal { files += Self.files(of: images.responsive(image.location), source: image.location) }
        let photos = SitePresenter.photos(of: item)
        if photos.count > 1 {
            for photo in photos where !photo.isExternal { files += Self.files(of: images.responsive(photo.location), source: photo.location) }
        }
        return files
    }

    /// What a page's link preview image needs: nothing, a content image published as it is,
    /// or its file at 1200 pixels (see `SitePresenter.previewImage`).
    private enum Preview {
        case none, original, file(File)
    }

    private static func preview(_ reference: ImageReference?, images: SiteImages) -> Preview {
        guard let reference, !reference.isExternal, let file = images.preview(reference.location) else { return .none }
        guard let operation = file.operation else { return .original }
        return .file(File(path: file.path, source: reference.location, operation: operation))
    }
}
