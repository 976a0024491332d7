import CCmark

/// Moves every child of `node` to the end of `destination`, in order: how pipe tables, alerts,
/// headings and attribute lists wrap what cmark parsed in nodes of their own.
func cmarkMoveChildren(of node: OpaquePointer?, to destination: OpaquePointer?) {
    while let child = cmark_node_first_child(node) {
        cmark_node_unlink(child)
        cmark_node_append_child(destination, child)
    }
}
