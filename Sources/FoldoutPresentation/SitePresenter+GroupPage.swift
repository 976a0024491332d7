import FoldoutModel

/// The page of its own of a section or group whose intro is long (`Group.pagePath`): its
/// breadcrumb, its intro whole, then its items and sub-groups as a list of links. It fills
/// the item page's template, whose every key it gives: an item page with sub-pages shows
/// the same things.
extension SitePresenter {
    package func groupPageContext(_ group: Group, catalog: Catalog) -> TemplateContext {
        let path = group.pagePath ?? catalog.outputPath
        let links = links(from: path)
        func place(of other: Group) -> String {
            other.pagePath.map { links.url(to: $0) } ?? links.url(to: catalog.outputPath, fragment: other.anchor)
        }
        var breadcrumb: [TemplateContext] = [[.title: .text(catalog.title), .url: .text(links.url(to: catalog.outputPath))]]
        for outer in catalog.groupChain(to: group.anchor).dropLast() where !outer.title.isEmpty {
            breadcrumb.append([.title: .text(outer.title), .url: .text(place(of: outer))])
        }
        let listed: [TemplateContext] = group.entries.map { entry in
            switch entry {
            case .item(let item): [.title: .text(item.title), .url: .text(links.url(to: item.outputPath))]
            case .group(let child):
                if let lead = child.lead {
                    [.title: .text(lead.title), .url: .text(links.url(to: lead.outputPath))]
                } else {
                    [.title: .text(child.title), .url: .text(place(of: child))]
                }
            }
        }
        let noun = (configurations[catalog.id] ?? .standard).itemNoun.plural
        let context: TemplateContext = [
            .title: .text(group.title),
            .hasRowLabel: false, .rowLabel: "",
            .summary: .text(group.summary),
            .bodyHTML: .text(group.introHTML),
            .date: "", .hasDate: false, .hasMachineDate: false,
            .image: TemplateValue(nil as TemplateContext?),
            .hasGallery: false, .photos: .list([]), .galleryScriptURL: "",
            .fields: .list([]), .hasFields: false,
            .tags: .list([]), .hasTags: false,
            .badges: .list([]), .hasBadges: false, .states: .list([]),
            .breadcrumb: .list(breadcrumb),
            .previous: TemplateValue(nil as TemplateContext?), .next: TemplateValue(nil as TemplateContext?), .hasPager: false,
            .subPages: .list(listed),
            .hasSubPages: .flag(!listed.isEmpty),
            .subPagesHeading: .text(noun.prefix(1).uppercased() + noun.dropFirst()),
            .sectionTitle: .text(group.title),
            .catalogTitle: .text(catalog.title),
            .catalogURL: .text(links.url(to: catalog.outputPath)),
            // "Back to" leads to the group's place in the outline.
            .rowURL: .text(links.url(to: catalog.outputPath, fragment: group.anchor)),
        ]
        return [.item: .context(context)]
    }
}
