import FoldoutTestSupport
import Testing

@testable import FoldoutBase
@testable import FoldoutMarkdown

/// Inputs the fuzz target (Sources/FoldoutFuzz) found to break a promise, kept as tests.
@Suite struct FuzzRegressionTests {
    /// `İ` lower-cases to `i` plus a combining dot, which is not a letter: slugs had it, and
    /// a slug of the slug dropped it.
    @Test func slugOfDottedCapitalIIsLettersOnlyAndStable() {
        let slug = Slug.make("İstanbul")
        #expect(slug == "istanbul")
        #expect(Slug.make(slug) == slug)
    }

    /// A closing fence at the very end, without a newline, leaves an empty body.
    @Test func closingFenceWithoutNewline() throws {
        let split = try FrontMatter.split("---\ntitle: x\n---")
        #expect(split.yaml == "title: x\n")
        #expect(split.body.isEmpty)
    }
}
