import Foundation
import Testing

/// `--output` and `--write-baseline` are written atomically: ^C (SIGINT), SIGTERM or SIGHUP at any
/// moment leaves the previous file as it was and no temporary file; two runs writing the same file
/// end with one complete file; a directory that cannot be written, or a disk that fills, is an exit-2
/// error naming the file (issue 12). Runs are interrupted exactly when their complete temporary file
/// waits to be renamed (the `DIGRAPH_TEST_HOLD_OUTPUT` seam), or while they scan.
@Suite(.serialized) struct InterruptedWriteTests {
    static let sources = [
        "App/Assembly.swift": """
            import Swinject
            final class A { init(b: B) {} }
            final class B { init(a: A) {} }
            let container = Container()
            func assemble() {
                container.register(A.self) { r in A(b: r.resolve(B.self)!) }
                container.register(B.self) { r in B(a: r.resolve(A.self)!) }
                _ = container.resolve(Missing.self)
            }
            """,
    ]

    /// The four writes, with the file each writes.
    static let writes: [(arguments: [String], file: String)] = [
        (["check", "App", "--format", "json", "--output", "out/report.json"], "out/report.json"),
        (["report", "App", "--output", "out/report.json"], "out/report.json"),
        (["render", "App", "--output", "out/graph.svg"], "out/graph.svg"),
        (["check", "App", "--write-baseline", "out/baseline.json"], "out/baseline.json"),
    ]

    /// Files other than `expected` in the output folder (a temporary file left behind).
    static func leftovers(_ project: TemporaryProject, expected: String) throws -> [String] {
        let folder = project.url.appendingPathComponent("out")
        let name = URL(fileURLWithPath: expected).lastPathComponent
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != name }.sorted()
    }

    static func project() throws -> TemporaryProject {
        let project = try TemporaryProject(sources)
        try project.write("out/.keep", "")
        try FileManager.default.removeItem(at: project.url.appendingPathComponent("out/.keep"))
        return project
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalWhileTheNewFileWaitsLeavesTheOldOneAndNoTemporaryFile(signal: Int32) throws {
        for write in Self.writes {
            let project = try Self.project()
            try project.write(write.file, "the previous file\n")
            let run = try HeldRun(write.arguments, in: project.url)
            let temporary = try run.waitUntilHolding()
            #expect(FileManager.default.fileExists(atPath: temporary), "\(write.arguments)")
            #expect(temporary.hasPrefix(project.url.appendingPathComponent("out").path), "\(temporary)")
            let status = run.interrupt(with: signal)
            #expect(status == .signalled(signal), "\(write.arguments)")
            #expect(try project.read(write.file) == "the previous file\n", "\(write.arguments)")
            #expect(try Self.leftovers(project, expected: write.file) == [], "\(write.arguments)")
        }
    }

    @Test func aSignalWhileScanningLeavesTheOldFile() throws {
        for write in Self.writes {
            let project = try Self.project()
            try project.write(write.file, "the previous file\n")
            let run = try HeldRun(write.arguments, in: project.url)
            let status = run.interrupt(with: SIGINT)
            // Either the signal came first, or the run had already finished writing: never half a file.
            let text = try project.read(write.file)
            if status == .signalled(SIGINT) {
                #expect(text == "the previous file\n", "\(write.arguments)")
            } else {
                #expect(text != "the previous file\n", "\(write.arguments)")
            }
            #expect(try Self.leftovers(project, expected: write.file) == [], "\(write.arguments)")
        }
    }

    @Test func anUninterruptedHeldRunCompletesTheFile() throws {
        let project = try Self.project()
        try project.write("out/report.json", "the previous file\n")
        let run = try HeldRun(Self.writes[0].arguments, in: project.url, hold: false)
        #expect(run.wait() == .exited(1))
        let report = try project.read("out/report.json")
        #expect(report.hasPrefix("{") && report.hasSuffix("}\n"))
        #expect(try Self.leftovers(project, expected: "out/report.json") == [])
    }

    @Test func twoRunsWritingTheSameFileEndWithOneCompleteFile() throws {
        for write in Self.writes {
            let project = try Self.project()
            try project.write(write.file, "the previous file\n")
            let alone = try DigraphProcess.run(write.arguments, in: project.url)
            let expected = try Data(contentsOf: project.url.appendingPathComponent(write.file))
            try project.write(write.file, "the previous file\n")
            let first = try HeldRun(write.arguments, in: project.url, hold: false)
            let second = try HeldRun(write.arguments, in: project.url, hold: false)
            let statuses = [first.wait(), second.wait()]
            #expect(statuses == [.exited(alone.exitCode), .exited(alone.exitCode)], "\(write.arguments)")
            // The report holds no timing, so both runs wrote these bytes; the picture holds none either.
            #expect(try Data(contentsOf: project.url.appendingPathComponent(write.file)) == expected, "\(write.arguments)")
            #expect(try Self.leftovers(project, expected: write.file) == [], "\(write.arguments)")
        }
    }

    /// A named pipe (or `/dev/stdout`) is written to, never replaced by a file.
    @Test func aPipeIsWrittenToNotReplaced() throws {
        let project = try Self.project()
        let fifo = project.url.appendingPathComponent("out/report.json").path
        #expect(mkfifo(fifo, 0o644) == 0)
        final class Reader: @unchecked Sendable {
            var data = Data()
            let done = DispatchSemaphore(value: 0)
        }
        let reader = Reader()
        Thread {
            reader.data = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
            reader.done.signal()
        }.start()
        let result = try DigraphProcess.run(Self.writes[0].arguments, in: project.url)
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(reader.done.wait(timeout: .now() + 60) == .success)
        #expect(String(decoding: reader.data, as: UTF8.self).hasPrefix("{"))
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aDirectoryThatCannotBeWrittenIsAnExitTwoNamingTheFile() throws {
        let project = try Self.project()
        try project.write("out/report.json", "the previous file\n")
        let folder = project.url.appendingPathComponent("out")
        guard let readOnly = try ReadOnlyFolder(folder) else { return }
        defer { readOnly.restore() }
        for write in Self.writes where write.file == "out/report.json" {
            let result = try DigraphProcess.run(write.arguments, in: project.url)
            #expect(result.exitCode == 2)
            #expect(result.stderr.hasPrefix("digraph: error: out/report.json: cannot write output: "))
            #expect(result.stderr.contains("Permission denied") || result.stderr.contains("Read-only file system"))
        }
        #expect(try project.read("out/report.json") == "the previous file\n")
        #expect(try Self.leftovers(project, expected: "out/report.json") == [])
    }

    /// A write that fails half way (the file size limit: `File too large`, what a full disk gives as
    /// `No space left on device`) leaves the old file and no temporary file.
    @Test func aWriteThatFailsHalfWayIsAnExitTwoNamingTheFile() throws {
        for write in Self.writes {
            let project = try Self.project()
            try project.write(write.file, "the previous file\n")
            let command = (["ulimit -f 0; trap '' XFSZ; exec \"$0\" \"$@\"", DigraphProcess.executable.path] + write.arguments)
            let result = try ChildProcess.run(
                executable: URL(fileURLWithPath: "/bin/sh"), ["-c"] + command, in: project.url, timeout: 300)
            let stderr = String(decoding: result.stderr, as: UTF8.self)
            #expect(result.status == 2, "\(write.arguments): \(stderr)")
            #expect(stderr == "digraph: error: \(write.file): cannot write output: File too large\n")
            #expect(try project.read(write.file) == "the previous file\n")
            #expect(try Self.leftovers(project, expected: write.file) == [])
        }
    }

    /// A real full disk, where a small file system can be mounted (root in a container, as CI is).
    @Test func aFullDiskIsAnExitTwoNamingTheFile() throws {
        let project = try Self.project()
        let folder = project.url.appendingPathComponent("out")
        guard Mount.tmpfs(at: folder, options: "size=16k") else { return }
        defer { Mount.unmount(folder) }
        try project.write("out/graph.svg", "the previous file\n")
        // Fill the file system, leaving one page: less than the picture needs.
        try Data(repeating: 0x20, count: 8 * 1024).write(to: folder.appendingPathComponent("filler"))
        let result = try DigraphProcess.run(["render", "App", "--output", "out/graph.svg"], in: project.url)
        #expect(result.exitCode == 2)
        #expect(result.stderr == "digraph: error: out/graph.svg: cannot write output: No space left on device\n")
        #expect(try project.read("out/graph.svg") == "the previous file\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["filler", "graph.svg"])
    }
}

/// A `digraph` run that can be interrupted: with `hold`, its complete temporary output waits for
/// the signal (the `DIGRAPH_TEST_HOLD_OUTPUT` seam).
final class HeldRun: @unchecked Sendable {
    enum Status: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    let process = Process()
    private let stderr = Pipe()
    private var text = ""
    private let lock = NSLock()
    private let changed = DispatchSemaphore(value: 0)

    init(_ arguments: [String], in directory: URL, hold: Bool = true) throws {
        process.executableURL = DigraphProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        if hold { environment["DIGRAPH_TEST_HOLD_OUTPUT"] = "1" } else { environment.removeValue(forKey: "DIGRAPH_TEST_HOLD_OUTPUT") }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        let handle = stderr.fileHandleForReading
        Thread { [self] in
            while true {
                let data = handle.availableData
                lock.lock()
                text += String(decoding: data, as: UTF8.self)
                lock.unlock()
                changed.signal()
                if data.isEmpty { return }
            }
        }.start()
    }

    struct NeverHeld: Error, CustomStringConvertible {
        var stderr: String
        var description: String { "the run never held its output; stderr: \(stderr)" }
    }

    /// The temporary file's path, once the run announces it holds it.
    func waitUntilHolding() throws -> String {
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline {
            lock.lock()
            let current = text
            lock.unlock()
            if let line = current.split(separator: "\n").first(where: { $0.hasPrefix("digraph: holding ") }) {
                return String(line.dropFirst("digraph: holding ".count))
            }
            if !process.isRunning && current.hasSuffix("\n") { throw NeverHeld(stderr: current) }
            _ = changed.wait(timeout: .now() + 1)
        }
        process.terminate()
        throw NeverHeld(stderr: text)
    }

    func interrupt(with signal: Int32) -> Status {
        kill(process.processIdentifier, signal)
        return wait()
    }

    func wait() -> Status {
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
    }
}

/// A folder the test's user cannot write: its mode bits, or (for root, whom they do not stop) a
/// read-only file system mounted on it.
struct ReadOnlyFolder {
    let folder: URL
    let mounted: Bool

    init?(_ folder: URL) throws {
        self.folder = folder
        if geteuid() != 0 {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
            mounted = false
            return
        }
        // The files already there stay visible through a read-only bind mount of the folder itself.
        guard Mount.run(["--bind", "-o", "ro", folder.path, folder.path]) else { return nil }
        guard Mount.run(["-o", "remount,ro,bind", folder.path]) else {
            Mount.unmount(folder)
            return nil
        }
        mounted = true
    }

    func restore() {
        if mounted {
            Mount.unmount(folder)
        } else {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
    }
}

enum Mount {
    static func run(_ arguments: [String]) -> Bool {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else { return false }
        let result = try? ChildProcess.run(executable: URL(fileURLWithPath: "/bin/mount"), arguments, in: URL(fileURLWithPath: "/"), timeout: 30)
        return result?.status == 0
    }

    static func tmpfs(at folder: URL, options: String) -> Bool {
        run(["-t", "tmpfs", "-o", options, "tmpfs", folder.path])
    }

    static func unmount(_ folder: URL) {
        _ = try? ChildProcess.run(executable: URL(fileURLWithPath: "/bin/umount"), [folder.path], in: URL(fileURLWithPath: "/"), timeout: 30)
    }
}
