import FoldoutBase

extension Routes {
    /// Records the Markdown files this build leaves out as drafts.
    package mutating func addDrafts(_ paths: some Sequence<String>) {
        drafts.formUnion(paths)
    }

    /// The draft left out of the build that `destination`, a local link path (no fragment)
    /// written in the file at `sourcePath` and naming no page, means: the file itself
    /// (`next.md`, or `next.html` or `next/` as another tool would have published it), or
    /// the `_index.md` of a draft folder it lies in, whose pages are all left out.
    package func draft(ofLink destination: String, inSource sourcePath: String) -> String? {
        guard !drafts.isEmpty else { return nil }
        let folder = sourcePath.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(sourcePath[..<$0]) } ?? ""
        guard var resolved = OutputPath.resolve(OutputPath.percentDecode(destination), inFolder: folder), !resolved.isEmpty else { return nil }
        for suffix in ["/index.html", "/"] where resolved.hasSuffix(suffix) { resolved.removeLast(suffix.count) }
        if resolved.lowercased().hasSuffix(".html") { resolved = String(resolved.dropLast(".html".count)) + ".md" }
        let written = resolved.hasSuffix(".md") ? [resolved] : [resolved + ".md", resolved + "/_index.md", resolved + "/index.md"]
        if let draft = written.first(where: drafts.contains) { return draft }
        // A page inside a folder whose `_index.md` is a draft.
        var ancestor = Substring(resolved)
        while let slash = ancestor.utf8.lastIndex(of: UInt8(ascii: "/")) {
            ancestor = ancestor[..<slash]
            if drafts.contains(ancestor + "/_index.md") { return ancestor + "/_index.md" }
        }
        return nil
    }
}
