import FoldoutBase
import FoldoutImages
import FoldoutLoading
import FoldoutMarkdown
import FoldoutModel
import Foundation

/// An item's page: its photo, gallery, fields and neighbours.
extension SitePresenter {
    package func itemContext(_ item: Item, catalog: Catalog?) -> TemplateContext {
        let links = links(from: item.outputPath)
        let configuration = catalog.flatMap { configurations[$0.id] } ?? .standard
        let breadcrumb: [TemplateContext] = item.trail.map { step in
            [.title: .text(step.title), .url: .text(links.url(to: step.path, fragment: step.fragment))]
        }
        let fields = fieldsContext(item, list: configuration.fields, catalog: catalog)
        let badges = badgesContext(item, fields: configuration.row.badges)
        let label = rowLabel(item, configuration: configuration.row)
        let image = item.image.map { imageContext($0, use: .itemPhoto, alt: $0.alt, links: links) }
        // A gallery when there is more than one photo to show; its slides open their largest file.
        let photos = Self.photos(of: item)
        let slides: [TemplateContext] =
            photos.count < 2
            ? []
            : photos.enumerated().map { index, photo in
                imageContext(
                    photo, use: .gallerySlide(index: index),
                    alt: photo.altIsWritten
                        ? "\(photo.alt), photo \(index + 1) of \(photos.count)"
                        : "Photo \(index + 1) of \(photos.count) of \(item.title)", links: links)
            }
        let tags: [TemplateContext] = item.tags.map { name in
            [
                .name: .text(name), .hasURL: .flag(tagIndex != nil),
                .url: .text(tagIndex.map { links.url(to: $0.outputPath(ofTag: name)) } ?? ""),
            ]
        }
        let date = item.date ?? ""
        let neighbours = (pager ?? ItemPager(site: site))[item.id]
        func neighbour(_ other: ItemPager.Neighbour?) -> TemplateContext? {
            other.map { [.title: .text($0.title), .url: .text(links.url(to: $0.outputPath))] }
        }
        let previous = neighbour(neighbours?.previous), next = neighbour(neighbours?.next)
        let subPages = (neighbours?.pages ?? []).compactMap { neighbour($0) }
        // The list's heading says what the catalog calls the pages ("Lessons"), capitalised.
        let pagesWord = configuration.pageNoun.plural
        let subPagesHeading = pagesWord.prefix(1).uppercased() + pagesWord.dropFirst()
        let home = catalog?.outputPath ?? "index.html"
        let context: TemplateContext = [
            .title: .text(item.title),
            .hasRowLabel: .flag(!label.isEmpty),
            .rowLabel: .text(label),
            .summary: .text(item.summary),
            .bodyHTML: .text(item.bodyHTML),
            .date: .text(date),
            .hasDate: .flag(!date.isEmpty),
            .hasMachineDate: .flag(Self.isMachineReadableDate(date)),
            .image: TemplateValue(image),
            .hasGallery: .flag(!slides.isEmpty),
            .photos: .list(slides),
            .galleryScriptURL: .text(slides.isEmpty ? "" : links.url(to: "assets/gallery.js")),
            .fields: .list(fields),
            .hasFields: .flag(!fields.isEmpty),
            .tags: .list(tags),
            .hasTags: .flag(!tags.isEmpty),
            .badges: .list(badges),
            .hasBadges: .flag(!badges.isEmpty),
            .states: .list(badges),
            .breadcrumb: .list(breadcrumb),
            .previous: TemplateValue(previous),
            .next: TemplateValue(next),
            .hasPager: .flag(previous != nil || next != nil),
            .subPages: .list(subPages),
            .hasSubPages: .flag(!subPages.isEmpty),
            .subPagesHeading: .text(subPagesHeading),
            .sectionTitle: .text(neighbours?.sectionTitle ?? ""),
            .catalogTitle: .text(catalog?.title ?? site.title),
            .catalogURL: .text(links.url(to: home)),
            .rowURL: .text(links.url(to: home, fragment: item.anchor)),
        ]
        return [.item: .context(context)]
    }

    /// The item's fields for its page, as `fields:` lists them (or all of them). A value that
    /// names another item of the catalog (`ItemNames`) links to it, through `parts`.
    package func fieldsContext(_ item: Item, list: DetailFieldList, catalog: Catalog? = nil) -> [TemplateContext] {
        var contexts: [TemplateContext] = []
        let fieldNames = fieldNames ?? FieldNames()
        let links = links(from: item.outputPath)
        let itemNames = catalog.map { _ in self.itemNames ?? ItemNames(site: site) }
        // A local link in a Markdown value leads to the item it names (`rex.md`, `rex`,
        // `rex.html`), as in a body; one naming no item becomes its text (`FieldMarkdown`).
        let folder = item.sourcePath.contains("/") ? String(item.sourcePath[..<item.sourcePath.lastIndex(of: "/")!]) : ""
        func markdownLink(_ destination: String) -> String? {
            let local = OutputPath.localLink(destination)
            guard let path = OutputPath.resolve(String(local.path), inFolder: local.fromRoot ? "" : folder) else { return nil }
            let stem = path.hasSuffix(".html") ? String(path.dropLast(5)) : path.hasSuffix("/") ? String(path.dropLast()) : path
            guard let target = [path, stem + ".md"].lazy.compactMap({ self.site.item(atSource: $0) }).first else { return nil }
            return links.url(to: target.outputPath, fragment: local.fragment)
        }
        // Ids on the page so far, which a value's footnotes keep clear of: the body's, then
        // each value's (made at the first Markdown value; most pages have none).
        var takenIDs: Set<String>?
        func add(_ key: String, _ value: FieldValue?, label: String?, unit: String? = nil, isMarkdown: Bool = false) {
            guard let value else { return }
            var text = Self.displayText(value)
            if let unit, let number = FieldDeclaration.Field.number(value) {
                text += " " + FieldDeclaration.Field.unitWord(unit, for: number)
            }
            guard !text.isEmpty else { return }
            let names = fieldNames[key]
            let parts = itemNames?.parts(of: value, in: catalog?.id, from: item) ?? []
            let hasItemLinks = parts.contains { $0.path != nil }
            let partContexts: [TemplateContext] =
                !hasItemLinks
                ? []
                : parts.enumerated().map { index, part in
                    [
                        .text: .text(part.text), .hasURL: .flag(part.path != nil),
                        .url: .text(part.path.map { links.url(to: $0) } ?? ""), .separator: .text(index == 0 ? "" : ", "),
                    ]
                }
            var context: TemplateContext = [
                .key: .text(names.slug), .label: .text(label ?? names.label), .value: .text(text),
                .isLink: .flag(text.hasPrefix("https://") || text.hasPrefix("http://")),
                .hasItemLinks: .flag(hasItemLinks), .parts: .list(partContexts),
            ]
            Self.addShape(of: value, unit: unit, isMarkdown: isMarkdown, to: &context) { text in
                var taken = takenIDs ?? Set(item.headingIDs)
                defer { takenIDs = taken }
                return FieldMarkdown.html(text, field: (names.slug, label ?? names.label), takenIDs: &taken, link: markdownLink)
            }
            contexts.append(context)
        }
        if let entries = list.entries {
            for entry in entries where !DetailFieldList.neverListed.contains(entry.key) {
                add(entry.key, item.value(for: entry.key), label: entry.label, unit: entry.unit, isMarkdown: entry.isMarkdown)
            }
        } else {
            let images = item.images
            for field in item.fields
            where !DetailFieldList.neverListed.contains(field.key) && !DetailFieldList.isOtherToolKey(field.key, value: field.value)
                && (images.isEmpty || images[field.key] == nil)
            {
                add(field.key, field.value, label: nil)
            }
        }
        return contexts
    }
}
