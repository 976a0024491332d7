import ArgumentParser
import FoldoutBuild
import Foundation

/// `foldout publish-setup github`: writes the workflow that builds the site on GitHub's
/// runners and publishes it on GitHub Pages (see `GitHubPagesWorkflow`, docs/publishing.md).
struct PublishSetupCommand: ParsableCommand, HelpDetails {
    static let configuration = CommandConfiguration(
        commandName: "publish-setup",
        abstract: "Write what a host needs to build and publish the site (github: GitHub Pages).",
        usage: "foldout publish-setup github --repository <url> [<options>]"
    )

    static let details = """
        Writes .github/workflows/foldout.yml in the site's folder: at every push to
        main, GitHub builds the site with Foldout and publishes Output/ on GitHub
        Pages. Then, on GitHub: Settings > Pages > Source: GitHub Actions. Other
        hosts, your own server, a copy for a USB stick: docs/publishing.md.
        """

    enum Host: String, ExpressibleByArgument, CaseIterable {
        case github
    }

    @Argument(help: ArgumentHelp("Where the site is published: github.", valueName: "host"))
    var host: Host

    @Option(name: .long, help: ArgumentHelp("Foldout's git repository, built on GitHub's runner.", valueName: "url"))
    var repository: String?

    @Option(name: .long, help: ArgumentHelp("The branch or tag of --repository to build.", valueName: "ref"))
    var ref: String = "main"

    @Option(name: .long, help: ArgumentHelp("A foldout binary (from `make release`) to download instead.", valueName: "url"))
    var binaryURL: String?

    @Option(name: [.short, .long], help: ArgumentHelp("The content folder.", valueName: "dir"))
    var content: String = "Content"

    @Option(name: [.short, .long], help: ArgumentHelp("The output folder.", valueName: "dir"))
    var output: String = "Output"

    @Flag(name: .long, help: "Replace a workflow file that exists.")
    var force = false

    func validate() throws {
        guard repository != nil || binaryURL != nil else {
            throw ValidationError(
                "say where the workflow gets Foldout: --repository URL (the git repository you built it from) "
                    + "or --binary-url URL (a foldout binary to download)")
        }
    }

    func run() throws {
        let path = GitHubPagesWorkflow.path
        if !force, FileManager.default.fileExists(atPath: path) {
            Console.error("\(path): error: already exists; nothing was written\n  hint: pass --force to replace it")
            throw ExitCode(1)
        }
        let text = GitHubPagesWorkflow.text(repository: repository ?? "", ref: ref, binaryURL: binaryURL, content: content, output: output)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        print("wrote \(path)")
        print("next: commit it and push to GitHub; there, Settings > Pages > Source: GitHub Actions")
        print("      and set base_url in \(content)/_index.md to https://USER.github.io/REPOSITORY/ (your Pages address)")
    }
}
