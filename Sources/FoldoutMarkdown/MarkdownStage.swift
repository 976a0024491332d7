import FoldoutBase
import FoldoutImages
import FoldoutLoading

/// The Markdown stage for one page: its body through libcmark (or the build cache, when the
/// file, its path and the options are the same and every link in it still resolves the same
/// way), and the images its front matter names. Made once per build, after routing; used
/// for every page, and by `foldout serve` to show an edited item before the whole rebuild.
package struct MarkdownStage: Sendable {
    package var renderer: PageBodyRenderer
    package var routes: any LinkRouting
    /// Ids an `_index.md` intro must avoid, by catalog folder ("" for the site's).
    package var introReservedIDs: [String: Set<String>]
    /// Heading ids an intro gave up to another on its page (`care` is `care-1` there), by the
    /// intro's file: a link from elsewhere to `cats/_index.md#care` leads to `#care-1`.
    package var renamedIntroIDs: [String: [String: String]] = [:]
    /// Pixel sizes of the content's images by output path (nil: not an image Foldout can read).
    package var imageSizes: [String: ImageSize?]
    /// The images shown through their variants: a body's `![…](photo.jpg)` becomes a `<picture>`.
    package var images: SiteImages
    package var loader: ContentLoader
    package var fileDigests: [String: UInt64]
    package var cache: (any MarkdownCache)?
    private let baseOptionsDigest: UInt64

    package init(
        renderer: PageBodyRenderer, routes: any LinkRouting, introReservedIDs: [String: Set<String>],
        imageSizes: [String: ImageSize?], images: SiteImages = SiteImages(), loader: ContentLoader, fileDigests: [String: UInt64],
        cache: (any MarkdownCache)?
    ) {
        self.renderer = renderer
        self.routes = routes
        self.introReservedIDs = introReservedIDs
        self.imageSizes = imageSizes
        self.images = images
        self.loader = loader
        self.fileDigests = fileDigests
        self.cache = cache
        baseOptionsDigest = Self.digest(of: renderer.markdown.options)
    }

    /// `path` is the file's path in the content folder; its route must be known. An intro
    /// shown on a page with others keeps clear of their ids, `alsoReserved`.
    package func render(_ path: String, page: ParsedPage, fileDigest: UInt64? = nil, alsoReserved: Set<String> = []) -> RenderedPage {
        let display = loader.displayPath(path)
        let (pagePath, isOwnPage) = routes.page(showing: path)!
        var bodyRenderer = renderer
        var optionsDigest = baseOptionsDigest
        if !isOwnPage, let ids = introReservedIDs[path.contains("/") ? String(path.prefix { $0 != "/" }) : ""] {
            bodyRenderer.markdown.options.reservedIDs.formUnion(ids)
            optionsDigest = Self.digest(of: bodyRenderer.markdown.options)
        }
        if !alsoReserved.isEmpty {
            bodyRenderer.markdown.options.reservedIDs.formUnion(alsoReserved)
            optionsDigest = Self.digest(of: bodyRenderer.markdown.options)
        }
        let routes = routes
        let siteImages = images
        let renamedIntroIDs = renamedIntroIDs
        let body = renderBody(
            page, displayPath: display, fileDigest: fileDigest ?? fileDigests[path] ?? 0,
            renderer: bodyRenderer, optionsDigest: optionsDigest,
            resolve: { destination, isImage in
                var resolution = routes.resolve(destination, inSource: path, fromPage: pagePath)
                if !renamedIntroIDs.isEmpty, !isImage, destination.contains("#"), case .rewritten(_, let target, let fragment?) = resolution,
                    let intro = routes.indexFile(ofLink: destination, inSource: path), let id = renamedIntroIDs[intro]?[fragment]
                {
                    resolution = .rewritten(OutputPath.relativeURL(from: pagePath, to: target, fragment: id), page: target, fragment: id)
                }
                guard isImage, case .rewritten(let url, let target, _) = resolution, let source = siteImages.sources[target] else {
                    return resolution
                }
                guard let plan = siteImages.responsive(target) else {
                    return .picture(PictureMarkup(asIs: url, width: source.header.width, height: source.header.height), page: target)
                }
                return .picture(PictureMarkup(plan: plan, from: pagePath, placeholder: siteImages.placeholders[target]), page: target)
            })
        var found = body.diagnostics
        var images: [String: ImageReference] = [:]
        let alt = page.frontMatter["image_alt"]?.stringValue
        func reference(_ written: String, key: String, warnsWhenMissing: Bool) -> ImageReference? {
            // `javascript:alert(1)//.png` looks like an image too: only safe URLs become `src`.
            guard SafeURL.isAllowed(written) else {
                found.append(
                    .warning(
                        display, line: page.line(of: key),
                        "image `\(written)` was left out: only http(s) URLs and paths to files are allowed",
                        hint: "give a path relative to this file, or an https:// address"))
                return nil
            }
            var reference = ImageReference(location: written, isExternal: true, alt: alt ?? body.title, altIsWritten: alt != nil)
            if OutputPath.isLocal(written) {
                guard let target = routes.outputPath(ofLink: written, inSource: path), let size = imageSizes[target] else {
                    if warnsWhenMissing {
                        let meant = routes.imageWithoutCase(ofLink: written, inSource: path)
                        found.append(
                            .warning(
                                display, line: page.line(of: key),
                                "image `\(written)` not found" + (meant.map { " — did you mean `\($0)`?" } ?? ""),
                                hint: meant != nil
                                    ? "a file's name must be written as the file has it, capitals included"
                                    : MissingPathHint.hint(for: written, otherwise: "put the image file beside this page or fix the path; it is relative to this file")))
                    }
                    return nil
                }
                reference.location = target
                reference.isExternal = false
                reference.size = size
            }
            return reference
        }
        for (key, value) in page.frontMatter.fields where key == "image" || value.looksLikeImage {
            guard let written = value.stringValue, !written.isEmpty else { continue }
            images[key] = reference(written, key: key, warnsWhenMissing: key == "image" || key == "photos")
        }
        // `photos: [rex.jpg, rex-2.jpg]`: the gallery of the item's page, as `photos[0]`, `photos[1]`, ….
        if case .list(let values)? = page.frontMatter["photos"] {
            for (index, value) in values.enumerated() {
                guard let written = value.stringValue, !written.isEmpty else { continue }
                images["photos[\(index)]"] = reference(written, key: "photos", warnsWhenMissing: true)
            }
        }
        found.sort { ($0.line ?? 0) < ($1.line ?? 0) }  // stable: a file's problems read top to bottom
        // The Markdown source is not needed after this stage: it is dropped, not carried along.
        var parsed = page
        parsed.body = ""
        var imageFiles: [(path: String, asPicture: Bool)] = []
        var linkedFiles: [String] = []
        for link in body.links {
            switch link.resolution {
            case .picture(_, let target):
                imageFiles.append((target, true))
                linkedFiles.append(target)
            case .rewritten(_, let target, _):
                if siteImages.sources[target] != nil || siteImages.problems[target] != nil { imageFiles.append((target, false)) }
                linkedFiles.append(target)
            default: break
            }
        }
        for image in images.values where !image.isExternal { linkedFiles.append(image.location) }
        return RenderedPage(
            parsed: parsed, html: body.html, title: body.title, summary: body.summary, headingIDs: body.headingIDs,
            anchorLinks: body.anchorLinks, image: images["image"], images: images, imageFiles: imageFiles, linkedFiles: linkedFiles,
            problems: found)
    }

    private func renderBody(
        _ page: ParsedPage, displayPath: String, fileDigest: UInt64, renderer: PageBodyRenderer,
        optionsDigest: UInt64, resolve: (String, Bool) -> PageBodyRenderer.Resolution
    ) -> RenderedBody {
        var hasher = ContentHash()
        hasher.combine(fileDigest)
        hasher.combine(page.path)
        hasher.combine(displayPath)
        hasher.combine(optionsDigest)
        let key = hasher.finalize()
        if let cached = cache?.body(key), cached.links.allSatisfy({ resolve($0.destination, $0.isImage) == $0.resolution }) {
            return cached
        }
        var links: [RenderedBody.Link] = []
        var diagnostics: [Diagnostic] = []
        let result = renderer.render(
            page, displayPath: displayPath,
            resolve: { destination, isImage in
                let resolution = resolve(destination, isImage)
                links.append((destination, isImage, resolution))
                return resolution
            }, diagnostics: &diagnostics)
        let body = RenderedBody(
            html: result.html, title: result.title, summary: result.summary,
            headingIDs: result.headingIDs, anchorLinks: result.anchorLinks, diagnostics: diagnostics,
            links: links)
        cache?.store(body, for: key)
        return body
    }

    /// A digest of the Markdown options, part of each cached body's key.
    package static func digest(of options: MarkdownRenderer.Options) -> UInt64 {
        var hasher = ContentHash()
        hasher.combine(options.allowRawHTML)
        hasher.combine(options.dropTitleHeading)
        hasher.combine(options.tableAlignment == .alignAttribute)
        hasher.combine(options.smartPunctuation)
        hasher.combine(options.reservedIDs.count)
        for id in options.reservedIDs.sorted() { hasher.combine(id) }
        // Bodies keep the default naming: their keys stay as they were before it existed.
        if options.footnotes != Footnotes.Naming() {
            hasher.combine(options.footnotes.idPrefix)
            hasher.combine(options.footnotes.label)
        }
        return hasher.finalize()
    }
}
