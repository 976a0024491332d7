import FoldoutModel

/// The small site `foldout init` writes: one catalog, two sections, a group, a few items.
public enum StarterSite {
    public static let files: [(path: String, text: String)] = [
        ("_index.md", """
            ---
            title: My Catalog Site
            description: A catalog built with Foldout.
            language: en
            ---

            Welcome! Each folder in `Content/` is a catalog; edit the files and run `foldout build`.

            """),
        ("books/_index.md", """
            ---
            title: Reading List
            weight: 1
            ---

            Books worth reading, by genre.

            """),
        ("books/fiction/_index.md", """
            ---
            title: Fiction
            weight: 1
            expanded: true
            ---

            """),
        ("books/fiction/classics/_index.md", """
            ---
            title: Classics
            ---

            """),
        ("books/fiction/classics/moby-dick.md", """
            ---
            title: Moby-Dick
            author: Herman Melville
            year: 1851
            tags: [sea, adventure]
            ---

            A whaling voyage and an obsession. See also [a lighter read](../../nonfiction/field-guide.md).

            ## Why read it

            For the sentences, and for the chapters about rope.

            """),
        ("books/nonfiction/_index.md", """
            ---
            title: Nonfiction
            weight: 2
            ---

            """),
        ("books/nonfiction/field-guide.md", """
            ---
            title: A Field Guide to Clouds
            author: Example Author
            year: 2020
            ---

            How to tell a cumulus from a stratus, with drawings.

            """),
    ]
}
