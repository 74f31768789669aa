import Foundation
import Testing

/// `make test`'s summary (`scripts/test-output.sh`), fed a transcript in swift test's own format by
/// a stand-in `swift`: a failure is shown with its explanation, a passing test whose arguments
/// contain `error:` is not, a compiler error is, and skipped tests are counted by their reason.
@Suite struct TestSummaryTests {
    static let transcript = #"""
        [12/40] Compiling DigraphCore Finding.swift
        /src/Sources/DigraphCore/Finding.swift:3:7: error: cannot find 'x' in scope
        ◇ Test case passing 1 argument yaml → "excluded: [[" to messages(yaml:) started.
        ", expected → "digraph: error: .digraph.yml:1:265: nesting deeper than 256 levels
        ✔ Test messages(yaml:) passed after 0.010 seconds.
        ✘ Test cycleIsFound() recorded an issue at CycleTests.swift:10:5: Expectation failed: findings.count == 1
        ↳ findings.count → 0
        ✘ Test cycleIsFound() failed after 0.020 seconds with 1 issue.
        ━ Test legacy() recorded a known issue at Old.swift:4:3: Expectation failed: old
        ➜ Suite ExampleRunTests skipped: "needs DIGRAPH_BUILD_EXAMPLES=1"
        ➜ Test runsA() skipped: "needs DIGRAPH_BUILD_EXAMPLES=1"
        ➜ Test runsB() skipped: "needs DIGRAPH_BUILD_EXAMPLES=1"
        ➜ Test screenshot() skipped: "needs chromium"
        ➜ Test bare() skipped.
        ✘ Test run with 5 tests in 2 suites failed after 1.000 seconds with 1 issue.

        """#

    @Test func showsFailuresCompilerErrorsAndSkipsByReasonOnly() throws {
        let folder = try TemporaryProject(["transcript.txt": Self.transcript])
        let swift = folder.url.appendingPathComponent("swift")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try Data("#!/bin/sh\ncat \"\(folder.url.path)/transcript.txt\"\nexit 1\n".utf8).write(to: swift)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
        let log = folder.url.appendingPathComponent("logs/test-output.log")
        let script = DigraphProcess.packageRoot.appendingPathComponent("scripts/test-output.sh")

        let r = try ChildProcess.run(
            executable: URL(fileURLWithPath: "/bin/bash"), [script.path, "--skip-build"], in: folder.url,
            environment: ProcessInfo.processInfo.environment.merging(
                ["SWIFT": swift.path, "TEST_OUTPUT_LOG": log.path]) { $1 },
            timeout: 60)

        #expect(r.status == 1, "the summary exits with swift test's status")
        let shown = String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(shown == [
            "/src/Sources/DigraphCore/Finding.swift:3:7: error: cannot find 'x' in scope",
            "✘ Test cycleIsFound() recorded an issue at CycleTests.swift:10:5: Expectation failed: findings.count == 1",
            "↳ findings.count → 0",
            "✘ Test cycleIsFound() failed after 0.020 seconds with 1 issue.",
            "━ Test legacy() recorded a known issue at Old.swift:4:3: Expectation failed: old",
            "✘ Test run with 5 tests in 2 suites failed after 1.000 seconds with 1 issue.",
            "skipped 4 tests, by reason:",
            "    2  needs DIGRAPH_BUILD_EXAMPLES=1",
            "    1  needs chromium",
            "    1  no reason given",
            "make test: exit 1; the whole output is in \(log.path)",
        ])
        // The log keeps everything, the passing test with `error:` in its argument included.
        let whole = try String(contentsOf: log, encoding: .utf8)
        #expect(whole == Self.transcript)
    }
}
