import FoldoutBase

/// Makes the images pages name: every variant the cache does not hold yet, one source image
/// per task on every core, so only as many photos are decoded at once as there are cores.
/// A source whose variants are all kept is not read at all.
package struct ImageMaker: Sendable {
    /// One source image and everything made of it.
    package struct Job: Sendable {
        package var source: SourceImage
        package var operations: [ImageOperation]

        package init(source: SourceImage, operations: [ImageOperation]) {
            self.source = source
            self.operations = operations
        }
    }

    package struct Results: Sendable {
        /// Where the cache keeps each operation's result, by `ImageOperation.key(source:)`.
        package var files: [UInt64: ImageCache.Entry] = [:]
        /// Sources that could not be made, by their output path.
        package var problems: [String: ImageProblem] = [:]
        /// How many sources were decoded (0 when the cache held everything).
        package var decoded = 0
        /// What libvips said while making each source that was made, by its output path.
        package var libvipsMessages: [String: [String]] = [:]

        package init() {}
    }

    package var cache: ImageCache
    /// Once cancelled, photos not started are left unmade (the build is stopping).
    package var cancellation: BuildCancellation?

    package init(cache: ImageCache) {
        self.cache = cache
    }

    package init(cache: ImageCache, cancellation: BuildCancellation?) {
        self.cache = cache
        self.cancellation = cancellation
    }

    package func make(_ jobs: [Job], progress: ((Int) -> Void)? = nil) -> Results {
        // The sources with most to make first, so no core is left alone with a large one at the end.
        let ordered = jobs.sorted { $0.operations.count * $0.source.header.pixelCount > $1.operations.count * $1.source.header.pixelCount }
        // Claimed before they are looked up, so no other build removes them meanwhile.
        cache.claim(Set(jobs.lazy.flatMap { job in job.operations.lazy.map { $0.key(source: job.source.digest) } }))
        let outcomes = Parallel.map(ordered, chunkSize: 1) { job -> (Result<(files: [UInt64: ImageCache.Entry], decoded: Bool), ImageProblem>, [String]) in
            defer { progress?(1) }
            if cancellation?.isCancelled == true { return (.success(([:], false)), []) }
            let (made, messages) = LibvipsMessages.shared.during({ make(job) }, retryingAloneIf: Self.mayHaveAnothersWords)
            return (made, messages)
        }
        var results = Results()
        for (job, (outcome, messages)) in zip(ordered, outcomes) {
            switch outcome {
            case .success(let made):
                results.files.merge(made.files) { first, _ in first }
                if made.decoded { results.decoded += 1 }
                // A source that could not be made has its problem said instead.
                if !messages.isEmpty { results.libvipsMessages[job.source.path] = messages }
            case .failure(let problem):
                results.problems[job.source.path] = problem
            }
        }
        return results
    }

    /// Whether `made` failed in libvips, whose words may then be another photo's.
    static func mayHaveAnothersWords(_ made: Result<(files: [UInt64: ImageCache.Entry], decoded: Bool), ImageProblem>) -> Bool {
        if case .failure(.unreadable) = made { return true }
        return false
    }

    /// The width to decode a photo at so that every one of `operations` can be cut from it
    /// without enlarging: a square must cover its side in both directions.
    package static func widthNeeded(by operations: [ImageOperation], header: ImageHeader) -> Int {
        let (width, height) = (max(1, header.width), max(1, header.height))
        let needed = operations.map { operation -> Int in
            switch operation.shape {
            case let .fit(fitWidth, _), let .placeholder(fitWidth, _): fitWidth
            case let .square(side, _): width >= height ? (side * width + height - 1) / height : side
            }
        }
        return min(width, needed.max() ?? width)
    }

    private func make(_ job: Job) -> Result<(files: [UInt64: ImageCache.Entry], decoded: Bool), ImageProblem> {
        var files: [UInt64: ImageCache.Entry] = [:]
        var missing: [(key: UInt64, operation: ImageOperation)] = []
        for operation in job.operations {
            let key = operation.key(source: job.source.digest)
            guard files[key] == nil else { continue }
            if let kept = cache.lookup(key, format: operation.format) {
                files[key] = kept
            } else if !missing.contains(where: { $0.key == key }) {
                missing.append((key, operation))
            }
        }
        guard !missing.isEmpty else { return .success((files, false)) }
        let bytes: [UInt8]
        do {
            bytes = try cache.fileSystem.readFile(job.source.absolutePath)
        } catch {
            return .failure(.cannotRead("\(error)"))
        }
        // Several variants are cut from one decode, at the largest size any of them needs.
        // That size is the job's, whatever the cache lacks: a variant made again (its entry
        // was damaged or removed) has the bytes a clean build gives it.
        var decoded: ImageCodec.Decoded?
        if Set(job.operations.map { $0.key(source: job.source.digest) }).count > 1 {
            switch ImageCodec.decode(bytes, width: Self.widthNeeded(by: job.operations, header: job.source.header)) {
            case .success(let image): decoded = image
            case .failure(let problem): return .failure(problem)
            }
        }
        for (key, operation) in missing {
            switch decoded.map({ ImageCodec.make(operation, from: $0) }) ?? ImageCodec.make(operation, from: bytes) {
            case .success(let made):
                do {
                    files[key] = try cache.store(made, for: key, format: operation.format)
                } catch {
                    return .failure(.notKept("\(error)"))
                }
            case .failure(let problem):
                return .failure(problem)
            }
        }
        return .success((files, true))
    }
}
