import FoldoutBase

/// When builds first saw each undated item (`FeedDates.firstSeen`), kept in
/// `.foldout-cache/NAME.dates` beside the output folder NAME, so the feeds date such an item
/// by its first build rather than by each build.
///
/// Unlike the cache and the build record, which only make builds faster and are dropped
/// whenever they do not fit (another Foldout, a damaged file), this file holds facts a build
/// cannot find again: it is plain text, one `2026-05-01T07:30:00Z<TAB>item/id` line per
/// item sorted by id, readable by any version, and a line that does not read is skipped
/// alone. It is written only when its contents change.
package enum FeedDatesFile {
    private static let header = "# foldout feed dates 1: when a build first saw each item without a `date`"

    package static func defaultPath(forOutput output: String) -> String {
        SidecarFile.path(forOutput: output, suffix: ".dates")
    }

    /// The recorded dates; empty when there is no file.
    package static func read(_ path: String, fileSystem: FileSystem = .local) -> [String: Timestamp] {
        guard let bytes = try? fileSystem.readFile(path) else { return [:] }
        var dates: [String: Timestamp] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            guard let tab = line.firstIndex(of: "\t"), let date = Timestamp(String(line[..<tab])) else { continue }
            let id = String(line[line.index(after: tab)...])
            if !id.isEmpty { dates[id] = date }
        }
        return dates
    }

    /// The file's text for `dates`.
    package static func text(_ dates: [String: Timestamp]) -> String {
        ([header] + dates.sorted { $0.key < $1.key }.map { "\($0.value.rfc3339)\t\($0.key)" }).joined(separator: "\n") + "\n"
    }

    /// Replaces the file with `dates`, atomically.
    package static func write(_ dates: [String: Timestamp], to path: String, fileSystem: FileSystem = .local) throws {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            _ = try? fileSystem.makeFolder(String(path[..<slash]))
        }
        _ = try AtomicFile.write(Array(text(dates).utf8), to: path, in: fileSystem)
    }
}
