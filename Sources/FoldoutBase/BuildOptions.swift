/// What to build, from where, to where.
public struct BuildOptions: Sendable {
    /// How messages name the templates built into the program.
    public static let builtInTemplatesName = "(built-in templates)"

    /// The content folder, and how messages name it.
    public var contentPath: String
    public var contentDisplayName: String
    /// The templates folder; nil uses the built-in default templates.
    public var templatesPath: String?
    public var templatesDisplayName: String
    public var outputPath: String
    /// Include items with `draft: true`.
    public var includeDrafts: Bool
    /// Treat warnings (missing images, images without alt text, broken links and anchors)
    /// as errors, for CI.
    public var strict: Bool
    public var fileSystem: FileSystem
    /// Overwrite files in the output folder that Foldout did not write when a page needs their path.
    public var force = false
    /// A first look: photos the image cache holds no placeholder of yet are shown as their
    /// originals and nothing is decoded for them (`build --draft-images`, and every build of
    /// `serve`, which then makes them in the background). Such a build is never taken as up
    /// to date: the next one without it makes what this one left out.
    public var draftImages = false
    /// Hears how far long stages have come (for a progress bar).
    public var progress: BuildProgress.Reporter?
    /// The time a build dates items first seen in it (for feeds, see `FeedDates`): asked once
    /// per build. Tests set a fixed one.
    public var clock: @Sendable () -> Timestamp = { Timestamp.now() }
    /// Runs the stages that decode photos. Their buffers are large and freed one photo at a
    /// time; `foldout` has its allocator return them to the system at once meanwhile (see
    /// AllocatorTuning), where the page stages keep freed memory a while for reuse.
    public var decodingPhotos: @Sendable (() -> Void) -> Void = { $0() }
    /// Stops the build at its next safe point when cancelled (Ctrl-C); nil: never.
    package var cancellation: BuildCancellation?

    public init(
        contentPath: String, templatesPath: String?, outputPath: String, includeDrafts: Bool = false, strict: Bool = false,
        contentDisplayName: String? = nil, templatesDisplayName: String? = nil, fileSystem: FileSystem = .local
    ) {
        self.contentPath = contentPath
        self.templatesPath = templatesPath
        self.outputPath = outputPath
        self.includeDrafts = includeDrafts
        self.strict = strict
        self.contentDisplayName = contentDisplayName ?? contentPath
        self.templatesDisplayName = templatesDisplayName ?? templatesPath ?? BuildOptions.builtInTemplatesName
        self.fileSystem = fileSystem
    }
}
