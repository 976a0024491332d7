import FoldoutBase

/// What to say about a first argument that is no command (`foldout bild`): the command it
/// was probably meant to be, found as `git` and Cargo find theirs, by how few letters must
/// change (a swapped pair counts as one) or as the start of one, or the list of commands
/// when none is close.
package struct CommandSuggestion: Equatable, Sendable {
    package var written: String
    /// The closest command, when one is at most `maximumDistance` edits away.
    package var suggestion: String?
    package var commands: [String]

    /// Two edits catch `biuld` and `sever`; a word of three letters or fewer gets a
    /// suggestion only one edit away, or every short word would be near some command.
    package static let maximumDistance = 2

    /// nil when `arguments` starts with a command, an option, or nothing.
    package init?(arguments: [String], commands: [String]) {
        guard let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first) else { return nil }
        written = first
        self.commands = commands
        let limit = first.count <= 3 ? 1 : Self.maximumDistance
        let typed = Array(first.lowercased().unicodeScalars)
        let ranked = commands.map { (command: $0, distance: NearestName.edits(typed, Array($0.unicodeScalars), atMost: limit)) }
            .filter { $0.distance <= limit }
            .min { $0.distance < $1.distance }
        // The start of a long name (`publish` for `publish-setup`) is as good as a typo of it.
        let started = first.count >= 3 ? commands.filter { $0.hasPrefix(first.lowercased()) } : []
        suggestion = ranked?.command ?? (started.count == 1 ? started[0] : nil)
    }

    /// The message, `error: …` and a hint, as every other mistake is said.
    package var message: String {
        var text = "error: `\(written)` is not a foldout command"
        if let suggestion { text += "; did you mean `\(suggestion)`?" }
        return text + "\n  hint: the commands are \(commands.map { "`\($0)`" }.joined(separator: ", ")); `foldout --help` says what each does"
    }
}
