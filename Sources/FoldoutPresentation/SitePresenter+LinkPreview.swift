import FoldoutBase
import FoldoutImages
import FoldoutMarkdown
import FoldoutModel

extension SitePresenter {
    /// Absolute addresses under the site's `base_url`; nil without one.
    package var publicLinks: OutputPath.AbsoluteLinker? {
        site.baseURL.flatMap { $0.isEmpty ? nil : OutputPath.AbsoluteLinker(base: $0) }
    }

    /// The image a page's link preview shows: an item's photo (its `image`, else the first of
    /// its `photos`), else its catalog's `image`, else the site's. A photo in the content
    /// folder counts only when the site has a `base_url` (a preview names it by its absolute
    /// address), Foldout could read it (an SVG or a broken file is skipped) and it is at
    /// least `PreviewImage.minimumSide` pixels on each side; an https: image counts as it is.
    /// `ImageVariants` plans the files from the same choice.
    package static func previewImage(
        item: Item?, catalog: Catalog?, site: Site, images: SiteImages,
        assumingBaseURL: Bool = false
    ) -> ImageReference? {
        let hasBase = assumingBaseURL || !(site.baseURL ?? "").isEmpty
        func usable(_ reference: ImageReference?) -> ImageReference? {
            guard let reference else { return nil }
            if reference.isExternal { return reference }
            guard hasBase, let header = images.sources[reference.location]?.header else { return nil }
            return min(header.width, header.height) >= PreviewImage.minimumSide ? reference : nil
        }
        // In turn, without a list made for every page: most items have one image or none.
        if let item {
            if let image = usable(item.image) { return image }
            if !item.images.isEmpty, let photo = usable(photos(of: item).first) { return photo }
        }
        return usable(catalog?.image) ?? usable(site.image)
    }

    /// The build's one note about a missing `base_url`, when link previews lose an image
    /// for it: some page has one of the content folder's photos to show (see `previewImage`),
    /// which a preview can only name by its absolute address. A site without photos is
    /// spared it (a site for a USB stick needs no address); feeds and `sitemap.xml`, which
    /// need one too, are named in it, and docs/publishing.md explains the setting.
    package static func missingBaseURLNote(site: Site, images: SiteImages, displayPath: (String) -> String) -> Diagnostic? {
        guard (site.baseURL ?? "").isEmpty, !images.sources.isEmpty else { return nil }
        func losesImage(_ item: Item?, _ catalog: Catalog?) -> Bool {
            previewImage(item: item, catalog: catalog, site: site, images: images, assumingBaseURL: true).map { !$0.isExternal } ?? false
        }
        var loses = losesImage(nil, nil)
        for catalog in site.catalogs where !loses {
            loses = losesImage(nil, catalog)
            catalog.forEachItem { item in if !loses { loses = losesImage(item, catalog) } }
        }
        site.looseItems?.forEachItem { item in if !loses { loses = losesImage(item, nil) } }
        guard loses else { return nil }
        return .note(
            displayPath("_index.md"), "`base_url` is not set, so link previews show no photo, and the site has no feeds and no `sitemap.xml`",
            hint: "before publishing, set `base_url: https://…`, the site’s public address (see docs/publishing.md)")
    }

    /// The tags' values of `reference` (see `previewImage`).
    package func linkPreviewImage(_ reference: ImageReference?) -> LinkPreview.Image? {
        guard let reference else { return nil }
        if reference.isExternal {
            return LinkPreview.Image(
                url: reference.location, width: reference.size?.width, height: reference.size?.height,
                mimeType: nil, alt: reference.alt)
        }
        guard let publicLinks, let file = images.preview(reference.location) else { return nil }
        return LinkPreview.Image(
            url: publicLinks.url(to: file.path), width: file.width, height: file.height,
            mimeType: file.format.mimeType, alt: reference.alt)
    }

    /// The preview of an item's page.
    package func linkPreview(ofItem item: Item, catalog: Catalog?) -> LinkPreview {
        let date = item.date.flatMap { Self.isMachineReadableDate($0) ? $0 : nil }
        return LinkPreview(
            type: "article", title: item.title, description: item.summary.isEmpty ? site.description : item.summary,
            siteName: site.title, url: publicLinks?.url(to: item.outputPath),
            image: linkPreviewImage(Self.previewImage(item: item, catalog: catalog, site: site, images: images)),
            publishedTime: date, tags: item.tags, locale: LinkPreview.locale(ofLanguage: site.language))
    }

    /// The preview of a catalog's page.
    package func linkPreview(ofCatalog catalog: Catalog) -> LinkPreview {
        LinkPreview(
            type: "website", title: catalog.title, description: catalog.summary.isEmpty ? site.description : catalog.summary,
            siteName: site.title, url: publicLinks?.url(to: catalog.outputPath),
            image: linkPreviewImage(Self.previewImage(item: nil, catalog: catalog, site: site, images: images)),
            locale: LinkPreview.locale(ofLanguage: site.language))
    }

    /// The preview of any other page (the home page, the tag pages): the site's description
    /// and image; `pagePath` nil for a page with no address of its own (the 404 page).
    package func linkPreview(title: String, pagePath: String?) -> LinkPreview {
        LinkPreview(
            type: "website", title: title, description: site.description, siteName: site.title,
            url: pagePath.flatMap { publicLinks?.url(to: $0) },
            image: linkPreviewImage(Self.previewImage(item: nil, catalog: nil, site: site, images: images)),
            locale: LinkPreview.locale(ofLanguage: site.language))
    }
}
