import FoldoutBase
import FoldoutModel
import FoldoutPresentation
import FoldoutTestSupport
import Testing

/// Open Graph and Twitter card tags on every kind of page, read back from built pages and
/// compared with the site they were built from.
@Suite struct LinkPreviewTests {
    static let base = "https://example.org/shelter/"

    static func files(base: String? = LinkPreviewTests.base) -> [String: String] {
        [
            "_index.md": page("title: Riverside & Co\ndescription: Pets \"waiting\" <here>" + (base.map { "\nbase_url: \($0)" } ?? "")),
            "pets/_index.md": page("title: Pets\nweight: 1", "All our pets, dogs and cats."),
            "pets/dogs/_index.md": page("title: Dogs"),
            "pets/dogs/rex.md": page("title: Rex <the \"brave\">\ndate: 2026-05-01\ntags: [calm, kids & cats]\nsummary: Rex 'likes' naps & walks."),
            "pets/dogs/ada.md": page("title: Ada\nimage: https://images.example.net/ada.jpg\nimage_alt: Ada on a beach"),
            "pets/dogs/bo.md": page("title: Bo", ""),
        ]
    }

    @Test func itemPagesCarryTheItemsTitleSummaryAddressDateAndTags() throws {
        let fixture = try MemorySite(Self.files()).report()
        let rex = try #require(fixture.site.allItems.first { $0.title.hasPrefix("Rex") })
        let head = PageHead(fixture.html(rex.outputPath))
        #expect(head["og:type"] == "article")
        #expect(head["og:title"] == rex.title && head["og:description"] == rex.summary)
        // Search engines show the page's own summary, and its address as the site gives it.
        #expect(head.descriptions == [rex.summary])
        #expect(head.canonicalLinks == [Self.base + rex.outputPath])
        // X reads these from og: when its own are missing: the summary is written once.
        #expect(head["twitter:title"] == nil && head["twitter:description"] == nil)
        #expect(head["og:site_name"] == fixture.site.title)
        #expect(head["og:url"] == Self.base + rex.outputPath)
        #expect(head["article:published_time"] == rex.date)
        #expect(head.all("article:tag") == rex.tags)
        // No image anywhere on this site: a small card, no image tags.
        #expect(head["twitter:card"] == "summary")
        #expect(head["og:image"] == nil && head["twitter:image:alt"] == nil)
    }

    @Test func valuesAreEscapedInTheTagsAndReadBackAsWritten() throws {
        let fixture = try MemorySite(Self.files()).report()
        let html = fixture.html("pets/dogs/rex.html")
        #expect(html.contains(#"<meta property="og:title" content="Rex &lt;the &quot;brave&quot;&gt;">"#))
        #expect(PageHead(html)["og:title"] == "Rex <the \"brave\">")
        #expect(PageHead(fixture.html("index.html"))["og:description"] == "Pets \"waiting\" <here>")
    }

    @Test func anItemWithoutASummaryHasTheSitesDescription() throws {
        let fixture = try MemorySite(Self.files()).report()
        let bo = try #require(fixture.site.allItems.first { $0.title == "Bo" })
        #expect(bo.summary.isEmpty)
        #expect(PageHead(fixture.html(bo.outputPath))["og:description"] == fixture.site.description)
        #expect(PageHead(fixture.html(bo.outputPath)).descriptions == [fixture.site.description])
    }

    @Test func anItemsDescriptionIsItsSummaryUnlessItGivesOne() throws {
        // Pages written for Hugo or Jekyll describe themselves in `description:`.
        let fixture = try MemorySite(
            Self.files().merging([
                "pets/dogs/cleo.md": page("title: Cleo\ndescription: A shy terrier.", "Cleo came in May."),
                "pets/dogs/dot.md": page("title: Dot\ndescription: Not this.\nsummary: A spotted pup.", "Dot came in June."),
            ]) { $1 }
        ).report()
        let cleo = try #require(fixture.site.allItems.first { $0.title == "Cleo" })
        #expect(cleo.summary == "A shy terrier.")
        #expect(PageHead(fixture.html(cleo.outputPath)).descriptions == ["A shy terrier."])
        #expect(fixture.html("pets/index.html").contains("A shy terrier."))
        // It is still a field the page lists and templates can show.
        #expect(cleo.fields.contains { $0.key == "description" })
        let dot = try #require(fixture.site.allItems.first { $0.title == "Dot" })
        #expect(dot.summary == "A spotted pup.")
    }

    @Test func anImageAtAnHTTPSAddressIsShownAsItIsWithItsAlt() throws {
        for base in [Self.base, nil] {
            let head = PageHead(try MemorySite(Self.files(base: base)).report().html("pets/dogs/ada.html"))
            #expect(head["og:image"] == "https://images.example.net/ada.jpg")
            #expect(head["og:image:alt"] == "Ada on a beach" && head["twitter:image:alt"] == "Ada on a beach")
            // Its size is not known: no width or height is stated, and the card is the large one.
            #expect(head["og:image:width"] == nil && head["og:image:height"] == nil)
            #expect(head["twitter:card"] == "summary_large_image")
        }
    }

    @Test func everyOtherPageIsAWebsiteWithItsOwnAddress() throws {
        let fixture = try MemorySite(Self.files()).report()
        let site = fixture.site
        let pets = try #require(site.catalog("pets"))
        let catalog = PageHead(fixture.html(pets.outputPath))
        #expect(catalog["og:type"] == "website" && catalog["og:title"] == pets.title)
        #expect(catalog["og:description"] == pets.summary && !pets.summary.isEmpty)
        #expect(catalog["og:url"] == Self.base + pets.outputPath)
        let home = PageHead(fixture.html("index.html"))
        #expect(home["og:title"] == site.title && home["og:url"] == Self.base + "index.html")
        let tag = PageHead(fixture.html("tags/calm.html"))
        #expect(tag["og:title"] == "Tagged “calm”" && tag["og:url"] == Self.base + "tags/calm.html")
        // The not-found page is shown at whatever address was asked for: it names none.
        let notFound = PageHead(fixture.html("404.html"))
        #expect(notFound["og:title"] == "Page not found" && notFound["og:url"] == nil && notFound.canonicalLinks.isEmpty)
        #expect(catalog.descriptions == [pets.summary] && catalog.canonicalLinks == [Self.base + pets.outputPath])
        #expect(home.descriptions == [site.description])
        // A tag is never shown twice, and every page has one of each of these.
        for path in fixture.snapshot.paths where path.hasSuffix(".html") {
            let head = PageHead(fixture.html(path))
            for key in ["og:type", "og:title", "og:site_name", "og:description", "twitter:card"] {
                #expect(head.all(key).count == 1, "\(key) on \(path)")
            }
            #expect(head.descriptions == [head["og:description"] ?? ""], "\(path)")
        }
    }

    @Test func aLanguageWithATerritoryIsTheLocaleOfEveryPage() throws {
        var files = Self.files()
        files["_index.md"] = page("title: Riverside\nlanguage: en-GB")
        let fixture = try MemorySite(files).report()
        for path in fixture.snapshot.paths where path.hasSuffix(".html") {
            #expect(PageHead(fixture.html(path)).all("og:locale") == ["en_GB"], "\(path)")
        }
        // A language alone says no territory: Open Graph's default stands.
        let plain = try MemorySite(Self.files()).report()
        #expect(PageHead(plain.html("index.html"))["og:locale"] == nil)
    }

    @Test(
        arguments: [
            ("en-GB", "en_GB"), ("pt-br", "pt_BR"), ("fil-PH", "fil_PH"), ("en", nil), ("zh-Hant", nil),
            ("en-GB-oxendict", nil), ("e1-GB", nil), ("", nil),
        ] as [(String, String?)])
    func localesAreLanguageUnderscoreTerritory(language: String, locale: String?) {
        #expect(LinkPreview.locale(ofLanguage: language) == locale)
    }

    @Test func withoutABaseURLNoAddressIsGivenAndNothingIsLost() throws {
        let fixture = try MemorySite(Self.files(base: nil)).report()
        for path in fixture.snapshot.paths where path.hasSuffix(".html") {
            let head = PageHead(fixture.html(path))
            #expect(head["og:url"] == nil && head.canonicalLinks.isEmpty, "\(path)")
            #expect(head["og:title"] != nil, "\(path)")
        }
        // Without a photo of the content folder to show, previews lose nothing worth a warning.
        #expect(!fixture.warnings.contains { $0.message.contains("base_url") })
    }
}
