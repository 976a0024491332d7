import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutBuild
@testable import FoldoutOutput

/// The manifest stores any file name exactly: it escapes and unescapes UTF-8 bytes, so a name
/// whose characters Swift joins into one `Character` (CR LF, a quote with a combining mark)
/// keeps every byte, and a file Foldout wrote stays Foldout's.
@Suite struct OutputManifestNameTests {
    static let names = [
        "pets/a\r\nb.png",
        "tab\there.html",
        "back\\slash.html",
        "\"\u{301}quoted.html",
        "\\\u{301}after-backslash.html",
        "lone\rcr.html",
        "lone\nlf.html",
        "literal\\r\\n\\t.html",
        "trailing\\",
        "e\u{301}\r\n\t\\.html",
    ]

    @Test(arguments: names)
    func aNameRoundTripsThroughTheManifest(name: String) throws {
        var manifest = OutputManifest()
        manifest.files = [name: .init(hash: 7, size: 3, modified: 9, renderKey: nil), "index.html": .init(hash: 1, size: 1, modified: 1, renderKey: 2)]
        let parsed = try #require(OutputManifest.parse(manifest.serialized()), "the manifest with \(name.debugDescription) cannot be read back")
        #expect(parsed.files.keys.sorted() == manifest.files.keys.sorted())
        #expect(Array(parsed.files.keys.first { $0 != "index.html" }?.utf8 ?? "".utf8) == Array(name.utf8))
    }

    @Test(arguments: names)
    func aWarningTextRoundTripsThroughTheManifest(text: String) throws {
        var manifest = OutputManifest()
        manifest.warnings = [.warning("Content/" + text, line: 1, "about " + text, hint: text)]
        let parsed = try #require(OutputManifest.parse(manifest.serialized()))
        #expect(parsed.warnings == manifest.warnings)
    }

    @Test func escapingKeepsEveryByteOfALineOnOneLine() {
        for name in Self.names {
            let escaped = OutputManifest.escape(name)
            #expect(
                !escaped.utf8.contains(UInt8(ascii: "\n")) && !escaped.utf8.contains(UInt8(ascii: "\r"))
                    && !escaped.utf8.contains(UInt8(ascii: "\t")), "\(name.debugDescription)")
            #expect(OutputManifest.unescape(Array(escaped.utf8)) == name)
        }
    }

    /// End to end: an asset whose name holds CR LF is recorded, so once it is deleted from
    /// the content its copy goes from the output folder too.
    @Test func anAssetNamedWithCRLFIsRemovedOnceItIsDeleted() throws {
        let name = "notes\r\nold.txt"
        let site = MemorySite([
            "_index.md": "---\ntitle: Shelter\n---\n",
            "pets/dogs/_index.md": "---\ntitle: Dogs\n---\n",
            "pets/dogs/alba.md": "---\ntitle: Alba\n---\nAlba.\n",
            "pets/dogs/" + name: "some notes",
        ])
        try site.build()
        let copied = site.outputFiles.filter { $0.hasSuffix("old.txt") }
        try #require(copied.count == 1, "the asset was not copied: \(site.outputFiles)")
        let manifest = OutputManifest.read(root: site.output, fileSystem: site.fileSystem)
        #expect(manifest.files[copied[0]] != nil, "the asset has no record")
        try site.remove("pets/dogs/" + name)
        try site.build()
        #expect(!site.outputFiles.contains { $0.hasSuffix("old.txt") }, "the asset stayed in the output folder")
    }
}
