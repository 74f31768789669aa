import Foundation

/// Runs the built `digraph` executable, as users and CI do.
struct DigraphProcess {
    struct Result {
        /// The exit status, or the signal's number when `signalled`.
        var exitCode: Int32
        var stdout: String
        var stderr: String
        /// It died of a signal (``exitCode`` is its number).
        var signalled = false
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The products directory holds the test bundle's resources and the `digraph` executable.
    static var executable: URL {
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("digraph")
    }

    /// A run of `digraph` that takes longer than this is a hang: it is killed and the test fails.
    static let timeout: TimeInterval = 300

    /// Every run is a fresh process with its own hash seed (`SWIFT_DETERMINISTIC_HASHING` is never
    /// passed on), so comparing the bytes of two runs catches output that follows hash order.
    static func run(
        _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:],
        unsetting: [String] = [], executable: URL = DigraphProcess.executable
    ) throws -> Result {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        env.removeValue(forKey: "SWIFT_DETERMINISTIC_HASHING")
        for name in unsetting { env.removeValue(forKey: name) }
        for (k, v) in environment { env[k] = v }
        let r = try ChildProcess.run(
            executable: executable, arguments, in: directory, environment: env, timeout: Self.timeout)
        return Result(
            exitCode: r.status, stdout: String(decoding: r.stdout, as: UTF8.self),
            stderr: String(decoding: r.stderr, as: UTF8.self), signalled: r.signalled)
    }
}

/// A child process whose stdout and stderr are read at the same time, each on its own thread, so
/// a child that fills one pipe (64 KB) while the other is being read cannot block for ever; and
/// which is killed when it outlives `timeout`.
enum ChildProcess {
    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: Data
        /// It died of a signal (``status`` is its number).
        var signalled = false
    }

    struct TimedOut: Error, CustomStringConvertible {
        var command: String
        var seconds: TimeInterval
        var description: String { "\(command) did not finish within \(Int(seconds)) s and was killed" }
    }

    /// `mergeStderr`: one pipe for both (a build log), returned as `stdout`.
    static func run(
        executable: URL, _ arguments: [String], in directory: URL, environment: [String: String]? = nil,
        timeout: TimeInterval, mergeStderr: Bool = false
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = mergeStderr ? out : Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = Drain(out.fileHandleForReading)
        let stderr = mergeStderr ? nil : Drain(err.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeout)
        let finished = stdout.wait(until: deadline) && (stderr?.wait(until: deadline) ?? true)
        guard finished else {
            kill(process.processIdentifier, SIGKILL)
            kill(-process.processIdentifier, SIGKILL)  // and its process group, when it leads one
            throw TimedOut(
                command: ([executable.lastPathComponent] + arguments).joined(separator: " "), seconds: timeout)
        }
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: stdout.data, stderr: stderr?.data ?? Data(),
            signalled: process.terminationReason == .uncaughtSignal)
    }

    /// Reads a pipe to its end on a thread of its own.
    private final class Drain: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var result = Data()

        init(_ handle: FileHandle) {
            let thread = Thread { [self] in
                result = handle.readDataToEndOfFile()
                done.signal()
            }
            thread.start()
        }

        func wait(until deadline: Date) -> Bool {
            done.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .success
        }

        /// Only after `wait` returned true.
        var data: Data { result }
    }
}

/// A temporary directory of files, removed when the test ends.
final class TemporaryProject {
    let url: URL

    init(_ files: [String: String] = [:]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
