import Foundation
import Testing

/// Each failure is one clear line naming what and where, exit 2, in digraph's own style.
@Suite struct MessageTests {
    static func error(_ arguments: [String], in directory: URL = DigraphProcess.packageRoot) throws -> String {
        let r = try DigraphProcess.run(arguments, in: directory)
        #expect(r.exitCode == 2, "\(arguments)")
        #expect(r.stdout == "")
        return r.stderr
    }

    @Test func outputsAndOptions() throws {
        let project = try TemporaryProject(["A.swift": "let a = 1", "out/keep.txt": "x"])
        #expect(try Self.error(["check", ".", "--output", "out"], in: project.url)
            == "digraph: error: out: cannot write output: is a directory; give a file name\n")
        #expect(try Self.error(["check", ".", "--jobs", "-3"], in: project.url)
            == "digraph: error: --jobs must be at least 1 (see `digraph help`)\n")
        #expect(try Self.error(["check", "--nope"], in: project.url)
            == "digraph: error: unknown option '--nope'; did you mean '--jobs'? (see `digraph help`)\n")
    }

    @Test func unknownCommands() throws {
        #expect(try Self.error(["chek", "Examples"])
            == "digraph: error: unknown command 'chek'; did you mean 'check'? (commands: check, report, render, rules, lsp)\n")
        #expect(try Self.error(["help", "nonsense"])
            == "digraph: error: unknown command 'nonsense' (commands: check, report, render, rules, lsp)\n")
        let help = try DigraphProcess.run(["help", "check"])
        #expect(help.exitCode == 0)
    }

    @Test func configurationEntriesAreNamedWithTheirPosition() throws {
        let project = try TemporaryProject(["A.swift": "let a = 1", ".digraph.yml": "excluded: []\nincluded: [A.swift, nope]\n"])
        #expect(try Self.error(["check"], in: project.url)
            == "digraph: error: .digraph.yml:2:21: included: 'nope': no such file or directory (relative to .)\n")
    }

    @Test func malformedBaselinesHaveAPosition() throws {
        let project = try TemporaryProject([
            "A.swift": "let a = 1",
            "syntax.json": "{\"version\": 2,\n \"findings\": [}",
            "field.json": "{\"version\": 2, \"findings\": [{\"rule\": \"x\"}]}",
        ])
        #expect(try Self.error(["check", ".", "--baseline", "syntax.json"], in: project.url)
            == "digraph: error: syntax.json:2:15: not valid JSON: unexpected character '}'; expected a JSON value\n")
        #expect(try Self.error(["check", ".", "--baseline", "field.json"], in: project.url)
            == "digraph: error: field.json:1:29: findings[0]: missing required field 'fingerprint'\n")
    }
}
