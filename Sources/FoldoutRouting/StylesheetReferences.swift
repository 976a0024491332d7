import FoldoutBase
import FoldoutLoading

/// The files a stylesheet names (`url(img/bg.png)`, `@import "print.css"`), which
/// `publish: referenced` keeps published with the stylesheet: a page that uses the
/// stylesheet uses them too.
package enum StylesheetReferences {
    /// The local paths named in the CSS `bytes`, as written (queries and fragments kept for
    /// the link resolution to take off); comments, `data:` URLs and other sites' are left out.
    package static func paths(in bytes: [UInt8]) -> [String] {
        let css = withoutComments(bytes)
        var found: [String] = []
        var index = css.startIndex
        func lowered(_ at: Int) -> UInt8 { css[at] | (css[at] >= 0x41 && css[at] <= 0x5A ? 0x20 : 0) }
        func matches(_ word: String, at start: Int) -> Bool {
            let letters = Array(word.utf8)
            guard start + letters.count <= css.count else { return false }
            return letters.indices.allSatisfy { lowered(start + $0) == letters[$0] }
        }
        func skipSpaces(_ at: inout Int) {
            while at < css.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(css[at]) { at += 1 }
        }
        /// A quoted string at `at`, or (when `bare`) text up to `)`.
        func value(_ at: inout Int, bare: Bool) -> String? {
            skipSpaces(&at)
            guard at < css.count else { return nil }
            let quote = css[at]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                let start = at + 1
                guard let end = css[start...].firstIndex(of: quote) else { return nil }
                at = end + 1
                return String(decoding: css[start..<end], as: UTF8.self)
            }
            guard bare, let end = css[at...].firstIndex(of: UInt8(ascii: ")")) else { return nil }
            defer { at = end + 1 }
            return String(decoding: css[at..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
        while index < css.count {
            var at = index
            if matches("url(", at: index) {
                at += 4
                if let written = value(&at, bare: true) { found.append(written) }
            } else if matches("@import", at: index) {
                at += 7
                skipSpaces(&at)
                if !matches("url(", at: at), let written = value(&at, bare: false) { found.append(written) }
            }
            index = max(at, index + 1)
        }
        return found.filter { !$0.isEmpty && OutputPath.isLocal($0) && !$0.lowercased().hasPrefix("data:") }
    }

    /// `bytes` with each `/* … */` made spaces, so a commented-out rule names nothing.
    private static func withoutComments(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        var index = 0
        while index + 1 < result.count {
            guard result[index] == UInt8(ascii: "/"), result[index + 1] == UInt8(ascii: "*") else {
                index += 1
                continue
            }
            var end = index + 2
            while end + 1 < result.count, !(result[end] == UInt8(ascii: "*") && result[end + 1] == UInt8(ascii: "/")) { end += 1 }
            let stop = min(end + 2, result.count)
            for position in index..<stop { result[position] = UInt8(ascii: " ") }
            index = stop
        }
        return result
    }
}

extension AssetPublishing {
    /// `linked` (the output paths of the files pages use) with the files that the published
    /// stylesheets among `assets` name, and those the files' stylesheets name in turn. Read
    /// only where some file may be left out (`leavesOutUnused`): otherwise `linked` as is.
    package func used(
        linked: Set<String>, assets: [(path: String, asset: SourceAsset)], routes: Routes, leavesOutUnused: Bool,
        read: (SourceAsset) -> [UInt8]?
    ) -> Set<String> {
        guard leavesOutUnused else { return linked }
        let stylesheets = assets.filter { $0.path.lowercased().hasSuffix(".css") }
        guard !stylesheets.isEmpty else { return linked }
        var used = linked
        var done: Set<String> = []
        // Until no published stylesheet names a file not yet used (an `@import` may publish another).
        var changed = true
        while changed {
            changed = false
            for (path, asset) in stylesheets where !done.contains(path) && publishes(asset, at: path, used: used) {
                done.insert(path)
                guard let bytes = read(asset) else { continue }
                for written in StylesheetReferences.paths(in: bytes) {
                    // From the stylesheet's folder, or from the content folder for `/img/bg.png`, as links are.
                    let link = OutputPath.localLink(written)
                    guard let target = routes.outputPath(ofLink: String(link.path), inSource: link.fromRoot ? "" : asset.path),
                        !used.contains(target)
                    else { continue }
                    used.insert(target)
                    changed = true
                }
            }
        }
        return used
    }
}
