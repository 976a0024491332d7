import FoldoutBase
import FoldoutMarkdown
import FoldoutModel

/// Structured data (JSON-LD, schema.org) of the pages, each as one
/// `<script type="application/ld+json">` for the page's `<head>`: the home page a `WebSite`,
/// a catalog page an `ItemList` of its items in order, an item's page the item (a `Thing`,
/// or what its catalog's `schema:` says, see `SchemaMapping`) and its `BreadcrumbList`.
///
/// Addresses are absolute under `base_url`; without one, relative to the page, as JSON-LD
/// resolves them against the page's own address (from `file://` too). An item's `image`
/// is its link preview's (`linkPreviewImage`), which needs the `base_url`.
extension SitePresenter {
    /// The addresses of output files in the structured data of the page at `pagePath`.
    package struct StructuredDataLinks {
        package var absolute: OutputPath.AbsoluteLinker?
        package var relative: OutputPath.Linker

        package func url(to path: String, fragment: String? = nil) -> String {
            absolute?.url(to: path, fragment: fragment) ?? relative.url(to: path, fragment: fragment)
        }
    }

    package func structuredDataLinks(from pagePath: String) -> StructuredDataLinks {
        StructuredDataLinks(absolute: publicLinks, relative: OutputPath.Linker(from: pagePath))
    }

    /// The home page: the site as a `WebSite`.
    package func homeStructuredData() -> [UInt8] {
        let links = structuredDataLinks(from: "index.html")
        var json = Self.beginScript()
        json.type("WebSite")
        json.property("name", site.title)
        if !site.description.isEmpty { json.property("description", site.description) }
        json.property("url", links.url(to: "index.html"))
        json.property("inLanguage", site.language)
        return Self.endScript(json)
    }

    /// A catalog page: an `ItemList` of every item once, in outline order, each a `ListItem`
    /// with its position, address and name (compact: a catalog can list tens of thousands).
    package func structuredData(ofCatalog catalog: Catalog) -> [UInt8] {
        let links = structuredDataLinks(from: catalog.outputPath)
        let itemCount = catalog.itemCount
        var json = Self.beginScript(capacity: 512 + 120 * itemCount)
        json.type("ItemList")
        json.property("name", catalog.title)
        if !catalog.summary.isEmpty { json.property("description", catalog.summary) }
        json.property("url", links.url(to: catalog.outputPath))
        json.property("numberOfItems", itemCount)
        json.key("itemListElement")
        json.beginArray()
        var position = 0
        catalog.forEachItem { item in
            position += 1
            json.beginObject()
            json.type("ListItem")
            json.property("position", position)
            json.property("url", links.url(to: item.outputPath))
            json.property("name", item.title)
            json.endObject()
        }
        json.endArray()
        return Self.endScript(json)
    }

    /// An item's page: the item as its catalog's schema type with the mapped properties,
    /// and its breadcrumb (the catalog, sections and groups above it, then the item).
    /// `preview`, the page's link preview when made already, gives the image.
    package func structuredData(ofItem item: Item, catalog: Catalog?, preview: LinkPreview? = nil) -> [UInt8] {
        let links = structuredDataLinks(from: item.outputPath)
        let mapping = catalog.flatMap { configurations[$0.id]?.schema } ?? .standard
        var json = Self.beginScript()
        json.key("@graph")
        json.beginArray()
        json.beginObject()
        json.key("@type")
        json.string(mapping.type.name)
        json.property("name", item.title)
        if !item.summary.isEmpty { json.property("description", item.summary) }
        json.property("url", links.url(to: item.outputPath))
        let image = preview.map(\.image) ?? linkPreviewImage(Self.previewImage(item: item, catalog: catalog, site: site, images: images))
        if let image { json.property("image", image.url) }
        for (name, value) in mapping.properties(of: item) {
            json.key(named: name)
            value.write(to: &json)
        }
        json.endObject()
        json.beginObject()
        json.type("BreadcrumbList")
        json.key("itemListElement")
        json.beginArray()
        var position = 0
        func step(_ name: String, _ path: String, _ fragment: String?) {
            position += 1
            json.beginObject()
            json.type("ListItem")
            json.property("position", position)
            json.property("name", name)
            json.property("item", links.url(to: path, fragment: fragment))
            json.endObject()
        }
        for trailStep in item.trail { step(trailStep.title, trailStep.path, trailStep.fragment) }
        step(item.title, item.outputPath, nil)
        json.endArray()
        json.endObject()
        json.endArray()
        return Self.endScript(json)
    }

    /// The element's start, the document's and its `@context`.
    private static let scriptStart = Array(#"<script type="application/ld+json">{"@context":"https://schema.org""#.utf8)
    private static let scriptEnd = Array("</script>".utf8)

    private static func beginScript(capacity: Int = 1024) -> JSONWriter {
        var json = JSONWriter(capacity: capacity)
        json.raw(scriptStart, endsValue: true)
        return json
    }

    private static func endScript(_ json: consuming JSONWriter) -> [UInt8] {
        json.endObject()
        json.raw(scriptEnd)
        return json.bytes
    }
}
