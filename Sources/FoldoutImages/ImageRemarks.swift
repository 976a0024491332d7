/// What reading or making an image showed about its bytes, kept in the image cache
/// (`ImageCache.knownRemarks`) so every build of the same file says it: what libvips logged
/// about it, and why it could not be decoded, if it could not.
package struct ImageRemarks: Sendable, Equatable {
    /// libvips' messages, each once, in the order first heard.
    package var messages: [String] = []
    /// Why it could not be decoded (`ImageProblem.unreadable`); nil when it was.
    package var problem: ImageProblem?

    package init(messages: [String] = [], problem: ImageProblem? = nil) {
        self.messages = messages
        self.problem = problem
    }

    package var isEmpty: Bool { messages.isEmpty && problem == nil }

    /// Whether these say all `other` says.
    package func includes(_ other: ImageRemarks) -> Bool {
        other.messages.allSatisfy(messages.contains) && (other.problem == nil || other.problem == problem)
    }

    /// These with `other`'s messages not among them, and its problem if it has one.
    package mutating func add(_ other: ImageRemarks) {
        for message in other.messages where !messages.contains(message) { messages.append(message) }
        if let problem = other.problem { self.problem = problem }
    }
}
