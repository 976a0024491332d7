/// Files a build keeps for an output folder (its lock, cache and state), in a hidden folder
/// beside it rather than inside it, so nothing but the site is published.
package enum SidecarFile {
    /// `.foldout-cache/NAME` + `suffix` beside the output folder NAME.
    package static func path(forOutput output: String, suffix: String) -> String {
        var trimmed = Substring(output)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let name = trimmed.split(separator: "/").last.map(String.init) ?? "Output"
        let parent: String
        if let slash = trimmed.lastIndex(of: "/") {
            parent = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
        } else {
            parent = "."
        }
        let safeName = name == "." || name == ".." ? "Output" : name
        return (parent == "/" ? "" : parent) + "/.foldout-cache/" + safeName + suffix
    }
}
