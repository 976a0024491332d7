import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutMarkdown
@testable import FoldoutModel
@testable import FoldoutOutput
@testable import FoldoutRendering

/// The pieces under the diffable output: the digest, the manifest, the render-key coverage.
@Suite struct OutputBookkeepingTests {
    /// Reference values from the xxHash library (Python's `xxhash.xxh64`).
    @Test func contentHashIsXXH64() {
        let expected: [(String, UInt64)] = [
            ("", 0xEF46_DB37_51D8_E999),
            ("a", 0xD24E_C4F1_A98C_6E5B),
            ("abc", 0x44BC_2CF5_AD77_0999),
            (String(repeating: "x", count: 100), 0x92F0_DE5A_88A3_C094),
        ]
        for (text, digest) in expected {
            #expect(ContentHash.of(text) == digest, "\(text.prefix(5))")
        }
    }

    @Test func contentHashFedInPiecesEqualsOneGo() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 31) }
        for split in [0, 1, 7, 31, 32, 33, 500, 999] {
            var hasher = ContentHash()
            bytes[..<split].withUnsafeBytes { hasher.feedRaw($0) }
            bytes[split...].withUnsafeBytes { hasher.feedRaw($0) }
            #expect(hasher.finalize() == ContentHash.of(bytes), "split at \(split)")
        }
    }

    @Test func combinedStringsKeepTheirBoundaries() {
        var first = ContentHash()
        first.combine("ab")
        first.combine("c")
        var second = ContentHash()
        second.combine("a")
        second.combine("bc")
        #expect(first.finalize() != second.finalize())
    }

    @Test func manifestRoundTrips() throws {
        var manifest = OutputManifest()
        manifest.fingerprint = 0xDEAD_BEEF
        manifest.pageCount = 3
        manifest.warnings = [
            .warning("Content/a\tb.md", line: 2, column: 5, "odd\nname", hint: "rename it"),
            .warning("Content/c.md", "no line"),
        ]
        manifest.files = [
            "index.html": .init(hash: 1, size: 10, modified: 1_795_250_886_563_744_977, renderKey: 0xFFFF_FFFF_FFFF_FFFF),
            "pets/a b.png": .init(hash: 2, size: 20, modified: 0, renderKey: nil),
            "odd\\name\t.html": .init(hash: 3, size: 30, modified: 5, renderKey: 9),
        ]
        #expect(OutputManifest.parse(manifest.serialized()) == manifest)
    }

    @Test func unreadableManifestCountsAsNone() {
        #expect(OutputManifest.parse(Array("not a manifest\n".utf8)) == nil)
        #expect(OutputManifest.parse(Array("foldout-manifest 1\nfile\tzz\t1\t2\t-\tx\n".utf8)) == nil)
    }

    /// Every stored property of the model types is fed into the render keys or left out on
    /// purpose; a property added later fails here until `PageDigest` says what to do with it.
    @Test func renderKeysCoverEveryModelProperty() throws {
        let report = try MemorySite([
            "_index.md": "---\ntitle: S\n---\n",
            "pets/dogs/a.md": "---\ntitle: A\nimage: a.png\n---\nBody.\n",
            "pets/dogs/a.png": "png",
        ]).report()
        let catalog = try #require(report.site.catalogs.first)
        let group = try #require(catalog.sections.first)
        let item = try #require(catalog.allItems.first)
        let samples: [String: Any] = [
            "Site": report.site, "Catalog": catalog, "Group": group, "Item": item,
            "TrailStep": try #require(item.trail.first),
            "ImageReference": ImageReference(location: "a.png", isExternal: false, alt: "A"),
        ]
        for (type, sample) in samples {
            let stored = Set(Mirror(reflecting: sample).children.compactMap(\.label))
            let covered = Set((PageDigest.coveredProperties[type] ?? []).map { String($0.prefix { $0 != ":" }) })
            #expect(stored == covered, "\(type): not covered \(stored.subtracting(covered).sorted()), gone \(covered.subtracting(stored).sorted())")
        }
    }

    /// Section options and queries are fed as their reflected text, which is only stable
    /// from run to run while they hold no dictionary or set.
    @Test func settingsFedAsTextHoldNoUnorderedCollections() {
        func unordered(_ value: Any) -> [String] {
            Mirror(reflecting: value).children.flatMap { child -> [String] in
                let type = String(describing: Swift.type(of: child.value))
                if type.hasPrefix("Dictionary") || type.hasPrefix("Set") { return [child.label ?? "?"] }
                return unordered(child.value)
            }
        }
        var options = SectionOptions()
        options.layout = "grid"
        options.sort = try? ItemSort(sort: "title", order: nil)
        #expect(unordered(options).isEmpty)
        let query = try? ItemQuery(where: .map([("status", .string("adopted"))]))
        #expect(query != nil && unordered(query!).isEmpty)
    }
}
