import XCTest
@testable import FoldoutBase
@testable import FoldoutLoading
@testable import FoldoutModel

/// Markdown files are read after the folder walk, in parallel; the tree and the errors
/// must be what a file-by-file read gives, and a file that cannot be read is reported and left out.
final class ContentLoaderReadingTests: XCTestCase {
    private let files = [
        "/site/Content/_index.md": "---\ntitle: Site\n---\n",
        "/site/Content/pets/_index.md": "---\ntitle: Pets\n---\n",
        "/site/Content/pets/a.md": "# A\n",
        "/site/Content/pets/b.md": "# B\n",
        "/site/Content/pets/b.jpg": "image",
    ]

    func testEveryMarkdownFileHasItsBytes() throws {
        var diagnostics: [Diagnostic] = []
        let tree = try ContentLoader(fileSystem: .memory(files), displayRoot: "Content").load(root: "/site/Content", diagnostics: &diagnostics)
        XCTAssertEqual(diagnostics.count, 0)
        XCTAssertEqual(tree.index.map { String(decoding: $0.bytes, as: UTF8.self) }, "---\ntitle: Site\n---\n")
        let pets = try XCTUnwrap(tree.folders.first)
        XCTAssertEqual(pets.index?.path, "pets/_index.md")
        XCTAssertEqual(pets.pages.map(\.path), ["pets/a.md", "pets/b.md"])
        XCTAssertEqual(pets.pages.map { String(decoding: $0.bytes, as: UTF8.self) }, ["# A\n", "# B\n"])
        XCTAssertEqual(pets.assets.map(\.path), ["pets/b.jpg"])
    }

    func testAnUnreadableFileIsAnErrorNamingItAndLeftOut() throws {
        var fileSystem = FileSystem.memory(files)
        let read = fileSystem.readFile
        fileSystem.readFile = { path in
            if path.hasSuffix("/b.md") { throw FileSystemError(path: path, reason: "Permission denied") }
            return try read(path)
        }
        var diagnostics: [Diagnostic] = []
        let tree = try ContentLoader(fileSystem: fileSystem, displayRoot: "Content").load(root: "/site/Content", diagnostics: &diagnostics)
        XCTAssertEqual(diagnostics.map(\.path), ["Content/pets/b.md"])
        XCTAssertTrue(diagnostics.first?.message.hasPrefix("cannot read file") ?? false)
        // The file is left out; the others are loaded.
        XCTAssertEqual(tree.folders.first?.pages.map(\.path), ["pets/a.md"])
    }
}
