import FoldoutTestSupport
import Foundation
import Testing

/// Footnotes in field values: each value and the body number their notes from 1, and one
/// page still has each id once, every reference leading to its own note and every note's back
/// link to its own reference.
@Suite struct FieldFootnoteTests {
    static let files: [String: String] = [
        "pets/_index.md": page("title: Shelter\nfields:\n  origin: {type: markdown, show: [page]}\n  story: {type: text, show: [page]}"),
        "pets/rex.md": page(
            """
            title: Rex
            origin: "Bred in Tibet.[^1]\\n\\n[^1]: The terrier club."
            story: "Calm with kids.[^1] Likes the lake.[^2] Calm again.[^1]\\n\\n[^1]: Shelter staff.\\n[^2]: Every summer."
            """,
            "Rex walks daily.[^1]\n\n[^1]: Twice on Sundays.\n"),
    ]

    /// `<a href="#fn-…" id="fnref-…" class="footnote-ref"` → the note each reference leads to, by the reference's id.
    static func references(in html: String) -> [String: String] {
        var found: [String: String] = [:]
        for piece in html.components(separatedBy: "<a href=\"#").dropFirst() where piece.contains("class=\"footnote-ref\"") {
            let target = String(piece.prefix { $0 != "\"" })
            guard let idStart = piece.range(of: "id=\"") else { continue }
            found[String(piece[idStart.upperBound...].prefix { $0 != "\"" })] = target
        }
        return found
    }

    @Test func notesOfValuesAndBodyHaveIdsOfTheirOwnAndLinksBothWays() throws {
        let html = try MemorySite(Self.files).report().html("pets/rex.html")
        let ids = html.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(ids.count == Set(ids).count, "repeated: \(ids.filter { id in ids.filter { $0 == id }.count > 1 })")
        let references = Self.references(in: html)
        // The body's note, the origin's, the story's two (one referenced twice).
        #expect(references.count == 5, "\(references)")
        #expect(Set(references.values).count == 4)
        // Each note's back links lead to references that lead to that note.
        let notes = html.components(separatedBy: "<li id=\"").dropFirst()
        var backLinked = 0
        for note in notes {
            let id = String(note.prefix { $0 != "\"" })
            guard id.hasPrefix("fn-") else { continue }
            let item = note.components(separatedBy: "</li>")[0]
            let backs = item.components(separatedBy: "<a href=\"#").dropFirst().filter { $0.contains("class=\"footnote-back\"") }
            #expect(!backs.isEmpty, "note \(id) has no back link")
            for back in backs {
                let reference = String(back.prefix { $0 != "\"" })
                #expect(references[reference] == id, "back link of \(id) leads to \(reference)")
                backLinked += 1
            }
        }
        #expect(backLinked == 5)
        // Each value's notes sit in its own value, named for it.
        let story = html.components(separatedBy: "<dt>Story</dt>").dropFirst().first?.components(separatedBy: "</dd>").first ?? ""
        #expect(story.contains("aria-label=\"Footnotes: Story\""), "\(story.prefix(600))")
        #expect(story.components(separatedBy: "class=\"footnote-back\"").count == 4)
        #expect(html.contains("aria-label=\"Footnotes: Origin\""))
        #expect(html.components(separatedBy: "aria-label=\"Footnotes\"").count == 2, "the body's notes keep their label")
    }
}
