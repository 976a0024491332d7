import FoldoutTestSupport
import Foundation
import Testing

@testable import FoldoutBase
@testable import FoldoutLoading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Names that are not valid UTF-8 (a Latin-1 archive's `café`) and files that cannot be read:
/// each is an error naming it and saying what to do, never a wrong hint and never left out
/// without a word. Such names exist only on a real disk (Linux keeps a name's bytes as given).
@Suite struct UnusableNameTests {
    /// Makes `bytes` (a path relative to `folder`, any bytes but NUL) as a file holding
    /// `text`, or as a folder.
    static func make(_ bytes: [UInt8], in folder: String, text: String? = nil) throws {
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + bytes + [0]
        let made = path.withUnsafeBufferPointer { pointer in
            pointer.withMemoryRebound(to: CChar.self) { name -> Bool in
                guard let text else { return mkdir(name.baseAddress!, 0o755) == 0 }
                let descriptor = open(name.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                guard descriptor >= 0 else { return false }
                defer { close(descriptor) }
                return write(descriptor, text, text.utf8.count) == text.utf8.count
            }
        }
        try #require(made)
    }

    @Test func namesThatAreNotUTF8AreErrorsNamingThemNotPermissionProblems() throws {
        let site = try TemporaryFolder()
        try site.write([
            "Content/_index.md": "---\ntitle: Archive\n---\n",
            "Content/recipes/_index.md": "---\ntitle: Recipes\n---\n",
            "Content/recipes/bread.md": "# Bread\n",
        ])
        let recipes = site.path + "/Content/recipes"
        try Self.make(Array("caf".utf8) + [0xE9] + Array(".md".utf8), in: recipes, text: "# Café\n")
        try Self.make(Array("cr".utf8) + [0xE8] + Array("me.jpg".utf8), in: recipes, text: "not a photo")
        try Self.make(Array("entr".utf8) + [0xE9] + Array("es".utf8), in: recipes)
        try Self.make(Array("entr".utf8) + [0xE9] + Array("es/soup.md".utf8), in: recipes, text: "# Soup\n")
        var diagnostics: [Diagnostic] = []
        let tree = try ContentLoader(fileSystem: .local, displayRoot: "Content").load(root: site.path + "/Content", diagnostics: &diagnostics)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.path).sorted() == ["Content/recipes/caf\u{FFFD}.md", "Content/recipes/cr\u{FFFD}me.jpg", "Content/recipes/entr\u{FFFD}es"], "\(diagnostics)")
        for error in errors {
            #expect(error.message.contains("not valid UTF-8"))
            #expect(error.hint?.contains("convmv") ?? false)
            #expect(!(error.hint ?? "").contains("permission"))
        }
        // The rest of the folder loads.
        #expect(tree.folders.first?.pages.map(\.path) == ["recipes/bread.md"])
    }

    @Test func anUnreadableFileSaysWhyAndWhatToDo() throws {
        var fileSystem = FileSystem.memory(["/site/Content/_index.md": "# Site\n", "/site/Content/a.md": "# A\n", "/site/Content/b.md": "# B\n"])
        let read = fileSystem.readFile
        fileSystem.readFile = { path in
            if path.hasSuffix("/a.md") { throw FileSystemError(path: path, errno: EACCES) }
            if path.hasSuffix("/b.md") { throw FileSystemError(path: path, errno: EIO) }
            return try read(path)
        }
        var diagnostics: [Diagnostic] = []
        _ = try ContentLoader(fileSystem: fileSystem, displayRoot: "Content").load(root: "/site/Content", diagnostics: &diagnostics)
        let denied = try #require(diagnostics.first { $0.path == "Content/a.md" })
        #expect(denied.severity == .error && denied.message == "cannot read file: Permission denied")
        #expect(denied.hint?.contains("chmod u+r Content/a.md") ?? false)
        let broken = try #require(diagnostics.first { $0.path == "Content/b.md" })
        #expect(broken.message == "cannot read file: Input/output error")
        #expect(broken.hint?.contains("disk") ?? false)
        #expect(!(broken.hint ?? "").contains("chmod"))
    }
}
