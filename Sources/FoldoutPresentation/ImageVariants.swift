import FoldoutBase
import FoldoutImages
import FoldoutMarkdown
import FoldoutModel

/// Every image file the pages will name, planned by `SiteImages` exactly as the presenter
/// names them: each row's square thumbnail, each item's photo and gallery, each image a
/// body shows, each page's link preview image. What `ImageMaker` makes, and what the snapshot publishes.
package struct ImageVariants: Sendable {
    /// One file in `Output/`: made by `operation` from the image whose original is at `source`.
    package struct File: Sendable {
        package var path: String
        package var source: String
        package var operation: ImageOperation
    }

    package var files: [File] = []
    /// Whether some page's link preview names a content image published as it is (a small
    /// PNG): no file is made for it, but the page takes its size from `SiteImages` all the same.
    package var previewsShowOriginals = false

    package init(site: Site, configurations: [String: CatalogPresentation], images: SiteImages, pictured: Set<String>) {
        guard !images.sources.isEmpty else { return }
        var planned: [String: File] = [:]
        func add(_ plan: ImagePlan?, of source: String) {
            for variant in plan?.allVariants ?? [] where planned[variant.path] == nil {
                planned[variant.path] = File(path: variant.path, source: source, operation: variant.operation)
            }
        }
        func addItems(of catalog: Catalog?, _ items: [Item]) {
            let row = catalog.flatMap { configurations[$0.id] }?.row ?? .standard
            for item in items {
                if let field = row.imageField, let image = item.images[field], !image.isExternal, images.sources[image.location] != nil {
                    add(images.square(image.location, side: row.thumbnailSize, focus: SitePresenter.focus(of: item)), of: image.location)
                }
                if let image = item.image, !image.isExternal { add(images.responsive(image.location), of: image.location) }
                let photos = SitePresenter.photos(of: item)
                if photos.count > 1 {
                    for photo in photos where !photo.isExternal { add(images.responsive(photo.location), of: photo.location) }
                }
            }
        }
        // Link previews: each page's image at 1200 pixels (see `SitePresenter.previewImage`).
        func addPreview(_ reference: ImageReference?) {
            guard let reference, !reference.isExternal, let file = images.preview(reference.location) else { return }
            guard let operation = file.operation else {
                previewsShowOriginals = true
                return
            }
            if planned[file.path] == nil { planned[file.path] = File(path: file.path, source: reference.location, operation: operation) }
        }
        for catalog in site.catalogs {
            addItems(of: catalog, catalog.allItems)
            addPreview(SitePresenter.previewImage(item: nil, catalog: catalog, site: site, images: images))
            catalog.forEachItem { addPreview(SitePresenter.previewImage(item: $0, catalog: catalog, site: site, images: images)) }
        }
        addItems(of: nil, site.looseItems?.allItems ?? [])
        site.looseItems?.forEachItem { addPreview(SitePresenter.previewImage(item: $0, catalog: nil, site: site, images: images)) }
        addPreview(SitePresenter.previewImage(item: nil, catalog: nil, site: site, images: images))
        for path in pictured { add(images.responsive(path), of: path) }
        files = planned.values.sorted { $0.path < $1.path }
    }

    /// The files grouped by the image they are made from: one task each.
    package func jobs(_ images: SiteImages) -> [ImageMaker.Job] {
        var operations: [String: [ImageOperation]] = [:]
        for file in files { operations[file.source, default: []].append(file.operation) }
        return operations.compactMap { source, operations in
            images.sources[source].map { ImageMaker.Job(source: $0, operations: operations) }
        }
    }
}
