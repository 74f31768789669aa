import ArgumentParser
import DigraphCore
import Foundation

/// The command-line entry point. Maps every failure to the documented exit codes: argument and
/// input errors are 2 with one line on stderr, never ArgumentParser's 64 or a crash.
public enum DigraphMain {
    /// Runs the command on a thread with a ``LargeStack``: reading YAML, project descriptions and
    /// snapshots recurses as deep as they nest (each reader bounds that depth first).
    /// SIGINT, SIGTERM and SIGHUP are handled from here on (see ``Interruption``), and a crash
    /// names the file it happened in (see ``CrashReport``).
    public static func run(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
        Interruption.install()
        CrashReport.install()
        Allocator.limitArenas()
        return LargeStack.run { runHere(arguments) }
    }

    static func runHere(_ arguments: [String]) -> Int32 {
        if let message = unknownCommand(arguments) {
            StandardError.line("digraph: error: \(message)")
            return 2
        }
        do {
            var command = try DigraphCommand.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let error as DigraphError {
            StandardError.line("digraph: error: \(error)")
            return 2
        } catch let code as ExitCode {
            return code.rawValue
        } catch {
            let code = DigraphCommand.exitCode(for: error)
            if code == .success {
                print(DigraphCommand.fullMessage(for: error))
                return 0
            }
            let message = DigraphCommand.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
            StandardError.line("digraph: error: \(lowercasedSentence(message)) (see `digraph help`)")
            return 2
        }
    }

    static let commands = ["check", "report", "render", "rules", "lsp", "help"]

    /// `digraph chek …` or `digraph help nonsense`: name the command that does not exist and the
    /// closest one, instead of "2 unexpected arguments".
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let candidate: String
        if first == "help" {
            guard arguments.count > 1, !arguments[1].hasPrefix("-") else { return nil }
            candidate = arguments[1]
        } else {
            candidate = first
        }
        guard !commands.contains(candidate) else { return nil }
        let known = commands.filter { $0 != "help" }
        let suggestion = Suggestion.closest(to: candidate, in: known).map { "; did you mean '\($0)'?" } ?? ""
        return "unknown command '\(candidate)'\(suggestion) (commands: \(known.joined(separator: ", ")))"
    }

    /// ArgumentParser's `Unknown option '--x'. Did you mean '--y'?` in digraph's own style:
    /// lowercase, one sentence.
    static func lowercasedSentence(_ message: String) -> String {
        var text = message.replacingOccurrences(of: ". Did you mean", with: "; did you mean")
        if let first = text.first, first.isUppercase, let second = text.dropFirst().first, second.isLowercase {
            text = first.lowercased() + text.dropFirst()
        }
        if text.hasSuffix("."), !text.hasSuffix("..") { text.removeLast() }
        return text
    }
}
