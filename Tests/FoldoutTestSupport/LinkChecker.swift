import Foundation

/// Follows every `href` and `src` in every HTML page of a built site, the way a browser
/// opening the folder from disk would: each must be relative, name a file that exists
/// (never a directory), and its `#fragment`, if any, must be an `id` on the target page.
/// `http(s):` and `mailto:` links leave the site and are not followed.
package struct LinkChecker {
    package struct Result {
        package var pagesChecked = 0
        package var linksChecked = 0
        /// One line per broken link: `page: attribute="value": what is wrong`.
        package var problems: [String] = []
    }

    package let root: URL
    private var idsByPage: [String: Set<String>] = [:]

    package init(root: URL) {
        self.root = root.standardizedFileURL
    }

    package static func check(_ root: URL) throws -> Result {
        var checker = LinkChecker(root: root)
        return try checker.run()
    }

    private mutating func run() throws -> Result {
        var result = Result()
        for page in try allFiles().filter({ $0.hasSuffix(".html") }).sorted() {
            result.pagesChecked += 1
            let tags = HTMLTags.scan(try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8))
            for tag in tags where !tag.isEnd {
                for attribute in ["href", "src"] {
                    guard let value = tag.attributes[attribute] else { continue }
                    result.linksChecked += 1
                    if let problem = try problem(with: value, on: page) {
                        result.problems.append("\(page): <\(tag.name) \(attribute)=\"\(value)\">: \(problem)")
                    }
                }
            }
        }
        return result
    }

    /// What is wrong with the link `value` found on `page`, or nil when it resolves.
    private mutating func problem(with value: String, on page: String) throws -> String? {
        let lowered = value.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("mailto:") { return nil }
        if value.isEmpty { return "empty link" }
        if value.hasPrefix("/") { return "rooted at `/`: breaks when the site is opened from disk" }
        var path = Substring(value)
        var fragment: String?
        if let hash = path.firstIndex(of: "#") {
            fragment = String(path[path.index(after: hash)...])
            path = path[..<hash]
        }
        if let question = path.firstIndex(of: "?") { path = path[..<question] }
        if let colon = path.firstIndex(of: ":"), !path[..<colon].contains("/") { return "unexpected URL scheme" }

        let target: String
        if path.isEmpty {
            target = page
        } else {
            if path.hasSuffix("/") { return "names a directory, not a file" }
            guard let decoded = String(path).removingPercentEncoding else { return "invalid percent-encoding" }
            guard let resolved = Self.resolve(decoded, from: page) else { return "climbs above the output folder" }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(resolved).path, isDirectory: &isDirectory) else {
                return "`\(resolved)` does not exist"
            }
            if isDirectory.boolValue { return "`\(resolved)` is a directory" }
            target = resolved
        }
        if let fragment, !fragment.isEmpty, target.hasSuffix(".html") {
            let id = fragment.removingPercentEncoding ?? fragment
            if !(try ids(in: target)).contains(id) { return "no element with id `\(id)` in `\(target)`" }
        }
        return nil
    }

    private mutating func ids(in page: String) throws -> Set<String> {
        if let known = idsByPage[page] { return known }
        let html = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        let ids = Set(HTMLTags.scan(html).compactMap { $0.attributes["id"] })
        idsByPage[page] = ids
        return ids
    }

    /// `relative` joined onto the folder of `page` (both relative to the root), `.` and `..`
    /// removed; nil when it climbs above the root.
    package static func resolve(_ relative: String, from page: String) -> String? {
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for part in relative.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".", "": continue
            case "..":
                if parts.isEmpty { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    package func allFiles() throws -> [String] {
        try Fixture.files(under: root)
    }
}
