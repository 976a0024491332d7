import FoldoutBase

/// One image file in `Output/` that pages name: made by `operation` from the image whose
/// original is at `source` (see `SiteImages`, which plans it).
package struct VariantFile: Sendable {
    package var path: String
    package var source: String
    package var operation: ImageOperation

    package init(path: String, source: String, operation: ImageOperation) {
        self.path = path
        self.source = source
        self.operation = operation
    }
}

extension SiteImages {
    /// What `make` gives the build: the files to publish and what went wrong.
    package struct Made: Sendable {
        /// Each file to publish: its path in `Output/`, the cache's file it is a copy of, and
        /// the digest of its bytes.
        package var files: [(path: String, cachePath: String, digest: UInt64)] = []
        /// Variants that could not be made, and what libvips said while making them.
        package var warnings: [Diagnostic] = []
        /// A file was missed for a reason outside the input (the cache could not be written):
        /// a later build of the same input must try again.
        package var mayDifferNextTime = false
    }

    /// Makes `files` (the ones the cache lacks, inside `decoding`, see
    /// `BuildOptions.decodingPhotos`), and records in the cache that this output folder uses
    /// them and the placeholders, so the rest may go. What libvips logged while no photo was
    /// being made (`LibvipsMessages.takeStrays`) is reported naming `strayDisplayPath`.
    package func make(
        _ files: [VariantFile], cache: ImageCache, cancellation: BuildCancellation?, strayDisplayPath: String = "",
        decoding: (() -> Void) -> Void
    ) -> Made {
        var operations: [String: [ImageOperation]] = [:]
        for file in files { operations[file.source, default: []].append(file.operation) }
        let jobs = operations.compactMap { source, operations in
            sources[source].map { ImageMaker.Job(source: $0, operations: operations) }
        }
        var results = ImageMaker.Results()
        decoding { results = ImageMaker(cache: cache, cancellation: cancellation).make(jobs) }
        var made = Made()
        // The placeholders, made by the image stage, are the cache's too.
        var used = Set(
            placeholderOperations().filter { placeholders[$0.path] != nil }.map { path, operation in
                operation.key(source: sources[path]!.digest)
            })
        for file in files {
            let key = file.operation.key(source: sources[file.source]!.digest)
            guard let kept = results.files[key] else { continue }
            made.files.append((file.path, kept.path, kept.digest))
            used.insert(key)
        }
        // What libvips said while making variants, unless the image stage said it already (now,
        // or remembered from an earlier build): kept, so later builds say it too.
        var learned: [UInt64: ImageRemarks] = [:]
        for (path, messages) in results.libvipsMessages.sorted(by: { $0.key < $1.key }) {
            let before = Set(libvipsMessages[path] ?? [])
            for message in messages where !before.contains(message) {
                made.warnings.append(Self.libvipsWarning(message, displayPath: sources[path]?.displayPath ?? path))
                if let source = sources[path], !LibvipsMessages.wasHeardAmongOthers(message) {
                    learned[source.digest, default: ImageRemarks()].messages.append(message)
                }
            }
        }
        cache.remember(learned)
        for message in LibvipsMessages.shared.takeStrays() {
            made.warnings.append(
                .warning(
                    strayDisplayPath, "libvips says: \(message)",
                    hint: "check how the pages show their photos; a damaged one is usually named in another warning"))
        }
        for (path, problem) in results.problems.sorted(by: { $0.key < $1.key }) {
            let source = sources[path]?.displayPath ?? path
            made.warnings.append(.warning(source, "image \(problem.message); its variants are missing from the site", hint: problem.hint))
            if !problem.isCausedByBytes { made.mayDifferNextTime = true }
        }
        cache.recordUse(of: used)
        return made
    }
}
