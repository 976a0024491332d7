import FoldoutTestSupport
import Testing

@testable import FoldoutBase
@testable import FoldoutLoading
@testable import FoldoutModel

/// Markdown files are read after the folder walk, in parallel; the tree and the errors
/// must be what a file-by-file read gives, and a file that cannot be read is reported and left out.
@Suite struct ContentLoaderReadingTests {
    private let files = [
        "/site/Content/_index.md": "---\ntitle: Site\n---\n",
        "/site/Content/pets/_index.md": "---\ntitle: Pets\n---\n",
        "/site/Content/pets/a.md": "# A\n",
        "/site/Content/pets/b.md": "# B\n",
        "/site/Content/pets/b.jpg": "image",
    ]

    @Test func everyMarkdownFileHasItsBytes() throws {
        var diagnostics: [Diagnostic] = []
        let tree = try ContentLoader(fileSystem: .memory(files), displayRoot: "Content").load(root: "/site/Content", diagnostics: &diagnostics)
        #expect(diagnostics.count == 0)
        #expect(tree.index.map { String(decoding: $0.bytes, as: UTF8.self) } == "---\ntitle: Site\n---\n")
        let pets = try #require(tree.folders.first)
        #expect(pets.index?.path == "pets/_index.md")
        #expect(pets.pages.map(\.path) == ["pets/a.md", "pets/b.md"])
        #expect(pets.pages.map { String(decoding: $0.bytes, as: UTF8.self) } == ["# A\n", "# B\n"])
        #expect(pets.assets.map(\.path) == ["pets/b.jpg"])
    }

    @Test func anUnreadableFileIsAnErrorNamingItAndLeftOut() throws {
        var fileSystem = FileSystem.memory(files)
        let read = fileSystem.readFile
        fileSystem.readFile = { path in
            if path.hasSuffix("/b.md") { throw FileSystemError(path: path, reason: "Permission denied") }
            return try read(path)
        }
        var diagnostics: [Diagnostic] = []
        let tree = try ContentLoader(fileSystem: fileSystem, displayRoot: "Content").load(root: "/site/Content", diagnostics: &diagnostics)
        #expect(diagnostics.map(\.path) == ["Content/pets/b.md"])
        #expect(diagnostics.first?.message.hasPrefix("cannot read file") ?? false)
        // The file is left out; the others are loaded.
        #expect(tree.folders.first?.pages.map(\.path) == ["pets/a.md"])
    }
}

/// The loader's fast paths against the string operations they stand in for.
@Suite struct ContentLoaderFastPathTests {
    static let pieces = ["a", "B", "z", "0", "-", "_", ".", ".md", ".markdown", "é", "e\u{301}", "Å", "日本", "README", " ", "md"]

    @Test func namesSortAsStringsWouldSortThem() {
        var random = SplitMix64(seed: 43)
        for _ in 0..<3000 {
            let first = (0..<random.next(5)).map { _ in random.pick(Self.pieces) }.joined()
            let second = random.next(4) == 0 ? first : (0..<random.next(5)).map { _ in random.pick(Self.pieces) }.joined()
            let bothASCII = first.utf8.allSatisfy { $0 < 0x80 } && second.utf8.allSatisfy { $0 < 0x80 }
            let reference = first != second ? first < second : first.utf8.lexicographicallyPrecedes(second.utf8)
            #expect(ContentLoader.precedes(first, second, bothASCII: bothASCII) == reference, "\(first) \(second)")
        }
    }

    @Test func baseNamesDropTheMarkdownExtension() {
        var random = SplitMix64(seed: 47)
        for _ in 0..<3000 {
            let name = (0..<random.next(5)).map { _ in random.pick(Self.pieces) }.joined()
            let reference = name.hasSuffix(".markdown") ? name.dropLast(9) : name.hasSuffix(".md") ? name.dropLast(3) : Substring(name)
            #expect(SourceFile.baseName(ofFileName: Substring(name)) == reference, "\(name)")
            #expect(SourceFile(path: "folder/" + name, bytes: []).baseName == reference, "\(name)")
        }
    }
}
