import Foundation
import SwiftParser

/// Wall time and peak resident memory of one child process.
struct Measurement {
    var seconds: Double
    var peakRSSKilobytes: Int

    static func run(_ executable: URL, _ arguments: [String], acceptedExitCodes: Set<Int32> = [0]) throws -> Measurement {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        let start = DispatchTime.now()
        try process.run()
        var status: Int32 = 0
        var usage = rusage()
        // wait4 reports this child's own peak RSS, not the largest of all children so far.
        _ = wait4(process.processIdentifier, &status, 0, &usage)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let exitCode = (status >> 8) & 0xff
        guard acceptedExitCodes.contains(exitCode) else {
            throw BenchError.failed("\(executable.lastPathComponent) \(arguments.joined(separator: " ")) exited \(exitCode)")
        }
        return Measurement(seconds: seconds, peakRSSKilobytes: usage.ru_maxrss)
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
