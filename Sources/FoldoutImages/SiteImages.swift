import FoldoutBase
import Foundation

/// Every content image a build makes variants of, and how each use of one is planned: the
/// one place that decides which files a page names, so the pages and the images made for
/// them always agree. Planning reads only headers; `ImageMaker` makes the files.
package struct SiteImages: Sendable {
    package var options: ImageOptions
    /// Readable images by their original's output path. An image that could not be read is
    /// not here: pages show nothing for it, and the build warned.
    package var sources: [String: SourceImage]
    /// Tiny blurred copies as `data:` URLs, shown under each image while it loads, by path.
    package var placeholders: [String: String]
    /// Images that could not be read, by path, with the source file as warnings name it.
    package var problems: [String: (problem: ImageProblem, displayPath: String)] = [:]
    /// Photos a draft build (`BuildOptions.draftImages`) left for later, by path, with the
    /// source file as warnings name it: not yet in the image cache, so pages show their
    /// originals, as they do an image not in `sources`.
    package var pending: [String: String] = [:]
    /// What libvips said while reading or making an image that it did read (or left for
    /// later), by path: now, or in an earlier build of the same bytes (`ImageRemarks`).
    package var libvipsMessages: [String: [String]] = [:]
    /// The digests of every image file the site has (`ImageStage.Input`), whose remarks the
    /// cache keeps (`ImageCache.recordPhotos`).
    package var photoDigests: Set<UInt64> = []

    /// Whether every problem lies in an image's bytes (`ImageProblem.isCausedByBytes`), so
    /// a later build of the same input may repeat the warnings without trying again.
    package var problemsAreTheImages: Bool { problems.values.allSatisfy { $0.problem.isCausedByBytes } }

    package init(options: ImageOptions = ImageOptions(), sources: [String: SourceImage] = [:], placeholders: [String: String] = [:]) {
        self.options = options
        self.sources = sources
        self.placeholders = placeholders
    }

    /// The variants of the image at `path` shown large (an item's photo, a body image, a
    /// gallery slide); nil when there is no such image or it is published as it is.
    package func responsive(_ path: String) -> ImagePlan? {
        guard let source = sources[path], !Self.isSmallWebImage(source.header, largest: options.plan.widths.min() ?? 0) else {
            return nil
        }
        return ImagePlan.responsive(path, header: source.header, options: options.plan)
    }

    /// The square thumbnail of `side` pixels (and its 2x) of the image at `path`.
    package func square(_ path: String, side: Int, focus: ImageOperation.Focus?) -> ImagePlan? {
        guard let source = sources[path], !Self.isSmallWebImage(source.header, largest: 2 * side) else { return nil }
        return ImagePlan.square(path, header: source.header, side: side, focus: focus, options: options.plan)
    }

    /// The square image of a grid or carousel card at each of `sides` (see `ImagePlan.card`);
    /// nil when there is no such image or it is published as it is.
    package func card(_ path: String, sides: [Int], focus: ImageOperation.Focus?) -> ImagePlan? {
        guard let source = sources[path], !Self.isSmallWebImage(source.header, largest: sides.max() ?? 0) else { return nil }
        return ImagePlan.card(path, header: source.header, sides: sides, focus: focus, options: options.plan)
    }

    /// What a link preview shows of the image at `path` (`PreviewImage`); nil when there is no
    /// such image. A small image published as it is is shown as it is.
    package func preview(_ path: String) -> PreviewImage? {
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
    package func publishesOriginal(_ path: String) -> Bool {
        guard let source = sources[path] else { return true }
        return options.publishOriginals || Self.isSmallWebImage(source.header, largest: options.plan.widths.min() ?? 0)
    }

    /// The placeholder made of each image worth one: not of small images shown as they are.
    package func placeholderOperations() -> [(path: String, operation: ImageOperation)] {
        sources.values.filter { needsPlaceholder($0.header) }.map { ($0.path, ImagePlan.placeholder(header: $0.header)) }
    }

    /// Whether an image with `header` is shown with variants and a placeholder: every one
    /// but a small web image, shown as it is.
    func needsPlaceholder(_ header: ImageHeader) -> Bool {
        !Self.isSmallWebImage(header, largest: options.plan.widths.min() ?? 0)
    }

    /// A digest of everything pages take from the images (which exist, their sizes, the
    /// options, the placeholders), part of every page's render key.
    package var digest: UInt64 {
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

    /// A warning for each image among `used` (output paths) that could not be read, and for
    /// each thing libvips said about one it read.
    package func warnings(forUsed used: Set<String>) -> [Diagnostic] {
        let unreadable = problems.filter { used.contains($0.key) }.sorted { $0.key < $1.key }.map { _, found -> Diagnostic in
            .warning(
                found.displayPath, "image \(found.problem.message); pages show the file as it is, without variants",
                hint: found.problem.hint)
        }
        let said = libvipsMessages.filter { used.contains($0.key) }.sorted { $0.key < $1.key }.flatMap { path, messages in
            messages.map { Self.libvipsWarning($0, displayPath: sources[path]?.displayPath ?? pending[path] ?? path) }
        }
        return unreadable + said
    }

    /// A warning naming the image libvips said `message` about while reading or making it.
    package static func libvipsWarning(_ message: String, displayPath: String) -> Diagnostic {
        .warning(
            displayPath, "libvips says of this image: \(message)",
            hint: "the file may be damaged or cut off; check how the page shows it, or save it again from an image editor")
    }

    /// `bytes` of a WebP placeholder as a `data:` URL.
    package static func dataURL(webp bytes: [UInt8]) -> String {
        "data:image/webp;base64," + Data(bytes).base64EncodedString()
    }
}
