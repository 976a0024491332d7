import FoldoutBase

/// The image stage, run after routing: reads the header of every content image, refuses
/// what cannot be an image or would not fit in memory, and makes each photo's placeholder,
/// which also proves it decodes (a truncated or corrupt file fails here). What failed is kept
/// in `SiteImages.problems`: the build warns about the ones a page shows, which pages name as
/// they are. Its `SiteImages` is what every later stage plans with.
public struct ImageStage: Sendable {
    /// A content image and the output path its original would be published at.
    public struct Input: Sendable {
        public var path: String
        public var sourcePath: String
        public var absolutePath: String
        public var digest: UInt64

        public init(path: String, sourcePath: String, absolutePath: String, digest: UInt64) {
            self.path = path
            self.sourcePath = sourcePath
            self.absolutePath = absolutePath
            self.digest = digest
        }
    }

    public var options: ImageOptions
    public var cache: ImageCache
    public var displayPath: @Sendable (String) -> String

    public init(options: ImageOptions, cache: ImageCache, displayPath: @escaping @Sendable (String) -> String) {
        self.options = options
        self.cache = cache
        self.displayPath = displayPath
    }

    public func run(_ inputs: [Input]) -> SiteImages {
        let fileSystem = cache.fileSystem
        let limit = options.pixelLimit
        let known = cache.knownHeaders()
        let headers = Parallel.map(inputs, chunkSize: 1) { input -> Result<ImageHeader, ImageProblem> in
            if let header = known[input.digest] {
                guard header.pixelCount <= limit else {
                    return .failure(.tooManyPixels(width: header.width, height: header.height, limit: limit))
                }
                return .success(header)
            }
            let bytes: [UInt8]
            do {
                bytes = try fileSystem.readFile(input.absolutePath)
            } catch {
                return .failure(.cannotRead("\(error)"))
            }
            return SourceImage.header(of: bytes, pixelLimit: limit)
        }
        var read: [UInt64: ImageHeader] = [:]
        for (input, header) in zip(inputs, headers) where known[input.digest] == nil {
            if case .success(let header) = header {
                var upright = ImageHeader(format: header.format, storedWidth: header.width, storedHeight: header.height)
                upright.carriesMetadata = header.carriesMetadata
                read[input.digest] = upright
            }
        }
        if !read.isEmpty { cache.remember(read, with: known) }
        var images = SiteImages(options: options)
        for (input, header) in zip(inputs, headers) {
            switch header {
            case .success(let header) where header.format == .svg:
                continue  // drawn by the browser at any size: copied as it is
            case .success(let header):
                images.sources[input.path] = SourceImage(path: input.path, absolutePath: input.absolutePath, digest: input.digest,
                                                         header: header, displayPath: displayPath(input.sourcePath))
            case .failure(let problem):
                images.problems[input.path] = (problem, displayPath(input.sourcePath))
            }
        }
        let placeholders = images.placeholderOperations()
        let made = ImageMaker(cache: cache).make(placeholders.map { ImageMaker.Job(source: images.sources[$0.path]!, operations: [$0.operation]) })
        for (path, problem) in made.problems {
            images.problems[path] = (problem, images.sources[path]!.displayPath)
            images.sources[path] = nil
        }
        for (path, operation) in placeholders where images.sources[path] != nil {
            let key = operation.key(source: images.sources[path]!.digest)
            if let entry = made.files[key], let bytes = try? fileSystem.readFile(entry.path), ContentHash.of(bytes) == entry.digest {
                images.placeholders[path] = SiteImages.dataURL(webp: bytes)
            }
        }
        return images
    }
}
