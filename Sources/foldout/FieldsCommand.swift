import ArgumentParser
import FoldoutBase
import FoldoutBuild

/// `foldout fields CATALOG`: the catalog's declared fields, or those its items imply, as
/// YAML for its `_index.md`.
struct FieldsCommand: ParsableCommand, HelpDetails {
    static let configuration = CommandConfiguration(
        commandName: "fields",
        abstract: "Print a catalog's fields as YAML, ready to paste into its _index.md."
    )

    static let details = """
        Prints the fields the catalog's _index.md declares or, when it declares none, the
        ones its items imply: each field's type (text, number, yes/no, choice, list, date,
        image, link) and where the catalog shows it (row, page, facet, sort). Pasted into
        the _index.md, the site builds the same, and every item is checked against it.
        See docs/content.md, "Declared fields".
        """

    @Argument(help: ArgumentHelp("The catalog: its folder in the content folder, or its name.", valueName: "catalog"))
    var catalog: String

    @Option(name: [.short, .long], help: ArgumentHelp("The content folder.", valueName: "dir"))
    var content: String = "Content"

    @Option(name: [.short, .long], help: ArgumentHelp("The output folder, beside which the image cache is kept.", valueName: "dir"))
    var output: String = "Output"

    func run() throws {
        let options = BuildOptions(contentPath: content, templatesPath: nil, outputPath: output)
        do {
            let (text, warnings) = try FieldsReport(options: options).text(forCatalog: catalog)
            Console.report(warnings, verbose: false)
            print(text, terminator: "")
        } catch {
            Console.report(error, quiet: false, verbose: false)
            throw ExitCode(1)
        }
    }
}
