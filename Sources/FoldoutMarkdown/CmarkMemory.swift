import CCmark
import CmarkArena

/// Where libcmark's nodes and strings live while `MarkdownRenderer` renders a document: this
/// thread's arena (`CmarkArena`, dropped whole when the document is done), what the build
/// uses, or libcmark's default allocator (`malloc` and `free`; mimalloc's in `foldout`), the
/// reference the arena is measured and tested against, with which every node, document and
/// string is freed on its own.
package enum CmarkMemory: Sendable {
    case arena
    case libcmarkDefault
}

/// With libcmark's default allocator: what a render detached from its document or parsed on
/// the side (replaced headings, the small documents of pipe tables), each a tree of its own,
/// freed once the render is done.
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
