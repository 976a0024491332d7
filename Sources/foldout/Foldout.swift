import ArgumentParser

@main
struct Foldout: AsyncParsableCommand, HelpDetails {
    static let configuration = CommandConfiguration(
        commandName: "foldout",
        abstract: "Build catalog websites from folders of Markdown.",
        version: "0.1.0",
        subcommands: [
            BuildCommand.self, ServeCommand.self, InitCommand.self, FieldsCommand.self,
            PublishSetupCommand.self,
        ],
        defaultSubcommand: nil
    )

    static let details = """
        Foldout turns Content/ (Markdown files with YAML front matter, in folders) into
        Output/: a catalog site that works from any web server and opened from disk.
        Start with `foldout init my-site`, then `cd my-site && foldout serve`.
        """
}
