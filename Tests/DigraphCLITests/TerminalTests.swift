import Foundation
import Testing

/// Colour and progress depend on where output goes: run digraph under a real pseudo-terminal
/// with script(1) (util-linux) to see what a person at a terminal sees.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct TerminalTests {
    func onTerminal(_ arguments: String, environment: [String: String] = [:], in directory: URL) throws -> String {
        let command = ([DigraphProcess.executable.path] + [arguments]).joined(separator: " ")
        let r = try DigraphProcess.run(
            ["-qec", command, "/dev/null"], in: directory, environment: environment, executable: URL(fileURLWithPath: "/usr/bin/script"))
        return r.stdout
    }

    @Test func textIsTheDefaultAndColouredOnATerminal() throws {
        let project = try TemporaryProject(["A.swift": CommandLineTests.cycle])
        let out = try onTerminal("check .", in: project.url)
        #expect(out.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(out.contains(" 1 | container.register(CartService.self)"), "the text format shows the source line")
    }

    @Test func noColorTurnsColourOff() throws {
        let project = try TemporaryProject(["A.swift": CommandLineTests.cycle])
        let out = try onTerminal("check .", environment: ["NO_COLOR": "1"], in: project.url)
        #expect(out.contains("error: dependency cycle"))
        #expect(!out.contains("\u{1B}["))
    }

    @Test func noProgressOrColourOnAPipe() throws {
        let project = try TemporaryProject(["A.swift": CommandLineTests.cycle])
        let r = try DigraphProcess.run(["check", ".", "--format", "text"], in: project.url)
        #expect(!r.stdout.contains("\u{1B}[") && !r.stderr.contains("\u{1B}["))
        #expect(!r.stderr.contains("scanning ["))
    }
}
