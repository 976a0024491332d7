import ArgumentParser

@main
struct Foldout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "foldout",
        abstract: "Build catalog websites from folders of Markdown.",
        discussion: """
            Foldout turns Content/ (Markdown files with YAML front matter, in folders) into \
            Output/: a catalog site of section headers and expandable outlines that works \
            from any web server and opened straight from disk.

            Start with `foldout init my-site`, then `cd my-site && foldout build`.
            """,
        version: "0.1.0",
        subcommands: [BuildCommand.self, InitCommand.self],
        defaultSubcommand: nil
    )
}
