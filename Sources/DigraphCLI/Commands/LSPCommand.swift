import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve the Language Server Protocol 3.17 over stdio: diagnostics, hover and go-to-definition in editors.",
        discussion: """
            Started by an editor, not by hand: reads JSON-RPC messages (Content-Length framing) on stdin \
            and writes only protocol on stdout. The workspace folder is analysed as `digraph check` \
            would; open documents are analysed from the editor's text, and a re-analysis after an edit \
            rescans only the files that changed. See docs/editors.md.
            """
    )

    func run() throws {
        // Protocol gets its own copy of stdout; descriptor 1 becomes stderr, so that nothing
        // printed by accident can corrupt the stream.
        let protocolOutput = dup(STDOUT_FILENO)
        guard protocolOutput >= 0 else { throw DigraphError.usage("lsp: cannot duplicate stdout") }
        fflush(nil)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        // A client that goes away is the end of the session, not a crash.
        signal(SIGPIPE, SIG_IGN)
        let code = LanguageServer(input: STDIN_FILENO, output: protocolOutput).run()
        if code != 0 { throw ExitCode(code) }
    }
}
