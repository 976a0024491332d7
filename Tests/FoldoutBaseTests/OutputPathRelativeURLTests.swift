import FoldoutTestSupport
import Testing

@testable import FoldoutBase

@Suite struct OutputPathRelativeURLTests {
    @Test func relativeURLsNameFilesFromThePageFolder() {
        #expect(OutputPath.relativeURL(from: "pets/dogs/terriers/diego.html", to: "pets/index.html") == "../../index.html")
        #expect(OutputPath.relativeURL(from: "index.html", to: "pets/index.html") == "pets/index.html")
        #expect(OutputPath.relativeURL(from: "pets/index.html", to: "index.html") == "../index.html")
        #expect(OutputPath.relativeURL(from: "pets/a.html", to: "pets/b.html") == "b.html")
        #expect(OutputPath.relativeURL(from: "a/b/c.html", to: "a/b.html") == "../b.html")
        #expect(OutputPath.relativeURL(from: "a/b.html", to: "a/b/c.html") == "b/c.html")
        #expect(OutputPath.relativeURL(from: "x/y/p.html", to: "assets/style.css") == "../../assets/style.css")
    }

    @Test func relativeURLsAreEncodedAndCarryTheFragment() {
        #expect(
            OutputPath.relativeURL(from: "pets/dogs/x.html", to: "pets/index.html", fragment: "dogs/terriers")
                == "../index.html#dogs/terriers")
        #expect(OutputPath.relativeURL(from: "index.html", to: "pets/ç a:b.html") == "pets/%C3%A7%20a%3Ab.html")
        #expect(OutputPath.relativeURL(from: "index.html", to: "a.html", fragment: "x y") == "a.html#x%20y")
        #expect(OutputPath.relativeURL(from: "index.html", to: "a.html", fragment: "") == "a.html")
    }

    @Test func rootPrefix() {
        #expect(OutputPath.rootPrefix(of: "index.html") == "")
        #expect(OutputPath.rootPrefix(of: "pets/index.html") == "../")
        #expect(OutputPath.rootPrefix(of: "pets/dogs/terriers/diego.html") == "../../../")
    }

    /// Following a relative URL from the page's folder must lead to the target, for any pair of paths.
    @Test func relativeURLsLeadToTheirTarget() {
        var random = SplitMix64(seed: 5)
        let names = ["a", "b", "pets", "dogs", "é", "x y", "c:d", "100%", "日本"]
        func path(_ random: inout SplitMix64) -> String {
            ((0..<random.next(4)).map { _ in random.pick(names) } + [random.pick(names) + ".html"]).joined(separator: "/")
        }
        for _ in 0..<2000 {
            let from = path(&random), to = path(&random)
            let url = OutputPath.relativeURL(from: from, to: to)
            let folder = from.split(separator: "/").dropLast().joined(separator: "/")
            #expect(OutputPath.resolve(OutputPath.percentDecode(url), inFolder: folder) == to, "\(from) -> \(to): \(url)")
            #expect(!url.hasPrefix("/"), "\(url)")
        }
    }

    /// Empty segments (a leading, trailing or doubled `/`) count for nothing: the URL is the
    /// one between the same paths without them (which take a shorter way through the code).
    @Test func emptySegmentsCountForNothing() {
        var random = SplitMix64(seed: 11)
        let names = ["a", "b", "pets", "é", "x y", "c:d"]
        func segments(_ random: inout SplitMix64) -> [String] {
            (0..<random.next(4)).map { _ in random.pick(names) } + [random.pick(names) + ".html"]
        }
        func messy(_ segments: [String], _ random: inout SplitMix64) -> String {
            segments.map { (random.next(3) == 0 ? "/" : "") + $0 }.joined(separator: "/") + (random.next(4) == 0 ? "/" : "")
        }
        for _ in 0..<2000 {
            let from = segments(&random), to = segments(&random)
            let fragment = random.next(3) == 0 ? "x y/z" : nil
            let messyFrom = messy(from, &random), messyTo = messy(to, &random)
            #expect(
                OutputPath.relativeURL(from: messyFrom, to: messyTo, fragment: fragment)
                    == OutputPath.relativeURL(from: from.joined(separator: "/"), to: to.joined(separator: "/"), fragment: fragment))
        }
    }

    @Test func resolvingLinksAgainstAFolder() {
        #expect(OutputPath.resolve("../b/c.md", inFolder: "x/y") == "x/b/c.md")
        #expect(OutputPath.resolve("./a.md", inFolder: "") == "a.md")
        #expect(OutputPath.resolve("a//b.md", inFolder: "x") == "x/a/b.md")
        #expect(OutputPath.resolve("/top/a.md", inFolder: "x") == "top/a.md")
        #expect(OutputPath.resolve("../../a.md", inFolder: "x") == nil)
        #expect(OutputPath.resolve("é/ü.md", inFolder: "日本") == "日本/é/ü.md")
    }

    /// Resolving works on bytes; it must agree with resolving segment by segment.
    @Test func resolvingAgreesWithSegmentBySegment() {
        func reference(_ relative: String, _ base: String) -> String? {
            var parts = relative.hasPrefix("/") ? [] : base.split(separator: "/").map(String.init)
            for part in relative.split(separator: "/") {
                switch part {
                case ".": continue
                case "..":
                    if parts.isEmpty { return nil }
                    parts.removeLast()
                default: parts.append(String(part))
                }
            }
            return parts.joined(separator: "/")
        }
        var random = SplitMix64(seed: 8)
        let pieces = ["a", "bc", "é", "/", "//", ".", "..", "./", "../", ".x", "x.", "..."]
        for _ in 0..<3000 {
            let relative = (0..<random.next(8)).map { _ in random.pick(pieces) }.joined()
            let base = (0..<random.next(4)).map { _ in random.pick(["p", "dogs", "日本", "a b"]) }.joined(separator: "/")
            #expect(OutputPath.resolve(relative, inFolder: base) == reference(relative, base), "\(relative) in \(base)")
        }
    }

    /// What link routing and the hint for a missing path both read from a destination.
    @Test func localLinksAreTakenApart() {
        let plain = OutputPath.localLink("dogs/diego.md?v=2#Likes%20walks")
        #expect(plain == .init(path: "dogs/diego.md", fromRoot: false, fragment: "Likes walks"))
        let rooted = OutputPath.localLink("/pix/apple%20pie.webp?x#")
        #expect(rooted == .init(path: "pix/apple%20pie.webp", fromRoot: true, fragment: ""))
        // `../`, `./` and the like are left to the router.
        #expect(OutputPath.localLink("../b/c.md#x") == .init(path: "../b/c.md", fromRoot: false, fragment: "x"))
        #expect(OutputPath.localLink("/") == .init(path: "", fromRoot: true, fragment: nil))
        #expect(OutputPath.localLink("?only=query") == .init(path: "", fromRoot: false, fragment: nil))
    }
}
