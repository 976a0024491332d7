/// The rendered pages of a build by source path. The pages stay in the array the Markdown
/// stage made them in, and a table maps each path to its place: a table holding the pages
/// themselves would be a second copy of every page, written on one core into fresh memory.
package struct RenderedPages: Sendable {
    package private(set) var pages: [RenderedPage]
    private var places: [String: Int]

    package init(_ pages: [RenderedPage]) {
        var places: [String: Int] = [:]
        places.reserveCapacity(pages.count)
        for place in pages.indices { places[pages[place].parsed.path] = place }
        self.pages = pages
        self.places = places
    }

    package subscript(path: String) -> RenderedPage? {
        places[path].map { pages[$0] }
    }

    /// The place in `pages` of the page at `path`: `pages[place]` reads it where it is, while
    /// the subscript by path copies it out (retaining each of its dozen parts).
    package func place(of path: String) -> Int? {
        places[path]
    }

    package func contains(_ path: String) -> Bool {
        places[path] != nil
    }
}
