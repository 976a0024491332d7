import Foundation
import FoldoutBase

/// Every content image a build makes variants of, and how each use of one is planned: the
/// one place that decides which files a page names, so the pages and the images made for
/// them always agree. Planning reads only headers; `ImageMaker` makes the files.
public struct SiteImages: Sendable {
    public var options: ImageOptions
    /// Readable images by their original's output path. An image that could not be read is
    /// not here: pages show nothing for it, and the build warned.
    public var sources: [String: SourceImage]
    /// Tiny blurred copies as `data:` URLs, shown under each image while it loads, by path.
    public var placeholders: [String: String]
    /// Images that could not be read, by path, with the source file as warnings name it.
    public var problems: [String: (problem: ImageProblem, displayPath: String)] = [:]

    /// Whether every problem lies in an image's bytes (`ImageProblem.isCausedByBytes`), so
    /// a later build of the same input may repeat the warnings without trying again.
    public var problemsAreTheImages: Bool { problems.values.allSatisfy { $0.problem.isCausedByBytes } }

    public init(options: ImageOptions = ImageOptions(), sources: [String: SourceImage] = [:], placeholders: [String: String] = [:]) {
        self.options = options
        self.sources = sources
        self.placeholders = placeholders
    }

    /// The variants of the image at `path` shown large (an item's photo, a body image, a
    /// gallery slide); nil when there is no such image or it is published as it is.
    public func responsive(_ path: String) -> ImagePlan? {
        guard let source = sources[path], !Self.isSmallWebImage(source.header, largest: options.plan.widths.min() ?? 0) else {
            return nil
        }
        return ImagePlan.responsive(path, header: source.header, options: options.plan)
    }

    /// The square thumbnail of `side` pixels (and its 2x) of the image at `path`.
    public func square(_ path: String, side: Int, focus: ImageOperation.Focus?) -> ImagePlan? {
        guard let source = sources[path], !Self.isSmallWebImage(source.header, largest: 2 * side) else { return nil }
        return ImagePlan.square(path, header: source.header, side: side, focus: focus, options: options.plan)
    }

    /// The square image of a grid or carousel card at each of `sides` (see `ImagePlan.card`);
    /// nil when there is no such image or it is published as it is.
    public func card(_ path: String, sides: [Int], focus: ImageOperation.Focus?) -> ImagePlan? {
        guard let source = sources[path], !Self.isSmallWebImage(source.header, largest: sides.max() ?? 0) else { return nil }
        return ImagePlan.card(path, header: source.header, sides: sides, focus: focus, options: options.plan)
    }

    /// What a link preview shows of the image at `path` (`PreviewImage`); nil when there is no
    /// such image. A small image published as it is is shown as it is.
    public func preview(_ path: String) -> PreviewImage? {
        guard let source = sources[path] else { return nil }
        let header = source.header
        if Self.isSmallWebImage(header, largest: options.plan.widths.min() ?? 0) {
            return PreviewImage(path: path, width: header.width, height: header.height, format: header.format, operation: nil)
        }
        return ImagePlan.preview(path, header: header, width: PreviewImage.width, options: options.plan)
    }

    /// A PNG, GIF or WebP without metadata and no larger than what it is shown at (an icon, a
    /// 64-pixel swatch, a small diagram) is published as it is: a variant would save nothing.
    /// A JPEG always gets variants, which drop the EXIF block phones write.
    static func isSmallWebImage(_ header: ImageHeader, largest: Int) -> Bool {
        [.png, .gif, .webp].contains(header.format) && !header.carriesMetadata && header.width <= largest && header.height <= largest
    }

    /// Whether the original of the image at `path` is published: when the site asks for it,
    /// or when some use shows it as it is.
    public func publishesOriginal(_ path: String) -> Bool {
        guard let source = sources[path] else { return true }
        return options.publishOriginals || Self.isSmallWebImage(source.header, largest: options.plan.widths.min() ?? 0)
    }

    /// The placeholder made of each image worth one: not of small images shown as they are.
    public func placeholderOperations() -> [(path: String, operation: ImageOperation)] {
        sources.values.filter { !Self.isSmallWebImage($0.header, largest: options.plan.widths.min() ?? 0) }
            .map { ($0.path, ImagePlan.placeholder(header: $0.header)) }
    }

    /// A digest of everything pages take from the images (which exist, their sizes, the
    /// options, the placeholders), part of every page's render key.
    public var digest: UInt64 {
        var hash = ContentHash()
        hash.combine(UInt64(options.plan.widths.count))
        for width in options.plan.widths { hash.combine(UInt64(width)) }
        hash.combine(options.plan.avif ? "avif" : "")
        hash.combine(UInt64(options.plan.quality))
        hash.combine(options.plan.keepsMetadata ? "keep" : "strip")
        hash.combine(options.publishOriginals ? "originals" : "")
        for path in sources.keys.sorted() {
            let source = sources[path]!
            hash.combine(path)
            hash.combine(source.digest)
            hash.combine(placeholders[path] ?? "")
        }
        return hash.finalize()
    }

    /// A warning for each image among `used` (output paths) that could not be read.
    public func warnings(forUsed used: Set<String>) -> [Diagnostic] {
        problems.filter { used.contains($0.key) }.sorted { $0.key < $1.key }.map { _, found in
            .warning(found.displayPath, "image \(found.problem.message); pages show the file as it is, without variants",
                     hint: found.problem.hint)
        }
    }

    /// `bytes` of a WebP placeholder as a `data:` URL.
    public static func dataURL(webp bytes: [UInt8]) -> String {
        "data:image/webp;base64," + Data(bytes).base64EncodedString()
    }
}
