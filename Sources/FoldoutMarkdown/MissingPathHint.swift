import FoldoutBase

/// The hint for a local path that names nothing in the content folder. A path from the root
/// (`/pix/pie.webp`, as Hugo sites name the files of their `static/` folder) is looked up from
/// the content folder, not from the file: the hint says so, and names the file looked for.
enum MissingPathHint {
    static func hint(for written: String, otherwise: String) -> String {
        let link = OutputPath.localLink(written)
        guard link.fromRoot else { return otherwise }
        return "a path that starts with `/` is looked up from the content folder: put the file at `\(OutputPath.percentDecode(String(link.path)))` "
            + "in it (where a Hugo site's `static/` files go), or fix the path"
    }
}
