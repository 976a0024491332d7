import Testing
@testable import FoldoutBase
@testable import FoldoutLoading
@testable import FoldoutModel
import FoldoutTestSupport

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
