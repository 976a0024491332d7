import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutBuild
@testable import FoldoutMarkdown
@testable import FoldoutRendering

/// Templates are loaded and checked once, before anything renders: mistakes are errors
/// naming the template file and line, never silently empty output.
@Suite struct TemplateSetTests {
    func files(_ templates: [String: String]) -> [TemplateSet.File] {
        templates.map { TemplateSet.File(path: $0.key, bytes: Array($0.value.utf8)) }
    }

    func templateFailure(_ templates: [String: String]) -> BuildFailure? {
        do {
            _ = try TemplateSet(files: files(templates), displayRoot: "Templates")
            return nil
        } catch {
            return error
        }
    }

    @Test func defaultTemplatesPassTheirOwnChecks() throws {
        let set = try TemplateSet(files: DefaultTemplates.files, displayRoot: DefaultTemplates.displayRoot)
        for name in TemplateSet.requiredPages { #expect(set.has(name)) }
        for partial in ["section-header", "outline", "row"] { #expect(set.has(partial), "missing partial \(partial)") }
    }

    @Test func defaultTemplatesAreTheRepositoryTemplates() throws {
        let root = Fixture.packageRoot().appendingPathComponent("Templates")
        let onDisk = try Fixture.files(under: root)
        #expect(onDisk.sorted() == DefaultTemplates.files.map(\.path).sorted())
    }

    @Test func syntaxErrorNamesTheFileAndLine() throws {
        let broken = "<h1>{{title}}</h1>\n<p>fine</p>\n{{#item}}<p>{{title}}</p>{{/items}}\n"
        let failure = try #require(templateFailure(Fixture.defaultTemplates(changing: ["item.html": broken])))
        #expect(failure.diagnostics.count == 1)
        let error = try #require(failure.diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.path == "Templates/item.html")
        #expect(error.line == 3)
        #expect(error.description.hasPrefix("Templates/item.html:3"))
    }

    @Test func unclosedSectionIsAnError() throws {
        let failure = try #require(templateFailure(Fixture.defaultTemplates(changing: ["partials/row.html": "<li>\n{{#image}}<img src=\"{{url}}\">\n</li>\n"])))
        #expect(failure.diagnostics.contains { $0.path == "Templates/partials/row.html" && $0.severity == .error })
    }

    @Test func missingPartialIsAnErrorWhereItIsUsed() throws {
        let home = "<h1>{{site.title}}</h1>\n{{#catalogs}}\n  {{> catalog-card }}\n{{/catalogs}}\n"
        let failure = try #require(templateFailure(Fixture.defaultTemplates(changing: ["home.html": home])))
        let error = try #require(failure.diagnostics.first)
        #expect(error.path == "Templates/home.html")
        #expect(error.line == 3)
        #expect(error.message.contains("catalog-card"))
    }

    @Test func removedDefaultPartialIsAnError() throws {
        let failure = try #require(templateFailure(Fixture.defaultTemplates(changing: ["partials/row.html": nil])))
        #expect(failure.diagnostics.contains { $0.message.contains("`row`") })
        // The partial is used by the outline, so that is the file to fix.
        #expect(failure.diagnostics.contains { $0.path == "Templates/partials/outline.html" })
    }

    @Test(arguments: TemplateSet.requiredPages)
    func missingRequiredTemplateIsAnError(name: String) throws {
        let failure = try #require(templateFailure(Fixture.defaultTemplates(changing: ["\(name).html": nil])))
        #expect(failure.diagnostics.contains { $0.path == "Templates/\(name).html" && $0.severity == .error })
    }

    @Test func everyTemplateProblemIsReportedAtOnce() throws {
        let failure = try #require(
            templateFailure(
                Fixture.defaultTemplates(changing: [
                    "item.html": nil,
                    "catalog.html": "{{#sections}}",
                    "home.html": "{{> nowhere}}",
                ])))
        let paths = Set(failure.diagnostics.map(\.path))
        #expect(paths == ["Templates/item.html", "Templates/catalog.html", "Templates/home.html"])
    }

    @Test func templateProblemsFailTheBuildAlongsideContentProblems() throws {
        let failure = try #require(
            MemorySite(
                ["pets/a.md": "---\nweight: heavy\n---\n"],
                templates: Fixture.defaultTemplates(changing: ["home.html": "{{> nowhere}}"])
            ).failure())
        let paths = Set(failure.diagnostics.map(\.path))
        #expect(paths.contains("Templates/home.html"))
        #expect(paths.contains("Content/pets/a.md"))
    }

    @Test func templatesFolderReplacesTheDefaults() throws {
        let report = try MemorySite(
            ["pets/a.md": "A"],
            templates: Fixture.defaultTemplates(changing: [
                "home.html": "<p class=\"custom-home\">{{site.title}}</p>",
                "assets/style.css": "body { color: teal }",
            ])
        ).report()
        #expect(report.snapshot.text(at: "index.html")?.contains("custom-home") == true)
        #expect(report.snapshot.text(at: "assets/style.css") == "body { color: teal }")
    }

    @Test func missingTemplatesFolderIsAnError() throws {
        var options = MemorySite(["pets/a.md": "A"]).options
        options.templatesPath = "/site/NoTemplates"
        options.templatesDisplayName = "NoTemplates"
        do {
            _ = try Builder(options: options).makeSnapshot()
            Issue.record("a missing templates folder was accepted")
        } catch {
            #expect(error.diagnostics.contains { $0.path == "NoTemplates" && $0.severity == .error })
        }
    }

    @Test func idsWrittenInTemplatesAreKnown() throws {
        let set = try TemplateSet(
            files: files(
                Fixture.defaultTemplates(changing: [
                    "base.html": "<main id=\"main\">{{{content}}}</main><div id=\"{{anchor}}\"></div><p id=\"footer-note\"></p>"
                ])), displayRoot: "Templates")
        #expect(set.literalIDs.isSuperset(of: ["main", "footer-note"]))
        #expect(!set.literalIDs.contains { $0.contains("{{") })
    }

    /// The byte scans against Foundation's searches they replace.
    @Test func idsAndDynamicPartialsAreFoundAsFoundationWouldFindThem() {
        var random = SplitMix64(seed: 53)
        let pieces = [" id=\"", "\"", "main", "{{", "}}", "{{>*", "{{> *", "{ {>*", "{{<*", " ", "é", "<div", ">", "id=\"x\"", "*"]
        for _ in 0..<2000 {
            let text = (0..<random.next(14)).map { _ in random.pick(pieces) }.joined()
            var ids: Set<String> = []
            var rest = Substring(text)
            while let start = rest.range(of: " id=\"") {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                let value = rest[..<end]
                if !value.isEmpty, !value.contains("{{") { ids.insert(String(value)) }
                rest = rest[end...]
            }
            #expect(TemplateSet.literalIDs(in: text) == ids, "\(text)")
            let compact = text.replacingOccurrences(of: " ", with: "")
            #expect(PageDigest.PartialReferences.hasDynamicPartial(text) == (compact.contains("{{>*") || compact.contains("{{<*")), "\(text)")
        }
    }

    @Test func partialReferencesAreFoundWithTheirPositions() {
        let references = TemplateSet.partialReferences(in: "a\n  {{> row}}\n{{>outline }}{{! comment }}")
        #expect(references.map(\.name) == ["row", "outline"])
        #expect(references.map(\.line) == [2, 3])
        #expect(references.map(\.column) == [3, 1])
    }
}
