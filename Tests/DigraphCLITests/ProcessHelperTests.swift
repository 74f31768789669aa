import Foundation
import Testing

/// The helper every end-to-end test goes through: it must not be the thing that hangs.
@Suite struct ProcessHelperTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    /// 300 KB on stderr before anything on stdout: reading stdout to its end first would leave the
    /// child blocked on a full stderr pipe (64 KB) for ever.
    @Test func readsALargeStderrWrittenBeforeStdout() throws {
        let script = "head -c 300000 /dev/zero | tr '\\000' e >&2; head -c 200000 /dev/zero | tr '\\000' o; exit 3"
        let r = try ChildProcess.run(executable: Self.shell, ["-c", script], in: DigraphProcess.packageRoot, timeout: 60)
        #expect(r.status == 3)
        #expect(r.stderr.count == 300_000 && r.stderr.allSatisfy { $0 == UInt8(ascii: "e") })
        #expect(r.stdout.count == 200_000 && r.stdout.allSatisfy { $0 == UInt8(ascii: "o") })
    }

    @Test func aChildThatOutlivesTheTimeoutIsKilledAndReported() throws {
        let error = #expect(throws: ChildProcess.TimedOut.self) {
            try ChildProcess.run(executable: Self.shell, ["-c", "exec sleep 600"], in: DigraphProcess.packageRoot, timeout: 1)
        }
        #expect(error?.description == "sh -c exec sleep 600 did not finish within 1 s and was killed")
    }
}
