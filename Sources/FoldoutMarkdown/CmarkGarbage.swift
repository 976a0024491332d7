import CCmark

/// What a render detaches from its document or parses on the side (replaced headings, the
/// small documents of pipe tables), each a tree of its own, freed once the render is done.
package final class CmarkGarbage {
    private var nodes: [OpaquePointer] = []

    package init() {}

    package func add(_ node: OpaquePointer?) {
        if let node { nodes.append(node) }
    }

    package func free() {
        for node in nodes { cmark_node_free(node) }
        nodes.removeAll()
    }
}
