import ArgumentParser
import FoldoutBuild
import Foundation

/// A command whose `--help` ends with a few lines of details, after its options: the
/// options are what a reader looks for first, and swift-argument-parser prints a
/// command's `discussion` above them.
protocol HelpDetails {
    static var details: String { get }
}

extension Foldout {
    /// The program's entry point: swift-argument-parser's, with a suggestion for a mistyped
    /// command (`foldout bild`: did you mean `build`?) and each command's details after its
    /// options in `--help`.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let commands = configuration.subcommands.map { $0._commandName }
        if arguments.first != "help", let mistake = CommandSuggestion(arguments: arguments, commands: commands) {
            FileHandle.standardError.write(Data((mistake.message + "\n").utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .success, let details = helpDetails(for: arguments) {
                var help = fullMessage(for: error)
                while help.hasSuffix("\n") { help.removeLast() }
                print(help + "\n\n" + details, terminator: "")
                Foundation.exit(0)
            }
            exit(withError: error)
        }
    }

    /// The details of the command `arguments` ask help for (`build --help`, `help build`).
    static func helpDetails(for arguments: [String]) -> String? {
        guard arguments.contains(where: { ["-h", "--help", "help"].contains($0) }) else { return nil }
        let named = arguments.lazy.compactMap { word in configuration.subcommands.first { $0._commandName == word } }.first
        return ((named ?? Foldout.self) as? any HelpDetails.Type)?.details
    }
}
