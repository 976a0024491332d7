import FoldoutTestSupport
import Testing

@testable import FoldoutBase
@testable import FoldoutModel

/// Slugs name folders, pages and headings in URLs and ids; readable titles name what has
/// no title of its own.
@Suite struct SlugTests {
    @Test(arguments: [
        ("Hello, World!", "hello-world"),
        ("Small Animals", "small-animals"),
        ("how_this_course_works", "how-this-course-works"),
        ("  leading and trailing  ", "leading-and-trailing"),
        ("Item 10", "item-10"),
        ("SwiftUI & UIKit: a--tour", "swiftui-uikit-a-tour"),
        ("v1.2", "v1-2"),
    ])
    func slugKeepsLettersAndDigitsAndJoinsTheRestWithOneDash(text: String, slug: String) {
        #expect(Slug.make(text) == slug)
    }

    @Test func slugKeepsLettersOfOtherScriptsLowerCased() {
        #expect(Slug.make("Crème Brûlée") == "crème-brûlée")
        #expect(Slug.make("Ünïcode ÄÖ") == "ünïcode-äö")
        #expect(Slug.make("日本語 ノート") == "日本語-ノート")
    }

    @Test func slugOfPunctuationAloneIsEmpty() {
        #expect(Slug.make("!!! ---").isEmpty)
        #expect(Slug.make("").isEmpty)
    }

    @Test func slugIsStable() {
        let text = "Golden Retriever (Adult)"
        #expect(Slug.make(text) == Slug.make(text))
        #expect(Slug.make(Slug.make(text)) == Slug.make(text))
    }

    @Test(arguments: [
        ("how_this_course_works.md", "How this course works"),
        ("my-first-post.markdown", "My first post"),
        ("dogs", "Dogs"),
        ("small-animals", "Small animals"),
        ("guinea pigs.md", "Guinea pigs"),
        ("README.md", "README"),
        ("01_intro.md", "01 intro"),
    ])
    func fileNameIsMadeReadable(name: String, title: String) {
        #expect(Slug.readableTitle(fromFileName: name) == title)
    }

    @Test func readableTitleKeepsTheCaseOfLaterWords() {
        // Only the first letter is raised; names like SwiftUI keep their capitals.
        #expect(Slug.readableTitle(fromFileName: "intro_to_SwiftUI.md") == "Intro to SwiftUI")
    }

    @Test func pagesAndFoldersGetSlugPathsAsIds() throws {
        let report = try MemorySite([
            "Pet Explorer/Small Animals/Guinea_Pigs/Mr Waffles.md": "Squeaks."
        ]).report()
        let item = try #require(report.site.allItems.first)
        #expect(item.id == "pet-explorer/small-animals/guinea-pigs/mr-waffles")
        #expect(item.anchor == "small-animals/guinea-pigs/mr-waffles")
        #expect(item.outputPath == "pet-explorer/small-animals/guinea-pigs/mr-waffles.html")
    }

    @Test func slugInFrontMatterRenamesThePageAndFolder() throws {
        let report = try MemorySite([
            "pets/_index.md": "---\nslug: animals\n---\n",
            "pets/dogs/_index.md": "---\nslug: canines\n---\n",
            "pets/dogs/diego.md": "---\nslug: diego-the-terrier\n---\nBody",
        ]).report()
        let item = try #require(report.site.allItems.first)
        #expect(item.outputPath == "animals/canines/diego-the-terrier.html")
        #expect(report.snapshot.files["animals/index.html"] != nil)
    }
}
