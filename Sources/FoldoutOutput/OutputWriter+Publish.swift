import FoldoutBase

extension OutputWriter {
    /// A file written into the staging folder, waiting to be renamed into place.
    package struct StagedFile: Sendable {
        package var path: String
        package var record: OutputManifest.Record

        package init(path: String, record: OutputManifest.Record) {
            self.path = path
            self.record = record
        }
    }

    /// Makes a rebuild's staged files visible, removes what went away and writes the
    /// manifest, as close to one step as renames allow:
    ///
    /// 1. the journal, naming every file about to change, is renamed into the output folder;
    /// 2. each staged file is renamed over its place, or, where its folder is new, the whole
    ///    staged folder is renamed into place (a new catalog appears at once);
    /// 3. `stale` files are removed, and empty folders above them and above `vanished`
    ///    (recorded files no longer on disk);
    /// 4. the manifest is renamed into place, and the journal removed.
    ///
    /// Killed at any point, every file is wholly old or wholly new, and the manifest with the
    /// journal names every file Foldout wrote (see `OutputManifest.read`). A failure before
    /// the first file moved leaves the site as it was; a rename failing after that throws a
    /// `WriteFailure` saying the folder holds part of the build. A manifest that cannot be
    /// written once the site is published is a notice: the journal still tells the truth.
    package func publish(
        _ staged: [StagedFile], removing stale: [String], vanished: [String] = [], previous: OutputManifest,
        manifest: inout OutputManifest, staging: OutputStaging, summary: inout Summary
    ) throws {
        let staged = staged.sorted { $0.path < $1.path }
        for file in staged { manifest.files[file.path] = file.record }

        // 1. The journal: this build's files, and those a stopped build's journal named.
        let journaled = !staged.isEmpty
        if journaled {
            var journal = OutputJournal()
            for file in staged { journal.files[file.path] = file.record }
            for path in previous.recoveredPaths where journal.files[path] == nil {
                journal.files[path] = manifest.files[path] ?? previous.files[path]
            }
            do {
                try journal.write(root: root, via: staging.journal, fileSystem: fileSystem)
            } catch {
                throw WriteFailure(error, root: root, outputChanged: false)
            }
        }

        // 2. Into place, parents first.
        var movedFolders = Set<String>()
        var folderExists: [String: Bool] = [:]
        var anyMoved = false
        for file in staged {
            var source = file.path
            var covered = false
            var prefix = ""
            for part in file.path.split(separator: "/").dropLast() {
                prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
                if movedFolders.contains(prefix) {
                    covered = true
                    break
                }
                let exists = folderExists[prefix] ?? (fileSystem.status(root + "/" + prefix) != nil)
                folderExists[prefix] = exists
                if !exists {
                    source = prefix
                    break
                }
            }
            if covered { continue }
            do {
                try fileSystem.rename(staging.site + "/" + source, root + "/" + source)
            } catch {
                if !anyMoved, previous.recoveredPaths.isEmpty { OutputJournal.remove(root: root, fileSystem: fileSystem) }
                throw WriteFailure(error, file: display(source), root: root, outputChanged: anyMoved)
            }
            anyMoved = true
            if source != file.path {
                movedFolders.insert(source)
                folderExists[source] = true
            }
        }
        summary.written = staged.count

        // 3. What went away.
        var removed: [String] = []
        for path in stale {
            if (try? fileSystem.removeFile(root + "/" + path)) != nil {
                removed.append(path)
                removeEmptyFolders(above: path)
            } else {
                manifest.files[path] = previous.files[path]
            }
        }
        for path in vanished { removeEmptyFolders(above: path) }
        summary.removed = removed.count
        summary.changedPaths = (staged.map(\.path) + removed).sorted()

        // 4. The manifest, then the journal goes.
        do {
            try manifest.write(root: root, via: staging.manifest, fileSystem: fileSystem)
        } catch {
            let failure = WriteFailure(error, file: display(OutputManifest.fileName), root: root, outputChanged: false)
            summary.notices += failure.diagnostics.map { diagnostic in
                .warning(
                    diagnostic.path,
                    "could not be written (\((error as? FileSystemError)?.reason ?? "\(error)")); the site is "
                        + "published, and the next build checks every file", hint: diagnostic.hint)
            }
            return
        }
        if journaled || !previous.recoveredPaths.isEmpty { OutputJournal.remove(root: root, fileSystem: fileSystem) }
    }
}
