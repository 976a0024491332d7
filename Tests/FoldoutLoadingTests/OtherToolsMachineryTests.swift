import FoldoutTestSupport
import Testing

@testable import FoldoutBase
@testable import FoldoutLoading

/// A content folder that was a Jekyll or Hugo site holds what that tool built it with; none of
/// it is content, so none of it is loaded (and so none is published).
@Suite struct OtherToolsMachineryTests {
    @Test func layoutsIncludesGemfilesAndScriptsAreLeftOut() throws {
        let files = [
            "/site/Content/_index.md": "---\ntitle: Site\n---\n",
            "/site/Content/_config.yml": "title: x\n",
            "/site/Content/Gemfile": "source 'https://rubygems.org'\n",
            "/site/Content/Gemfile.lock": "GEM\n",
            "/site/Content/_layouts/default.html": "<html>{{ content }}</html>",
            "/site/Content/_includes/note.md": "A note.\n",
            "/site/Content/_plugins/tags.rb": "module X; end\n",
            "/site/Content/script/fetch.rb": "puts 1\n",
            "/site/Content/licenses/_index.md": "---\ntitle: Licenses\n---\n",
            "/site/Content/licenses/mit.md": "# MIT\n",
            "/site/Content/licenses/logo.png": "image",
            "/site/Content/licenses/_data.yml": "a: 1\n",
        ]
        var diagnostics: [Diagnostic] = []
        let tree = try ContentLoader(fileSystem: .memory(files), displayRoot: "Content").load(root: "/site/Content", diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        var loaded: [String] = []
        func collect(_ folder: SourceFolder) {
            loaded += folder.pages.map(\.path) + folder.assets.map(\.path)
            folder.folders.forEach(collect)
        }
        collect(tree)
        #expect(loaded.sorted() == ["licenses/_data.yml", "licenses/logo.png", "licenses/mit.md"])
        #expect(!tree.folders.contains { $0.path.hasPrefix("_") })
    }
}
