import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBuild

/// The sites `foldout init` writes: each builds with no warning and no broken link, and the
/// pets site looks finished at once (photos beside the Markdown, groups open).
@Suite struct StarterSiteTests {
    /// Writes `example` as `foldout init` does (without the templates: the build's own are the same).
    static func write(_ example: StarterSite.Example, in folder: TemporaryFolder) throws -> [String] {
        let starter = StarterSite.files(example)
        #expect(starter.missing.isEmpty, "libvips could not draw \(starter.missing)")
        for file in starter.files { try folder.write("Content/" + file.path, bytes: file.bytes) }
        return starter.files.map(\.path)
    }

    @Test(arguments: StarterSite.Example.allCases)
    func buildsWithoutWarningsAndLinksResolve(_ example: StarterSite.Example) throws {
        let folder = try TemporaryFolder()
        _ = try Self.write(example, in: folder)
        let report = try Fixture.build(content: folder.path + "/Content", output: folder.path + "/Output")
        #expect(report.warnings.sureOfTheirPhoto.isEmpty, "\(report.warnings)")
        #expect(!report.site.allItems.isEmpty)
        try EndToEndTests().expectAllLinksResolve(folder.url.appendingPathComponent("Output"), minimumPages: report.pageCount)
    }

    @Test func petsHavePhotosBesideTheirMarkdownAndOpenGroups() throws {
        let folder = try TemporaryFolder()
        let paths = try Self.write(.pets, in: folder)
        let report = try Fixture.build(content: folder.path + "/Content", output: folder.path + "/Output")
        let pets = report.site.allItems
        #expect((8...13).contains(pets.count))
        // Every pet names a JPEG written beside its Markdown file.
        for pet in pets {
            // `image:` is a reserved key, not a field: the model holds it resolved.
            let photo = try #require(pet.image?.location, "\(pet.sourcePath) has no image")
            #expect(paths.contains(photo), "\(photo)")
            let bytes = try Data(contentsOf: folder.url.appendingPathComponent("Content/" + photo))
            #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]), "\(photo) is not a JPEG")
        }
        // Two or three species, an adopted pet, and every field the catalog lists on some pet.
        #expect((2...3).contains(Set(pets.compactMap { $0.value(for: "species")?.stringValue }).count))
        #expect(pets.contains { $0.value(for: "status")?.stringValue?.lowercased() == "adopted" })
        // A small catalog: every group of its page starts open.
        let page = try folder.text("Output/pets/index.html")
        let groups = page.components(separatedBy: "<details id=").dropFirst()
        #expect(!groups.isEmpty)
        for group in groups { #expect(group.prefix { $0 != ">" }.hasSuffix(" open"), "closed: \(group.prefix(60))") }
        #expect(page.contains("layout-grid"))
        // One style on the page: the badges and facet values are capitalised as the species are.
        let shown = Self.texts(in: page, after: #"<span class="badge badge-"#) + Self.texts(in: page, after: #"<span class="facet-value""#)
        #expect(!shown.isEmpty)
        for text in Set(shown) { #expect(text.first?.isUppercase == true, "“\(text)” is not capitalised") }
    }

    /// The text of each element whose start tag begins with `start`.
    static func texts(in page: String, after start: String) -> [String] {
        page.components(separatedBy: start).dropFirst().compactMap { rest in
            guard let close = rest.firstIndex(of: ">") else { return nil }
            // A row's badge holds the space before it, which its box does not draw.
            let text = rest[rest.index(after: close)...].prefix { $0 != "<" }.trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : text
        }
    }

    @Test func drawingsAreTheSameEveryTime() throws {
        for (path, drawing) in StarterSite.illustrations(.pets) {
            #expect(drawing.jpeg() == drawing.jpeg(), "\(path)")
        }
        let sizes = StarterSite.illustrations(.pets).compactMap { $0.drawing.jpeg()?.count }
        // Small enough to be a starter's photos, large enough to be drawings rather than blanks.
        #expect(sizes.allSatisfy { (8_000...120_000).contains($0) }, "\(sizes)")
    }
}
