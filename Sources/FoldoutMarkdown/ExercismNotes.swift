/// Exercism's admonitions: a fenced block whose info string is `exercism/note` (or
/// `exercism/caution`, `exercism/advanced`…) holds Markdown that Exercism's site shows as a
/// titled box. Before parsing, `prepare` writes such a block as a GitHub alert (`> [!NOTE]`
/// and its lines quoted), which `GitHubAlerts` then makes the box; every line stays on its
/// line, so messages name the right one. A kind GitHub has no alert for is a note.
package enum ExercismNotes {
    /// Whether `markdown` may hold one: most pages never name `exercism/`.
    package static func mayHold(_ markdown: String) -> Bool {
        markdown.contains("exercism/")
    }

    package static func prepare(_ markdown: String) -> String {
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The fence of the block being read: an admonition's (its lines are quoted) or any
        // other's (its lines, examples of the syntax perhaps, are left alone).
        var fence: (marker: Substring, isNote: Bool)?
        for index in lines.indices {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " }
            let isFenceLine = line.count - trimmed.count <= 3 && (trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~"))
            let marker = isFenceLine ? trimmed.prefix { $0 == trimmed.first } : ""
            if let open = fence {
                if isFenceLine, marker.count >= open.marker.count, marker.first == open.marker.first,
                    trimmed.dropFirst(marker.count).allSatisfy({ $0 == " " })
                {
                    fence = nil
                    if open.isNote { lines[index] = "" }
                } else if open.isNote {
                    lines[index] = "> " + line
                }
                continue
            }
            guard isFenceLine else { continue }
            let info = trimmed.dropFirst(marker.count).drop { $0 == " " }
            guard info.hasPrefix("exercism/") else {
                fence = (marker, false)
                continue
            }
            let kind = info.dropFirst("exercism/".count).prefix { $0.isLetter }.lowercased()
            fence = (marker, true)
            lines[index] = "> [!\((GitHubAlerts.kinds.contains(kind) ? kind : "note").uppercased())]"
        }
        return lines.joined(separator: "\n")
    }
}
