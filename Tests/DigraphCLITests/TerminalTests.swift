import Foundation
import Testing

/// Colour and progress depend on where output goes: run digraph under a real pseudo-terminal
/// with script(1) (util-linux) to see what a person at a terminal sees.
@Suite(.enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
        || (ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false),
    "needs script(1) from util-linux for a pseudo-terminal (CI requires it)"))
struct TerminalTests {
    func onTerminal(
        _ arguments: String, environment: [String: String] = [:], unsetting: [String] = [], in directory: URL
    ) throws -> String {
        let command = ([DigraphProcess.executable.path] + [arguments]).joined(separator: " ")
        let r = try DigraphProcess.run(
            ["-qec", command, "/dev/null"], in: directory, environment: environment, unsetting: unsetting,
            executable: URL(fileURLWithPath: "/usr/bin/script"))
        return r.stdout
    }

    /// The bar needs a terminal and no `CI`; `DIGRAPH_PROGRESS_DELAY=0` shows it on a quick scan.
    @Test func progressShowsOnATerminalUnlessTurnedOff() throws {
        var files: [String: String] = [:]
        for i in 0..<20 { files["F\(i).swift"] = "container.register(S\(i).self) { _ in S\(i)() }\n" }
        let project = try TemporaryProject(files)
        let now = ["DIGRAPH_PROGRESS_DELAY": "0"]
        let shown = try onTerminal("check . --fail-on never", environment: now, unsetting: ["CI"], in: project.url)
        #expect(shown.contains("scanning ["), "\(shown)")
        #expect(shown.contains("] 20/20 files"))
        for flag in ["--no-progress", "--quiet"] {
            let out = try onTerminal("check . --fail-on never \(flag)", environment: now, unsetting: ["CI"], in: project.url)
            #expect(!out.contains("scanning ["), "\(flag)")
            #expect(out.contains("is registered but nothing in the analysed code resolves it"), "\(flag): the findings still show")
        }
        let ci = try onTerminal("check . --fail-on never", environment: now.merging(["CI": "true"]) { a, _ in a }, in: project.url)
        #expect(!ci.contains("scanning ["), "never when CI is set")
    }

    @Test func textIsTheDefaultAndColouredOnATerminal() throws {
        let project = try TemporaryProject(["A.swift": CommandLineTests.cycle])
        let out = try onTerminal("check .", in: project.url)
        #expect(out.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(out.contains(" 1 | container.register(CartService.self)"), "the text format shows the source line")
    }

    /// What a person at a terminal reads after a scan of a style digraph does not read: the
    /// warning naming what was skipped, then the summary, never a bare green.
    @Test func anUnreadStyleSaysSoOnATerminal() throws {
        let project = try TemporaryProject(["App.swift": CoverageTests.unreadStyle])
        let out = try onTerminal("check .", in: project.url)
        #expect(out.contains("warning: no dependency-injection site recognised in 1 file; 3 sites look like DI"), "\(out)")
        #expect(out.contains("no findings in 1 file, "))
        #expect(out.contains("; 0 services; 0 edges"))
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
