import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A crash (issue 28: a stack overflow on an ordinary helper) names the file being read and what
/// to do, then ends the process with the signal's own status. The crash is the debug build's
/// `DIGRAPH_TEST_CRASH_ON` seam: a trap, or a stack overflow, when the scanner reaches that file.
@Suite struct CrashReportTests {
    private static let files = [
        "Sources/App/Fine.swift": "final class Fine {}\n",
        "Sources/App/Other.swift": "final class Other {}\n",
        "Sources/App/Broken.swift": "final class Broken {}\n",
    ]

    #if DEBUG
    /// The seam is in debug builds only, as this test is.
    @Test(arguments: [("trap", SIGILL), ("overflow", SIGSEGV)])
    func aCrashNamesTheFileAndDiesOfItsSignal(kind: String, expected: Int32) throws {
        let project = try TemporaryProject(Self.files)
        // Several scanner threads: the line names the file of the thread that crashed.
        let run = try DigraphProcess.run(
            ["check", ".", "--no-cache", "--jobs", "3", "--no-progress"], in: project.url,
            environment: ["DIGRAPH_TEST_CRASH_ON": "Broken.swift", "DIGRAPH_TEST_CRASH_KIND": kind])
        #expect(run.signalled, "exit status \(run.exitCode), stderr: \(run.stderr)")
        // A trap is SIGILL on x86-64 and SIGTRAP on arm64.
        if kind == "trap" {
            #expect([SIGILL, SIGTRAP].contains(run.exitCode))
        } else {
            #expect(run.exitCode == expected)
        }
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("digraph: internal error while reading Sources/App/Broken.swift"), "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix("digraph: this is a bug in digraph") && $0.contains("`excluded:` in .digraph.yml") })
        #expect(!run.stderr.contains("Fine.swift") && !run.stderr.contains("Other.swift"))
    }
    #endif

    /// Without the seam nothing is said, and the run's verdict stands.
    @Test func anOrdinaryRunSaysNothingOfIt() throws {
        let project = try TemporaryProject(Self.files)
        let run = try DigraphProcess.run(["check", ".", "--no-cache", "--no-progress"], in: project.url)
        #expect(!run.signalled && run.exitCode == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("internal error"))
    }
}
