import ArgumentParser

@main
struct Foldout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "foldout",
        abstract: "Build catalog websites from folders of Markdown.",
        discussion: """
            Foldout turns Content/ (Markdown files with YAML front matter, in folders) into \
            Output/: a catalog site of section headers and expandable outlines that works \
            from any web server and opened straight from disk.

            Start with `foldout init my-site`, then `cd my-site && foldout serve` to preview it \
            while you edit, or `foldout build` to write it once.
            """,
        version: "0.1.0",
        subcommands: [BuildCommand.self, ServeCommand.self, InitCommand.self, FieldsCommand.self],
        defaultSubcommand: nil
    )
}
