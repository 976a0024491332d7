import FoldoutModel

/// The small sites `foldout init` writes: a pets catalog by default, a courses catalog or a
/// blank one. Each shows, in a small size, what the example site in `Content/` does: facets,
/// sorting, a row's secondary line, a grid section, a query section, photos beside the
/// Markdown, and groups that start open because the catalog is small.
package enum StarterSite {
    package enum Example: String, CaseIterable, Sendable {
        /// A shelter's pets in three sections, each pet with a drawn photo.
        case pets
        /// A school's courses with levels, lesson counts and a grid of tracks.
        case courses
        /// One catalog with one item to copy.
        case blank
    }

    /// The Markdown files of `example`, paths relative to `Content/`.
    package static func texts(_ example: Example) -> [(path: String, text: String)] {
        switch example {
        case .pets: petsTexts
        case .courses: coursesTexts
        case .blank: blankTexts
        }
    }

    /// The pictures of `example`, paths relative to `Content/`, each beside the Markdown
    /// file that names it.
    package static func illustrations(_ example: Example) -> [(path: String, drawing: StarterIllustration)] {
        switch example {
        case .pets: petsIllustrations
        case .courses, .blank: []
        }
    }

    /// Every file of `example`, paths relative to `Content/`: the Markdown, then the pictures
    /// drawn as JPEGs. A picture libvips cannot draw is left out and named in `missing`.
    package static func files(_ example: Example) -> (files: [(path: String, bytes: [UInt8])], missing: [String]) {
        var files = texts(example).map { (path: $0.path, bytes: Array($0.text.utf8)) }
        var missing: [String] = []
        for (path, drawing) in illustrations(example) {
            if let jpeg = drawing.jpeg() { files.append((path, jpeg)) } else { missing.append(path) }
        }
        return (files, missing)
    }

    /// The site's own `_index.md`, shared by every example.
    static func siteIndex(title: String, description: String, welcome: String) -> (path: String, text: String) {
        (
            "_index.md",
            """
            ---
            title: \(title)
            description: \(description)
            language: en
            # The site's public address, for link previews, feeds and the sitemap: change it
            # to yours before you publish (pages work from any address meanwhile).
            base_url: https://example.org/
            ---

            \(welcome)

            """
        )
    }
}
