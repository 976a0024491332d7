import FoldoutBase
import FoldoutTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The Atom feeds (`SiteFeeds`, `FeedDocument`, `AtomFeed`): which are written, what their
/// entries say, and how pages link to them. Each feed is read back with Foundation's XML
/// parser, so a feed that is not well-formed XML fails here (the browser tests read the
/// example site's feeds with Python's feedparser too).
@Suite struct FeedTests {
    static let base = "https://example.org/shelter/"
    /// Dated pets in two sections, two adopted, and one course without a date.
    static let files: [String: String] = [
        "_index.md": page("title: Shelter\ndescription: Pets & more.\nbase_url: \(base)"),
        "pets/_index.md": page("title: Pets\nsections:\n  - title: Adopted pets\n    where: {status: adopted}"),
        "pets/dogs/_index.md": page("title: Dogs"),
        "pets/dogs/rex.md": page("title: Rex\ndate: 2026-01-12\nstatus: adopted\ntags: [calm, kids]", "Rex likes walks."),
        "pets/dogs/ada.md": page("title: Ada\ndate: 2026-03-02", "Ada is new."),
        "pets/dogs/bo.md": page("title: Bo\ndate: 2026-02-20T10:30:00+02:00\nstatus: adopted", "Bo went home."),
        "pets/cats/_index.md": page("title: Cats"),
        "pets/cats/mia.md": page("title: Mia\ndate: 2026-02-01\nimage: mia.svg", "Mia purrs."),
        "pets/cats/mia.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\"/>",
        "courses/_index.md": page("title: Courses"),
        "courses/swift.md": page("title: Swift", "Start here."),
    ]

    /// The front matter dates of `names`, newest first, as the feeds must order them.
    static func newestFirst(_ names: [String]) -> [String] {
        let dates = ["Rex": "2026-01-12", "Ada": "2026-03-02", "Bo": "2026-02-20T10:30:00+02:00", "Mia": "2026-02-01"]
        return names.sorted { Timestamp(dates[$0]!)! > Timestamp(dates[$1]!)! }
    }

    @Test func aSiteWithoutABaseURLHasNoFeedsAndNoLinksToThem() throws {
        var files = Self.files
        files["_index.md"] = page("title: Shelter")
        let site = try MemorySite(files).report()
        #expect(!site.snapshot.paths.contains { $0.hasSuffix(".xml") })
        for path in ["index.html", "pets/index.html", "pets/dogs/rex.html", "404.html"] {
            #expect(!site.html(path).contains("application/atom+xml"), "\(path)")
        }
    }

    @Test func theSiteEachCatalogAndEachQuerySectionHaveAFeed() throws {
        let site = try MemorySite(Self.files).report()
        let feeds = site.snapshot.paths.filter { $0.hasSuffix(".xml") && $0 != "sitemap.xml" }
        #expect(feeds == ["atom.xml", "courses/atom.xml", "pets/adopted-pets.atom.xml", "pets/atom.xml"])

        let all = try AtomDocument(site.html("atom.xml"))
        #expect(all.title == "Shelter")
        #expect(all.subtitle == "Pets & more.")
        #expect(all.id == Self.base + "atom.xml")
        #expect(all.links["self"] == Self.base + "atom.xml")
        #expect(all.links["alternate"] == Self.base + "index.html")
        #expect(all.author == "Shelter")
        #expect(all.entries.map(\.title).filter { $0 != "Swift" } == Self.newestFirst(["Rex", "Ada", "Bo", "Mia"]))

        let pets = try AtomDocument(site.html("pets/atom.xml"))
        #expect(pets.title == "Pets · Shelter")
        #expect(pets.links["alternate"] == Self.base + "pets/index.html")
        #expect(pets.entries.map(\.title) == Self.newestFirst(["Rex", "Ada", "Bo", "Mia"]))
        // The feed is as new as its newest entry, not as the build.
        #expect(pets.updated == pets.entries.map(\.updated).max())

        let adopted = try AtomDocument(site.html("pets/adopted-pets.atom.xml"))
        #expect(adopted.title == "Adopted pets · Pets · Shelter")
        #expect(adopted.links["alternate"] == Self.base + "pets/index.html#adopted-pets")
        #expect(adopted.entries.map(\.title) == Self.newestFirst(["Rex", "Bo"]))

        let courses = try AtomDocument(site.html("courses/atom.xml"))
        #expect(courses.entries.map(\.title) == ["Swift"])
    }

    @Test func anEntryHasItsPageDatesSummaryTagsAndImage() throws {
        let site = try MemorySite(Self.files).report()
        let entries = try AtomDocument(site.html("pets/atom.xml")).entries
        let rex = try #require(entries.first { $0.title == "Rex" })
        #expect(rex.id == Self.base + "pets/dogs/rex.html")
        #expect(rex.links["alternate"] == Self.base + "pets/dogs/rex.html")
        #expect(rex.published == "2026-01-12T00:00:00Z")
        #expect(rex.updated == "2026-01-12T00:00:00Z")
        #expect(rex.summary == "Rex likes walks.")
        #expect(rex.categories == ["calm", "kids"])
        #expect(rex.links["enclosure"] == nil && rex.content == nil)

        // A date with an offset is written in UTC.
        #expect(entries.first { $0.title == "Bo" }?.published == "2026-02-20T08:30:00Z")

        let mia = try #require(entries.first { $0.title == "Mia" })
        #expect(mia.links["enclosure"] == Self.base + "pets/cats/mia.svg")
        #expect(mia.enclosureType == "image/svg+xml")
        let content = try #require(mia.content)
        #expect(content.hasPrefix(#"<p><img src="\#(Self.base)pets/cats/mia.svg" alt="Mia""#))
        #expect(content.contains("<p>Mia purrs.</p>"))
    }

    @Test func anUpdatedDateAndAuthorsAreTheEntrysOwn() throws {
        var files = Self.files
        files["_index.md"] = page("title: Shelter\nbase_url: \(Self.base)\nauthor: Riverside volunteers")
        files["pets/dogs/ada.md"] = page("title: Ada\ndate: 2026-03-02\nupdated: 2026-04-01T12:00:00Z\nauthors: [Kim, Lee]", "Ada is new.")
        files["pets/dogs/rex.md"] = page("title: Rex\ndate: 2026-01-12\nlastmod: 2025-12-01", "Rex likes walks.")
        let feed = try AtomDocument(MemorySite(files).report().html("pets/atom.xml"))
        #expect(feed.author == "Riverside volunteers")
        let ada = try #require(feed.entries.first { $0.title == "Ada" })
        #expect(ada.published == "2026-03-02T00:00:00Z" && ada.updated == "2026-04-01T12:00:00Z")
        #expect(ada.authors == ["Kim", "Lee"])
        #expect(feed.updated == "2026-04-01T12:00:00Z")
        // Order is by date; an `updated` before the date counts for nothing.
        #expect(feed.entries.first?.title == "Ada")
        let rex = try #require(feed.entries.first { $0.title == "Rex" })
        #expect(rex.updated == "2026-01-12T00:00:00Z" && rex.authors.isEmpty)
    }

    @Test func anUndatedItemIsDatedByTheBuildThatFirstSawIt() throws {
        let site = MemorySite(Self.files)
        let swift = try #require(try AtomDocument(site.report().html("courses/atom.xml")).entries.first)
        #expect(swift.published == nil)
        let updated = try #require(Timestamp(swift.updated))
        #expect(updated.seconds == site.clock().seconds)
    }

    @Test func feedLimitCapsEachFeedAndZeroMakesNone() throws {
        var files = Self.files
        files["_index.md"] = page("title: Shelter\nbase_url: \(Self.base)\nfeed_limit: 2")
        var site = try MemorySite(files).report()
        #expect(try AtomDocument(site.html("atom.xml")).entries.count == 2)
        #expect(try AtomDocument(site.html("pets/atom.xml")).entries.map(\.title) == Array(Self.newestFirst(["Rex", "Ada", "Bo", "Mia"]).prefix(2)))

        // A catalog's own limit wins, for its query sections' feeds too; 0 makes none.
        files["pets/_index.md"] = page("title: Pets\nfeed_limit: 1\nsections:\n  - title: Adopted pets\n    where: {status: adopted}")
        files["courses/_index.md"] = page("title: Courses\nfeed_limit: 0")
        site = try MemorySite(files).report()
        #expect(try AtomDocument(site.html("pets/atom.xml")).entries.count == 1)
        #expect(try AtomDocument(site.html("pets/adopted-pets.atom.xml")).entries.count == 1)
        #expect(!site.snapshot.paths.contains("courses/atom.xml"))
        #expect(!site.html("courses/index.html").contains("courses/atom.xml") && !site.html("courses/index.html").contains(#"href="atom.xml""#))
        #expect(site.html("courses/index.html").contains(#"<link rel="alternate" type="application/atom+xml" title="Shelter" href="../atom.xml">"#))

        files["_index.md"] = page("title: Shelter\nbase_url: \(Self.base)\nfeed_limit: 0")
        site = try MemorySite(files).report()
        #expect(!site.snapshot.paths.contains("atom.xml"))
        #expect(site.snapshot.paths.contains("pets/atom.xml"))
    }

    @Test func aFeedLimitThatIsNotAWholeNumberIsAnErrorAtItsLine() throws {
        var files = Self.files
        files["_index.md"] = page("title: Shelter\nbase_url: \(Self.base)\nfeed_limit: many")
        files["pets/_index.md"] = page("title: Pets\nweight: 1\nfeed_limit: -3")
        let problems = MemorySite(files).failureDiagnostics()
        let site = try #require(problems.first { $0.path == "Content/_index.md" })
        #expect(site.severity == .error && site.line == 4)
        #expect(site.message.contains("`feed_limit` must be a whole number") && site.message.contains("`many`"))
        #expect(site.hint?.contains("feed_limit: 50") == true)
        let catalog = try #require(problems.first { $0.path == "Content/pets/_index.md" })
        #expect(catalog.line == 4 && catalog.message.contains("`-3`"))
    }

    @Test func pagesLinkToTheSiteFeedAndTheirCatalogsFeeds() throws {
        let site = try MemorySite(Self.files).report()
        let siteFeed = #"<link rel="alternate" type="application/atom+xml" title="Shelter" href="#
        #expect(site.html("index.html").contains(siteFeed + #""atom.xml">"#))
        #expect(site.html("pets/dogs/rex.html").contains(siteFeed + #""../../atom.xml">"#))
        #expect(site.html("pets/dogs/rex.html").contains(#"title="Pets · Shelter" href="../atom.xml">"#))
        #expect(site.html("pets/dogs/rex.html").contains(#"title="Adopted pets · Pets · Shelter" href="../adopted-pets.atom.xml">"#))
        #expect(!site.html("courses/swift.html").contains("adopted-pets.atom.xml"))
        // 404.html is shown at any depth: its links are absolute.
        #expect(site.html("404.html").contains(siteFeed + #""\#(Self.base)atom.xml">"#))

        // The catalog page lists its feeds where people see them.
        let catalog = site.html("pets/index.html")
        #expect(catalog.contains(#"<li><a href="atom.xml" type="application/atom+xml">Pets</a></li>"#))
        #expect(catalog.contains(#"<li><a href="adopted-pets.atom.xml" type="application/atom+xml">Adopted pets</a></li>"#))
        #expect(!site.html("index.html").contains("feed-links"))
    }

    @Test func textThatXMLCannotHoldIsEscapedOrLeftOut() throws {
        var files = Self.files
        files["pets/dogs/rex.md"] = page("title: \"Rex <b> & \\u0007 'Co'\"\ndate: 2026-01-12\nauthors: [Ann & Bo]", "Rex ]]> 5 < 6 & walks.")
        let site = try MemorySite(files).report()
        let feed = try AtomDocument(site.html("pets/atom.xml"))
        let rex = try #require(feed.entries.first { $0.title.hasPrefix("Rex") })
        #expect(rex.title == "Rex <b> &  'Co'")
        #expect(rex.summary == "Rex ]]> 5 < 6 & walks.")
        #expect(rex.authors == ["Ann & Bo"])
    }

    @Test func aContentFilePublishedWhereAFeedGoesIsAnError() throws {
        var files = Self.files
        files["pets/atom.xml"] = "<feed/>"
        let problems = MemorySite(files).failureDiagnostics()
        #expect(problems.contains { $0.path == "Content/pets/atom.xml" && $0.severity == .error && $0.message.contains("Atom feed") })
        files["_index.md"] = page("title: Shelter")
        #expect(MemorySite(files).failureDiagnostics().isEmpty)
    }
}

/// An Atom document as a reader sees it: the feed's elements and its entries' (only those
/// the tests look at), read with Foundation's XML parser.
struct AtomDocument {
    struct Entry {
        var title = "", id = "", updated = "", summary = ""
        var published: String?
        var content: String?
        var links: [String: String] = [:]
        var enclosureType: String?
        var categories: [String] = []
        var authors: [String] = []
    }

    var title = "", subtitle = "", id = "", updated = "", author = ""
    var links: [String: String] = [:]
    var entries: [Entry] = []

    struct NotWellFormed: Error { var reason: String }

    init() {}

    init(_ xml: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw NotWellFormed(reason: parser.parserError.map { "\($0)" } ?? "unknown") }
        self = reader.document
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var document = AtomDocument()
        var entry: Entry?
        var text = ""
        var inAuthor = false

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            text = ""
            switch name {
            case "entry": entry = Entry()
            case "author": inAuthor = true
            case "link":
                let rel = attributes["rel"] ?? "alternate"
                if entry != nil {
                    entry!.links[rel] = attributes["href"]
                    if rel == "enclosure" { entry!.enclosureType = attributes["type"] }
                } else {
                    document.links[rel] = attributes["href"]
                }
            case "category": entry?.categories.append(attributes["term"] ?? "")
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "author" { inAuthor = false; return }
            if inAuthor, name == "name" {
                if entry != nil { entry!.authors.append(text) } else { document.author = text }
                return
            }
            if name == "entry", let entry {
                document.entries.append(entry)
                self.entry = nil
                return
            }
            if entry != nil {
                switch name {
                case "title": entry!.title = text
                case "id": entry!.id = text
                case "updated": entry!.updated = text
                case "published": entry!.published = text
                case "summary": entry!.summary = text
                case "content": entry!.content = text
                default: break
                }
            } else {
                switch name {
                case "title": document.title = text
                case "subtitle": document.subtitle = text
                case "id": document.id = text
                case "updated": document.updated = text
                default: break
                }
            }
        }
    }
}
