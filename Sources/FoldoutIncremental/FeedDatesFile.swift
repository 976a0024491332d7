import FoldoutBase

/// When builds first saw each undated item (`FeedDates.firstSeen`), kept in
/// `.foldout-cache/NAME.dates` beside the output folder NAME, so the feeds date such an item
/// by its first build rather than by each build.
///
/// Unlike the cache and the build record, which only make builds faster and are dropped
/// whenever they do not fit (another Foldout, a damaged file), this file holds facts a build
/// cannot find again: it is plain text, one `2026-05-01T07:30:00Z<TAB>item/id` line per
/// item sorted by id, readable by any version, and written only when its contents change.
/// So that a damaged file never changes a feed, it is sealed with a checksum
/// (`SidecarFile.sealed`) and kept twice, in `NAME.dates` and `NAME.dates.copy`: a damaged
/// one is read from the other and replaced by it. Only when both are damaged are the lines
/// that still read taken alone.
package enum FeedDatesFile {
    private static let header = "# foldout feed dates 2: when a build first saw each undated item; last line a checksum"

    package static func defaultPath(forOutput output: String) -> String {
        SidecarFile.path(forOutput: output, suffix: ".dates")
    }

    /// The second copy of the file at `path`.
    package static func copyPath(of path: String) -> String { path + ".copy" }

    /// The recorded dates; empty when there is no file. A damaged copy is replaced by the
    /// good one as it is read.
    package static func read(_ path: String, fileSystem: FileSystem = .local) -> [String: Timestamp] {
        let copy = copyPath(of: path)
        let first = try? fileSystem.readFile(path), second = try? fileSystem.readFile(copy)
        let checkedFirst = first.flatMap(SidecarFile.unsealed), checkedSecond = second.flatMap(SidecarFile.unsealed)
        if let good = checkedFirst ?? checkedSecond {
            if checkedFirst == nil { try? SidecarFile.write(second!, to: path, in: fileSystem) }
            if checkedSecond == nil { try? SidecarFile.write(first!, to: copy, in: fileSystem) }
            return dates(in: good)
        }
        // Written before the checksum, or both copies damaged: the lines that read.
        return first.map(dates(in:)) ?? second.map(dates(in:)) ?? [:]
    }

    private static func dates(in bytes: [UInt8]) -> [String: Timestamp] {
        var dates: [String: Timestamp] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            guard let tab = line.firstIndex(of: "\t"), let date = Timestamp(String(line[..<tab])) else { continue }
            let id = String(line[line.index(after: tab)...])
            if !id.isEmpty { dates[id] = date }
        }
        return dates
    }

    /// The file's text for `dates`, before its checksum.
    package static func text(_ dates: [String: Timestamp]) -> String {
        ([header] + dates.sorted { $0.key < $1.key }.map { "\($0.value.rfc3339)\t\($0.key)" }).joined(separator: "\n") + "\n"
    }

    /// Replaces both copies with `dates`, each atomically and one after the other, so one of
    /// them is whole whenever the build stops.
    package static func write(_ dates: [String: Timestamp], to path: String, fileSystem: FileSystem = .local) throws {
        let sealed = SidecarFile.sealed(Array(text(dates).utf8))
        try SidecarFile.write(sealed, to: copyPath(of: path), in: fileSystem)
        try SidecarFile.write(sealed, to: path, in: fileSystem)
    }
}
