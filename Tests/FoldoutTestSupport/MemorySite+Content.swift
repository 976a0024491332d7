extension MemorySite {
    /// A small shelter site of two catalogs, the one the incremental tests edit.
    package static let shelter: [String: String] = [
        "_index.md": "---\ntitle: Test Shelter\ndescription: Pets looking for a home.\n---\nWelcome.\n",
        "about.md": "---\ntitle: About us\n---\nWe are volunteers.\n",
        "pets/_index.md": """
        ---
        title: Pets
        weight: 1
        sections:
          - title: Adopted
            where: {status: adopted}
        ---
        All our animals.
        """,
        "pets/dogs/_index.md": "---\ntitle: Dogs\nweight: 1\n---\n",
        "pets/dogs/alba.md": "---\ntitle: Alba\ntags: [calm, kids]\n---\nAlba likes long walks.\n\nShe sleeps a lot.\n",
        "pets/dogs/bruno.md": "---\ntitle: Bruno\nstatus: adopted\n---\nBruno found a home.\n",
        "pets/dogs/cleo.md": "---\ntitle: Cleo\n---\nCleo is shy. See [Alba](alba.md).\n",
        "pets/cats/_index.md": "---\ntitle: Cats\nweight: 2\n---\n",
        "pets/cats/dora.md": "---\ntitle: Dora\ntags: [calm]\n---\nDora purrs.\n",
        "courses/_index.md": "---\ntitle: Courses\nweight: 2\n---\n",
        "courses/swift/_index.md": "---\ntitle: Swift\n---\n",
        "courses/swift/intro.md": "---\ntitle: Introduction\n---\nStart here.\n",
        "courses/swift/next.md": "---\ntitle: Next steps\n---\nThen this.\n",
    ]
}

/// A page file with front matter lines and a body.
package func page(_ frontMatter: String, _ body: String = "Some text.") -> String {
    "---\n" + frontMatter + "\n---\n\n" + body + "\n"
}
