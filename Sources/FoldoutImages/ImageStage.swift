import FoldoutBase

/// The image stage, run after routing: reads the header of every content image, refuses
/// what cannot be an image or would not fit in memory, and makes each photo's placeholder,
/// which also proves it decodes (a truncated or corrupt file fails here). What failed is kept
/// in `SiteImages.problems`: the build warns about the ones a page shows, which pages name as
/// they are. What reading and decoding showed about a file's bytes (libvips' messages, a
/// failure to decode) is kept in the image cache (`ImageRemarks`), so every build of the same
/// file warns alike, though it decodes nothing. Its `SiteImages` is what every later stage
/// plans with.
package struct ImageStage: Sendable {
    /// A content image and the output path its original would be published at.
    package struct Input: Sendable {
        package var path: String
        package var sourcePath: String
        package var absolutePath: String
        package var digest: UInt64

        package init(path: String, sourcePath: String, absolutePath: String, digest: UInt64) {
            self.path = path
            self.sourcePath = sourcePath
            self.absolutePath = absolutePath
            self.digest = digest
        }
    }

    package var options: ImageOptions
    package var cache: ImageCache
    package var displayPath: @Sendable (String) -> String
    /// Once cancelled, placeholders not started are left unmade (the build is stopping).
    package var cancellation: BuildCancellation?
    /// A first look (`BuildOptions.draftImages`): photos the cache has no placeholder of are
    /// not decoded, only listed in `SiteImages.pending` (their headers are read, so a file
    /// that is no image is warned about at once).
    package var draft = false

    package init(options: ImageOptions, cache: ImageCache, displayPath: @escaping @Sendable (String) -> String) {
        self.options = options
        self.cache = cache
        self.displayPath = displayPath
    }

    package func run(_ inputs: [Input]) -> SiteImages {
        // Claimed before the remarks are read or added to, so a build of another output
        // folder finishing now keeps them.
        let photoDigests = Set(inputs.map(\.digest))
        cache.claimPhotos(photoDigests)
        let known = cache.knownHeaders()
        let remarks = cache.knownRemarks()
        // Every header is read, in a draft build too: what cannot be an image is warned about at once.
        let read = readHeaders(inputs, known: known)
        var newHeaders: [UInt64: ImageHeader] = [:]
        for (input, found) in zip(inputs, read) where known[input.digest] == nil {
            if case .success(let header) = found.header {
                var upright = ImageHeader(format: header.format, storedWidth: header.width, storedHeight: header.height)
                upright.carriesMetadata = header.carriesMetadata
                newHeaders[input.digest] = upright
            }
        }
        if !newHeaders.isEmpty { cache.remember(newHeaders, with: known) }
        var images = SiteImages(options: options)
        images.photoDigests = photoDigests
        for (input, found) in zip(inputs, read) {
            let displayPath = displayPath(input.sourcePath)
            switch found.header {
            case .success(let header) where header.format == .svg:
                continue  // drawn by the browser at any size: copied as it is
            case .success(let header):
                let problem = remarks[input.digest]?.problem
                // A kept placeholder shows that the photo decodes (and that its variants were made).
                let placeholderKept = problem == nil && !draft ? true : isPlaceholderKept(header, digest: input.digest)
                if !placeholderKept, let problem {
                    // An earlier build found it does not decode: it is not decoded again.
                    images.problems[input.path] = (problem, displayPath)
                } else if draft, !placeholderKept {
                    images.pending[input.path] = displayPath
                } else {
                    images.sources[input.path] = SourceImage(
                        path: input.path, absolutePath: input.absolutePath, digest: input.digest, header: header, displayPath: displayPath)
                }
            case .failure(let problem):
                images.problems[input.path] = (problem, displayPath)
            }
        }
        let placeholders = images.placeholderOperations()
        let made = ImageMaker(cache: cache, cancellation: cancellation).make(placeholders.map { ImageMaker.Job(source: images.sources[$0.path]!, operations: [$0.operation]) })
        var learned: [UInt64: ImageRemarks] = [:]
        for (path, problem) in made.problems {
            images.problems[path] = (problem, images.sources[path]!.displayPath)
            if case .unreadable = problem {
                learned[images.sources[path]!.digest, default: ImageRemarks()].problem = problem
            }
            images.sources[path] = nil
        }
        // What libvips said of each photo shown or left for later: while reading its header and
        // making its placeholder now, then what earlier builds heard (making its variants too).
        for (input, found) in zip(inputs, read) where images.sources[input.path] != nil || images.pending[input.path] != nil {
            var said = ImageRemarks(messages: found.said)
            said.add(ImageRemarks(messages: made.libvipsMessages[input.path] ?? []))
            learned[input.digest, default: ImageRemarks()].add(ImageRemarks(messages: said.messages.filter { !LibvipsMessages.wasHeardAmongOthers($0) }))
            said.add(ImageRemarks(messages: remarks[input.digest]?.messages ?? []))
            if !said.messages.isEmpty { images.libvipsMessages[input.path] = said.messages }
        }
        cache.remember(learned.filter { digest, new in !(remarks[digest]?.includes(new) ?? false) })
        for (path, operation) in placeholders where images.sources[path] != nil {
            let key = operation.key(source: images.sources[path]!.digest)
            if let entry = made.files[key], let bytes = try? cache.fileSystem.readFile(entry.path), ContentHash.of(bytes) == entry.digest {
                images.placeholders[path] = SiteImages.dataURL(webp: bytes)
            }
        }
        return images
    }

    /// The header of each of `inputs` (from `known` when an earlier build read it) and what
    /// libvips said while reading it.
    private func readHeaders(
        _ inputs: [Input], known: [UInt64: ImageHeader]
    ) -> [(header: Result<ImageHeader, ImageProblem>, said: [String])] {
        let fileSystem = cache.fileSystem
        let limit = options.pixelLimit
        return Parallel.map(inputs, chunkSize: 1) { input -> (header: Result<ImageHeader, ImageProblem>, said: [String]) in
            if let header = known[input.digest] {
                guard header.pixelCount <= limit else {
                    return (.failure(.tooManyPixels(width: header.width, height: header.height, limit: limit)), [])
                }
                return (.success(header), [])
            }
            let bytes: [UInt8]
            do {
                bytes = try fileSystem.readFile(input.absolutePath)
            } catch {
                return (.failure(.cannotRead("\(error)")), [])
            }
            let (header, said) = LibvipsMessages.shared.during(
                { SourceImage.header(of: bytes, pixelLimit: limit) },
                retryingAloneIf: { if case .failure(.unreadable) = $0 { true } else { false } })
            return (header, said)
        }
    }

    /// Whether the cache holds the placeholder of the image with `header` and `digest`, or
    /// it needs none (a small image shown as it is).
    private func isPlaceholderKept(_ header: ImageHeader, digest: UInt64) -> Bool {
        guard SiteImages(options: options).needsPlaceholder(header) else { return true }
        let placeholder = ImagePlan.placeholder(header: header)
        return cache.lookup(placeholder.key(source: digest), format: placeholder.format) != nil
    }
}
