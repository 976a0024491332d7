import FoldoutBase
import FoldoutImages
import FoldoutLoading
import FoldoutMarkdown
import FoldoutModel
import FoldoutPresentation
import FoldoutRendering
import FoldoutRouting

extension Pipeline {
    /// The site understood: what every stage before the pages made.
    package struct Modeled: @unchecked Sendable {
        /// The content folder's tree, without the Markdown files' bytes.
        package var tree: SourceFolder
        /// The parsed pages that take part, by source path; their bodies are dropped once rendered.
        package var pages: [String: ParsedPage]
        package var routes: Routes
        /// The pages written at pages' old addresses (`aliases:`).
        package var redirects: [Redirect]
        /// Which content files are published: all, or only those pages use (`publish:`).
        package var publishing: AssetPublishing
        /// The content's images, read and checked, with the site's image settings.
        package var images: SiteImages
        /// Every image file the pages name, planned with the presentation.
        package var imageVariants: ImageVariants
        package var markdown: MarkdownStage
        package var bodies: MarkdownStage.Bodies
        package var site: Site
        package var anchors: AnchorIndex
        package var presentation: [String: CatalogPresentation]
        /// When each item counts as new, for the feeds; what `FeedDatesFile` keeps is `feedDates.recording(site)`.
        package var feedDates: FeedDates
        package var templates: TemplateSet
        package var shared: SiteRenderer.Shared
        package var digest: PageDigest
        /// Everything reported, sorted by file and line.
        package var warnings: [Diagnostic]
        /// Each file's own problems (parsing, its body, its anchor links) before `--strict`, by source path.
        package var ownDiagnostics: [String: [Diagnostic]]
        package var fileDigests: [String: UInt64]
        package var timings: [(stage: String, seconds: Double)]
        /// In a site of several languages, the language of this one (the default language's
        /// site holds the others' in `translations`, and `alternates` between them all).
        package var language: SiteLanguages.Language? = nil
        package var translations: [Modeled] = []
        package var alternates: SiteTranslations? = nil
    }

    /// The site built: the snapshot of `Output/` and what it was made from.
    package struct Built: @unchecked Sendable {
        package var modeled: Modeled
        package var snapshot: OutputSnapshot
        /// Everything reported: the model's warnings, then the images'.
        package var warnings: [Diagnostic] { modeled.warnings + imageWarnings }
        package var pageCount: Int
        /// Variants that could not be made (rare: the image stage found the photo readable).
        package var imageWarnings: [Diagnostic]
        /// False when an image was missed for a reason outside the input (a file that could
        /// not be opened, an image cache that could not be written): a later build of the
        /// same input must try again rather than repeat this one's warnings.
        package var isRepeatable: Bool
        package var timings: [(stage: String, seconds: Double)]
    }
}
