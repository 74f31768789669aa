import Foundation
import SwiftParser

/// Wall time, CPU time (user + system, all threads) and peak resident memory of one child process.
struct Measurement {
    var seconds: Double
    var cpuSeconds: Double
    var peakRSSKilobytes: Int

    /// Spawned with posix_spawn and reaped with wait4 here: Foundation's Process reaps its
    /// children on its own thread, which would race wait4 for the child's resource usage.
    static func run(_ executable: URL, _ arguments: [String], acceptedExitCodes: Set<Int32> = [0]) throws -> Measurement {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now()
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError.failed("cannot run \(executable.path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let exitCode = (status >> 8) & 0xff
        guard acceptedExitCodes.contains(exitCode) else {
            throw BenchError.failed("\(executable.lastPathComponent) \(arguments.joined(separator: " ")) exited \(exitCode)")
        }
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        return Measurement(seconds: seconds, cpuSeconds: cpu, peakRSSKilobytes: usage.ru_maxrss)
    }
}

enum BenchError: Error { case failed(String) }

/// The floor: read and parse every file with SwiftParser, nothing else, on the same cores.
enum ParseOnly {
    static func run(_ files: [URL], jobs: Int) -> Int {
        let total = Total()
        let next = Total()
        DispatchQueue.concurrentPerform(iterations: max(1, jobs)) { _ in
            while true {
                let i = next.add(1) - 1
                guard i < files.count else { return }
                guard let data = try? Data(contentsOf: files[i]) else { continue }
                let tree = Parser.parse(source: String(decoding: data, as: UTF8.self))
                _ = total.add(tree.totalLength.utf8Length)
            }
        }
        return total.add(0)
    }
}

final class Total: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func add(_ n: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += n
        return value
    }
}

enum ReportSummary {
    static func read(_ url: URL) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let summary = object?["summary"] as? [String: Any] ?? [:]
        let keys = ["services", "edges", "errors", "warnings", "notes"]
        return keys.map { "\(summary[$0] ?? 0) \($0)" }.joined(separator: ", ")
    }
}
