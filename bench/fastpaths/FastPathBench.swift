import CXXHash
import FoldoutBase
import FoldoutIncremental
import FoldoutLoading
import FoldoutMarkdown
import FoldoutModel
import FoldoutPresentation
import FoldoutRendering
import FoldoutRouting
import Foundation

// The fast paths measured against the libraries they replaced (docs/benchmarks.md, "Fast paths against the libraries they
// replace"): the hand-written XXH64 against libxxhash (`ContentHash`), the hand-written
// binary coding against Foundation's Codable encoders, and each remaining fast path against
// the reference behind its seam: `FlatFrontMatterParser` against Yams, `CompiledTemplates`
// against swift-mustache. (A page buffer of our own against `[UInt8]` and an arena for
// libcmark against its default allocator were measured here too, found no faster, and
// removed: docs/benchmarks.md.) bench/fastpaths/run.sh copies this
// file into FoldoutBuild of a scratch copy of the package, so both sides are compiled as the
// build's own callers see them (same module, whole-module optimized).

/// The hand-written XXH64 that `ContentHash` was until libxxhash replaced it (commit f49bbca),
/// kept here only so the comparison can be run again.
struct HandXXH64 {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    private var lane1: UInt64
    private var lane2: UInt64
    private var lane3: UInt64
    private var lane4: UInt64
    private let seed: UInt64
    /// Bytes not yet folded into the lanes (fewer than 32).
    private var pending: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var pendingCount = 0
    private var totalLength: UInt64 = 0

    init(seed: UInt64 = 0) {
        self.seed = seed
        lane1 = seed &+ Self.prime1 &+ Self.prime2
        lane2 = seed &+ Self.prime2
        lane3 = seed
        lane4 = seed &- Self.prime1
    }

    /// The digest of `bytes` alone, without a length prefix (plain XXH64).
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = HandXXH64()
        hasher.feedRaw(bytes)
        return hasher.finalize()
    }

    static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    static func of(_ text: String) -> UInt64 {
        var copy = text
        return copy.withUTF8 { of(UnsafeRawBufferPointer($0)) }
    }

    mutating func combine(_ text: String) {
        var copy = text
        copy.withUTF8 { buffer in
            combine(UInt64(buffer.count))
            feedRaw(UnsafeRawBufferPointer(buffer))
        }
    }

    mutating func combine(_ text: String?) {
        if let text {
            combine(true)
            combine(text)
        } else {
            combine(false)
        }
    }

    mutating func combine(_ bytes: [UInt8]) {
        combine(UInt64(bytes.count))
        bytes.withUnsafeBytes { feedRaw($0) }
    }

    mutating func combine(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { feedRaw($0) }
    }

    mutating func combine(_ value: Int) { combine(UInt64(bitPattern: Int64(value))) }
    mutating func combine(_ value: Bool) { combine(UInt64(value ? 1 : 0)) }
    mutating func combine(_ value: Double) { combine(value.bitPattern) }

    mutating func combine(_ value: Double?) {
        combine(value != nil)
        if let value { combine(value) }
    }

    /// Feeds bytes without a length prefix.
    mutating func feedRaw(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        totalLength &+= UInt64(bytes.count)
        var offset = 0
        let count = bytes.count
        if pendingCount > 0 {
            let take = min(32 - pendingCount, count)
            withUnsafeMutableBytes(of: &pending) { buffer in
                buffer.baseAddress!.advanced(by: pendingCount).copyMemory(from: base, byteCount: take)
            }
            pendingCount += take
            offset = take
            guard pendingCount == 32 else { return }
            let stripe = pending
            consume(
                UInt64(littleEndian: stripe.0), UInt64(littleEndian: stripe.1),
                UInt64(littleEndian: stripe.2), UInt64(littleEndian: stripe.3))
            pendingCount = 0
        }
        while count - offset >= 32 {
            let pointer = base.advanced(by: offset)
            consume(
                UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self)),
                UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
                UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
                UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 24, as: UInt64.self)))
            offset += 32
        }
        if offset < count {
            let rest = count - offset
            withUnsafeMutableBytes(of: &pending) { buffer in
                buffer.baseAddress!.copyMemory(from: base.advanced(by: offset), byteCount: rest)
            }
            pendingCount = rest
        }
    }

    func finalize() -> UInt64 {
        var hash: UInt64
        if totalLength >= 32 {
            hash = Self.rotate(lane1, 1) &+ Self.rotate(lane2, 7) &+ Self.rotate(lane3, 12) &+ Self.rotate(lane4, 18)
            hash = Self.merge(hash, lane1)
            hash = Self.merge(hash, lane2)
            hash = Self.merge(hash, lane3)
            hash = Self.merge(hash, lane4)
        } else {
            hash = seed &+ Self.prime5
        }
        hash &+= totalLength
        var stripe = pending
        let count = pendingCount
        withUnsafeBytes(of: &stripe) { buffer in
            var offset = 0
            while offset + 8 <= count {
                let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                hash ^= Self.round(0, word)
                hash = Self.rotate(hash, 27) &* Self.prime1 &+ Self.prime4
                offset += 8
            }
            if offset + 4 <= count {
                let word = UInt64(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                hash ^= word &* Self.prime1
                hash = Self.rotate(hash, 23) &* Self.prime2 &+ Self.prime3
                offset += 4
            }
            while offset < count {
                hash ^= UInt64(buffer[offset]) &* Self.prime5
                hash = Self.rotate(hash, 11) &* Self.prime1
                offset += 1
            }
        }
        hash ^= hash >> 33
        hash &*= Self.prime2
        hash ^= hash >> 29
        hash &*= Self.prime3
        hash ^= hash >> 32
        return hash
    }

    private mutating func consume(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) {
        lane1 = Self.round(lane1, a)
        lane2 = Self.round(lane2, b)
        lane3 = Self.round(lane3, c)
        lane4 = Self.round(lane4, d)
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    @inline(__always)
    private static func merge(_ accumulator: UInt64, _ lane: UInt64) -> UInt64 {
        (accumulator ^ round(0, lane)) &* prime1 &+ prime4
    }
}

// MARK: Codable mirrors of what the cache and the state hold

indirect enum CFieldValue: Codable {
    case string(String), integer(Int), number(Double), bool(Bool), list([CFieldValue]), map([CField]), null
    init(_ value: FieldValue) {
        switch value {
        case .string(let s): self = .string(s)
        case .integer(let i): self = .integer(i)
        case .number(let d): self = .number(d)
        case .bool(let b): self = .bool(b)
        case .list(let l): self = .list(l.map(CFieldValue.init))
        case .map(let m): self = .map(m.map { CField(key: $0.key, value: CFieldValue($0.value)) })
        case .null: self = .null
        }
    }
}
struct CField: Codable { var key: String; var value: CFieldValue }
struct CFrontMatter: Codable {
    var fields: [CField]
    var lines: [String: Int]
    init(_ f: FrontMatter) {
        fields = f.fields.map { CField(key: $0.key, value: CFieldValue($0.value)) }
        lines = f.lines
    }
}
struct CAnchorLink: Codable {
    var line: Int; var written: String; var page: String; var fragment: String
    init(_ l: PageBodyRenderer.AnchorLink) { line = l.line; written = l.written; page = l.page; fragment = l.fragment }
}
struct CDiagnostic: Codable {
    var isError: Bool; var path: String; var line: Int?; var column: Int?; var message: String; var hint: String?
    init(_ d: Diagnostic) {
        isError = d.severity == .error; path = d.path; line = d.line; column = d.column; message = d.message; hint = d.hint
    }
}
enum CResolution: Codable {
    case rewritten(String, page: String, fragment: String?), sameAnchor(page: String, fragment: String), external, missing
    init(_ r: PageBodyRenderer.Resolution) {
        switch r {
        case .rewritten(let u, let p, let f): self = .rewritten(u, page: p, fragment: f)
        case .sameAnchor(let p, let f): self = .sameAnchor(page: p, fragment: f)
        case .external: self = .external
        case .missing: self = .missing
        }
    }
}
struct CLink: Codable { var destination: String; var resolution: CResolution }
struct CBody: Codable {
    var html: String; var title: String; var summary: String; var headingIDs: [String]
    var anchorLinks: [CAnchorLink]; var diagnostics: [CDiagnostic]; var links: [CLink]
    init(_ b: RenderedBody) {
        html = b.html; title = b.title; summary = b.summary; headingIDs = b.headingIDs
        anchorLinks = b.anchorLinks.map(CAnchorLink.init); diagnostics = b.diagnostics.map(CDiagnostic.init)
        links = b.links.map { CLink(destination: $0.destination, resolution: CResolution($0.resolution)) }
    }
}
struct CCacheEntries: Codable { var frontMatters: [CFrontMatter]; var bodies: [CBody] }

struct CImageSize: Codable { var width: Int; var height: Int }
struct CImage: Codable {
    var location: String; var isExternal: Bool; var alt: String; var altIsWritten: Bool; var size: CImageSize?
    init(_ i: ImageReference) {
        location = i.location; isExternal = i.isExternal; alt = i.alt; altIsWritten = i.altIsWritten
        size = i.size.map { CImageSize(width: $0.width, height: $0.height) }
    }
}
struct CTrailStep: Codable { var title: String; var path: String; var fragment: String? }
struct CItem: Codable {
    var id, anchor, title: String; var weight: Double?; var date: String?; var summary: String; var image: CImage?
    var tags: [String]; var fields: [CField]; var bodyHTML: String; var headingIDs: [String]
    var outputPath, sourcePath: String; var trail: [CTrailStep]; var images: [String: CImage]
    init(_ i: Item) {
        id = i.id; anchor = i.anchor; title = i.title; weight = i.weight; date = i.date; summary = i.summary
        image = i.image.map(CImage.init); tags = i.tags; fields = i.fields.map { CField(key: $0.key, value: CFieldValue($0.value)) }
        bodyHTML = ""; headingIDs = i.headingIDs; outputPath = i.outputPath; sourcePath = i.sourcePath
        trail = i.trail.map { CTrailStep(title: $0.title, path: $0.path, fragment: $0.fragment) }
        images = i.images.mapValues(CImage.init)
    }
}

// MARK: The benchmark

public enum FastPathBench {
    nonisolated(unsafe) static var sink: UInt64 = 0

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    static func files(under root: String) -> [(path: String, bytes: [UInt8])] {
        var out: [(String, [UInt8])] = []
        let manager = FileManager.default
        guard let e = manager.enumerator(atPath: root) else { return [] }
        while let rel = e.nextObject() as? String {
            let full = root + "/" + rel
            var isDir: ObjCBool = false
            guard manager.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue else { continue }
            if let data = manager.contents(atPath: full) { out.append((rel, [UInt8](data))) }
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// Runs `bodies` in turns, round after round (order alternating), and returns each one's median in ms.
    static func turns(_ rounds: Int, _ bodies: [() -> Void]) -> [(median: Double, all: [Double])] {
        var times = Array(repeating: [Double](), count: bodies.count)
        for round in 0..<rounds {
            let order = round % 2 == 0 ? Array(bodies.indices) : Array(bodies.indices.reversed())
            for i in order {
                let t0 = now()
                bodies[i]()
                times[i].append(Double(now() - t0) / 1e6)
            }
        }
        return times.map { (median($0), $0) }
    }

    static func fmt(_ x: Double) -> String { String(format: "%.2f", x) }

    /// `parts`: which measurements, of hash, coding, frontmatter, templates, bodies (all when empty).
    public static func run(corpus: String, output: String, rounds: Int, codingRounds: Int, parts: Set<String> = []) throws {
        func wanted(_ part: String) -> Bool { parts.isEmpty || parts.contains(part) }
        // A full build of the corpus, with a cache that keeps its entries in memory.
        let options = BuildOptions(contentPath: corpus, templatesPath: nil, outputPath: output)
        let cache = MarkdownCacheFile(path: MarkdownCacheFile.defaultPath(forOutput: output))
        let outcome = try Builder(options: options).update(cache: cache)
        print("build: \(outcome.pageCount) pages, \(cache.frontMatters.count) front matters, \(cache.bodies.count) bodies cached")

        if wanted("hash") { hashBench(corpus: corpus, output: output, rounds: rounds) }
        if wanted("coding") {
            cacheCodingBench(cache: cache, rounds: codingRounds)
            let statePath = BuildRecordFile.defaultPath(forOutput: output)
            if let state = BuildRecordFile.read(statePath)?.state() {
                itemCodingBench(items: state.site.allItems, rounds: codingRounds)
            } else {
                print("no build record at \(statePath)")
            }
        }
        let sources = files(under: corpus).filter { $0.path.hasSuffix(".md") }.map { (path: $0.path, text: String(decoding: $0.bytes, as: UTF8.self)) }
        if wanted("frontmatter") { frontMatterBench(sources: sources, rounds: rounds) }
        if wanted("templates") {
            // The site with its bodies, as the build's render stage has it.
            guard let modeled = try Builder(options: options).makeSnapshot().built?.modeled else { throw CocoaError(.featureUnsupported) }
            templatesBench(
                renderer: SiteRenderer(site: modeled.site, templates: modeled.templates, configurations: modeled.presentation),
                rounds: rounds)
        }
    }

    // MARK: Front matter

    /// Every content file's front matter, as the parse stage reads it: `FrontMatter.parse`
    /// (the flat reader, Yams where it steps aside) against Yams alone (`parseWithYams`).
    static func frontMatterBench(sources: [(path: String, text: String)], rounds: Int) {
        let yamls = sources.compactMap { try? FrontMatter.split($0.text).yaml }
        let flat = yamls.filter { FlatFrontMatterParser.parse($0) != nil }.count
        var mismatches = 0
        for yaml in yamls {
            let fast = try? FrontMatter.parse(yaml: yaml), yams = try? FrontMatter.parseWithYams(yaml: yaml)
            guard let fast, let yams else { if (fast == nil) != (yams == nil) { mismatches += 1 }; continue }
            if fast.fields.map(\.key) != yams.fields.map(\.key) || fast.lines != yams.lines
                || zip(fast.fields, yams.fields).contains(where: { $0.value != $1.value })
            {
                mismatches += 1
            }
        }
        let bytes = yamls.reduce(0) { $0 + $1.utf8.count }
        print("\nfront matter: \(yamls.count) of \(sources.count) files (\(bytes) bytes), \(flat) read by the flat reader; results differing from Yams: \(mismatches)")
        let t = turns(
            rounds,
            [
                {
                    var n = 0; for yaml in yamls { n += (try? FrontMatter.parse(yaml: yaml))?.fields.count ?? 0 }; sink &+= UInt64(n)
                },
                {
                    var n = 0; for yaml in yamls { n += (try? FrontMatter.parseWithYams(yaml: yaml))?.fields.count ?? 0 }; sink &+= UInt64(n)
                },
            ])
        print("  ms (median of \(rounds)): FrontMatter.parse \(fmt(t[0].median)), Yams \(fmt(t[1].median)); Yams/fast \(fmt(t[1].median / t[0].median))x")
        print("  runs: " + t.map { $0.all.map(fmt).joined(separator: " ") }.joined(separator: " | "))
    }

    // MARK: Pages

    /// Every page of the site, as the render stage makes them: the compiled templates (the
    /// build) and swift-mustache on the same contexts; the templates alone (contexts made
    /// beforehand) and whole pages (the presenter's contexts included).
    static func templatesBench(renderer: SiteRenderer, rounds: Int) {
        var mustache = renderer
        mustache.templateRunner = .swiftMustache
        let shared = renderer.makeShared()
        let pages = renderer.pages(shared)
        let inputs = pages.map { renderer.input(of: $0, shared: shared) }
        var mismatches = 0, bytes = 0
        for input in inputs {
            let html = renderer.html(of: input)
            bytes += html.count
            if mustache.html(of: input) != html { mismatches += 1 }
        }
        print("\npages: \(pages.count) (\(bytes) bytes); pages differing between the two: \(mismatches)")
        let onlyT = turns(
            rounds,
            [renderer, mustache].map { r in
                {
                    var n = 0; for input in inputs { n += r.html(of: input).count }; sink &+= UInt64(n)
                }
            })
        let wholeT = turns(
            rounds,
            [renderer, mustache].map { r in
                {
                    var n = 0; for page in pages { n += r.renderPage(page, shared: shared).html.count }; sink &+= UInt64(n)
                }
            })
        for (name, t) in [("templates only", onlyT), ("whole pages", wholeT)] {
            print(
                "  \(name), ms (median of \(rounds)): compiled \(fmt(t[0].median)), swift-mustache \(fmt(t[1].median)); swift-mustache/compiled \(fmt(t[1].median / t[0].median))x")
            print("  runs: " + t.map { $0.all.map(fmt).joined(separator: " ") }.joined(separator: " | "))
        }
    }

    // MARK: Hashing

    static func hashBench(corpus: String, output: String, rounds: Int) {
        let sources = files(under: corpus)
        let pages = files(under: output)
        let sourceBytes = sources.reduce(0) { $0 + $1.bytes.count }
        let pageBytes = pages.reduce(0) { $0 + $1.bytes.count }
        print("hash input: \(sources.count) content files (\(sourceBytes) bytes), \(pages.count) output files (\(pageBytes) bytes)")

        // Same digests?
        var mismatches = 0
        for file in sources + pages where HandXXH64.of(file.bytes) != ContentHash.of(file.bytes) { mismatches += 1 }
        var a = HandXXH64(), b = ContentHash()
        for file in sources {
            a.combine(file.path); b.combine(file.path)
            a.combine(file.bytes.count); b.combine(file.bytes.count)
            a.combine(true); b.combine(true)
        }
        for len in 0..<200 {
            let bytes = (0..<len).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            if HandXXH64.of(bytes) != ContentHash.of(bytes) { mismatches += 1 }
        }
        print("digest mismatches (whole files, lengths 0-199, one long streamed combine): \(mismatches + (a.finalize() == b.finalize() ? 0 : 1))")

        let paths = sources.map(\.path)
        let digests = sources.map { ContentHash.of($0.bytes) }
        let display = paths.map { "Content/" + $0 }

        // (A) content files, as ContentLoader reads them: one ContentHash.of per file.
        let filesT = turns(
            rounds,
            [
                {
                    var s: UInt64 = 0; for f in sources { s &+= HandXXH64.of(f.bytes) }; sink &+= s
                },
                {
                    var s: UInt64 = 0; for f in sources { s &+= ContentHash.of(f.bytes) }; sink &+= s
                },
                {
                    var s: UInt64 = 0; for f in sources { s &+= f.bytes.withUnsafeBytes { XXH3_64bits($0.baseAddress, $0.count) } }; sink &+= s
                },
            ])
        // (B) output pages, as the output writer digests what it writes.
        let pagesT = turns(
            rounds,
            [
                {
                    var s: UInt64 = 0; for f in pages { s &+= HandXXH64.of(f.bytes) }; sink &+= s
                },
                {
                    var s: UInt64 = 0; for f in pages { s &+= ContentHash.of(f.bytes) }; sink &+= s
                },
                {
                    var s: UInt64 = 0; for f in pages { s &+= f.bytes.withUnsafeBytes { XXH3_64bits($0.baseAddress, $0.count) } }; sink &+= s
                },
            ])
        // (C) keys: the fingerprint (path + digest per file, one hasher), the structure digest
        // (path per file) and each body's cache key (a hasher of 2 strings and 2 ints per file).
        let keysT = turns(
            rounds,
            [
                {
                    var fingerprint = HandXXH64(), structure = HandXXH64()
                    var s: UInt64 = 0
                    for i in paths.indices {
                        fingerprint.combine(paths[i]); fingerprint.combine(digests[i])
                        structure.combine(paths[i])
                        var key = HandXXH64()
                        key.combine(digests[i]); key.combine(paths[i]); key.combine(display[i]); key.combine(UInt64(42))
                        s &+= key.finalize()
                    }
                    sink &+= s &+ fingerprint.finalize() &+ structure.finalize()
                },
                {
                    var fingerprint = ContentHash(), structure = ContentHash()
                    var s: UInt64 = 0
                    for i in paths.indices {
                        fingerprint.combine(paths[i]); fingerprint.combine(digests[i])
                        structure.combine(paths[i])
                        var key = ContentHash()
                        key.combine(digests[i]); key.combine(paths[i]); key.combine(display[i]); key.combine(UInt64(42))
                        s &+= key.finalize()
                    }
                    sink &+= s &+ fingerprint.finalize() &+ structure.finalize()
                },
            ])
        print("\nhashing, median of \(rounds) rounds taking turns (ms): hand-written XXH64 / libxxhash XXH64 (ContentHash) / libxxhash XXH3_64bits")
        for (name, t, bytes) in [("content files", filesT, sourceBytes), ("output pages", pagesT, pageBytes)] {
            let mbps = { (ms: Double) in fmt(Double(bytes) / 1e6 / (ms / 1e3)) }
            print(
                "  \(name): \(fmt(t[0].median)) / \(fmt(t[1].median)) / \(fmt(t[2].median)) ms  (\(mbps(t[0].median)) / \(mbps(t[1].median)) / \(mbps(t[2].median)) MB/s); lib/hand \(fmt(t[1].median / t[0].median))x"
            )
        }
        print("  keys (\(paths.count) files): \(fmt(keysT[0].median)) / \(fmt(keysT[1].median)) ms; lib/hand \(fmt(keysT[1].median / keysT[0].median))x")
        let hand = filesT[0].median + pagesT[0].median + keysT[0].median
        let lib = filesT[1].median + pagesT[1].median + keysT[1].median
        print("  all three: \(fmt(hand)) / \(fmt(lib)) ms; lib/hand \(fmt(lib / hand))x")
        for (name, t) in [("files", filesT), ("pages", pagesT), ("keys", keysT)] {
            print("  runs \(name): " + t.map { $0.all.map(fmt).joined(separator: " ") }.joined(separator: " | "))
        }
    }

    // MARK: Coding

    static func codableRows(
        _ label: String, rounds: Int, handEncode: @escaping () -> [UInt8], handDecode: @escaping ([UInt8]) -> Int,
        value: some Codable, decodeJSON: @escaping (Data) throws -> Int, decodePlist: @escaping (Data) throws -> Int
    ) {
        let hand = handEncode()
        let plistEncoder = PropertyListEncoder()
        plistEncoder.outputFormat = .binary
        let plist = try! plistEncoder.encode(value)
        let json = try! JSONEncoder().encode(value)
        // Each decoder checks it reads back what it wrote (count of entries).
        let counts = (handDecode(hand), try! decodePlist(plist), try! decodeJSON(json))
        print("\n\(label): sizes hand-written \(hand.count) B, plist \(plist.count) B, JSON \(json.count) B; entries read back \(counts)")
        let encodeT = turns(
            rounds,
            [
                { sink &+= UInt64(handEncode().count) },
                { sink &+= UInt64(try! plistEncoder.encode(value).count) },
                { sink &+= UInt64(try! JSONEncoder().encode(value).count) },
            ])
        let decodeT = turns(
            rounds,
            [
                { sink &+= UInt64(handDecode(hand)) },
                { sink &+= UInt64(try! decodePlist(plist)) },
                { sink &+= UInt64(try! decodeJSON(json)) },
            ])
        print(
            "  encode ms (median of \(rounds)): hand \(fmt(encodeT[0].median)), plist \(fmt(encodeT[1].median)), JSON \(fmt(encodeT[2].median)); plist/hand \(fmt(encodeT[1].median / encodeT[0].median))x, JSON/hand \(fmt(encodeT[2].median / encodeT[0].median))x"
        )
        print(
            "  decode ms (median of \(rounds)): hand \(fmt(decodeT[0].median)), plist \(fmt(decodeT[1].median)), JSON \(fmt(decodeT[2].median)); plist/hand \(fmt(decodeT[1].median / decodeT[0].median))x, JSON/hand \(fmt(decodeT[2].median / decodeT[0].median))x"
        )
        let h = encodeT[0].median + decodeT[0].median, p = encodeT[1].median + decodeT[1].median, j = encodeT[2].median + decodeT[2].median
        print("  encode+decode: hand \(fmt(h)), plist \(fmt(p)), JSON \(fmt(j)); plist/hand \(fmt(p / h))x, JSON/hand \(fmt(j / h))x")
        for (name, t) in [("encode", encodeT), ("decode", decodeT)] {
            print("  runs \(name): " + t.map { $0.all.map(fmt).joined(separator: " ") }.joined(separator: " | "))
        }
    }

    static func cacheCodingBench(cache: MarkdownCacheFile, rounds: Int) {
        let frontMatters = Array(cache.frontMatters.values)
        let bodies = Array(cache.bodies.values)
        // Where each entry starts, for decoding them one by one as the cache file is read.
        var fmOffsets: [Int] = [], bodyOffsets: [Int] = []
        func handEncode() -> [UInt8] {
            var writer = BinaryWriter(capacity: 1 << 20)
            var fms = frontMatters, bs = bodies
            fmOffsets.removeAll(keepingCapacity: true); bodyOffsets.removeAll(keepingCapacity: true)
            for i in fms.indices { fmOffsets.append(writer.count); MarkdownCacheFile.encode(&fms[i], into: &writer) }
            for i in bs.indices { bodyOffsets.append(writer.count); MarkdownCacheFile.encode(&bs[i], into: &writer) }
            return writer.bytes
        }
        _ = handEncode()
        let fmStarts = fmOffsets, bodyStarts = bodyOffsets
        func handDecode(_ bytes: [UInt8]) -> Int {
            var n = 0
            for start in fmStarts {
                var reader = BinaryReader(bytes, offset: start)
                n += (try! MarkdownCacheFile.decodeFrontMatter(&reader)).fields.isEmpty ? 0 : 1
            }
            for start in bodyStarts {
                var reader = BinaryReader(bytes, offset: start)
                n += (try! MarkdownCacheFile.decodeBody(&reader)).html.isEmpty ? 0 : 1
            }
            return n
        }
        let value = CCacheEntries(frontMatters: frontMatters.map(CFrontMatter.init), bodies: bodies.map(CBody.init))
        let nonEmpty = frontMatters.filter { !$0.fields.isEmpty }.count + bodies.filter { !$0.html.isEmpty }.count
        print("\ncache entries: \(frontMatters.count) front matters, \(bodies.count) bodies (\(nonEmpty) non-empty)")
        codableRows(
            "build cache entries (front matter + rendered bodies)", rounds: rounds, handEncode: handEncode, handDecode: handDecode,
            value: value,
            decodeJSON: {
                let v = try JSONDecoder().decode(CCacheEntries.self, from: $0);
                return v.frontMatters.filter { !$0.fields.isEmpty }.count + v.bodies.filter { !$0.html.isEmpty }.count
            },
            decodePlist: {
                let v = try PropertyListDecoder().decode(CCacheEntries.self, from: $0);
                return v.frontMatters.filter { !$0.fields.isEmpty }.count + v.bodies.filter { !$0.html.isEmpty }.count
            })
    }

    static func itemCodingBench(items: [Item], rounds: Int) {
        func handEncode() -> [UInt8] {
            var writer = BinaryWriter(capacity: 1 << 20)
            var previous: [TrailStep]?
            for item in items {
                writer.write(item, withBody: false, previousTrail: previous)
                previous = item.trail
            }
            return writer.bytes
        }
        func handDecode(_ bytes: [UInt8]) -> Int {
            var reader = BinaryReader(bytes)
            var previous: [TrailStep] = []
            var n = 0
            while !reader.isAtEnd {
                let item = try! reader.readItem(previousTrail: previous)
                previous = item.trail
                n += 1
            }
            return n
        }
        codableRows(
            "build record's items (\(items.count), without bodies)", rounds: rounds, handEncode: handEncode, handDecode: handDecode,
            value: items.map(CItem.init),
            decodeJSON: { try JSONDecoder().decode([CItem].self, from: $0).count },
            decodePlist: { try PropertyListDecoder().decode([CItem].self, from: $0).count })
    }
}
