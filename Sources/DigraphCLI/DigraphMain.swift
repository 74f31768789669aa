import ArgumentParser
import Foundation

/// The command-line entry point. Maps every failure to the documented exit codes: argument and
/// input errors are 2 with one line on stderr, never ArgumentParser's 64 or a crash.
public enum DigraphMain {
    public static func run(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
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
            StandardError.line("digraph: error: \(message) (see `digraph help`)")
            return 2
        }
    }
}
