import Foundation

/// `scanning [########......] 120/212 files` on stderr for long scans on a terminal. Never on a
/// pipe, under `--quiet` / `--no-progress`, or when `CI` is set; shown only after a second so
/// quick runs stay quiet.
final class ProgressBar: @unchecked Sendable {
    private let total: Int
    private let start = Date()
    /// Seconds before the bar may appear. `DIGRAPH_PROGRESS_DELAY` is a test seam: tests set it to
    /// 0 to see the bar on a scan that is quick.
    private let delay = ProcessInfo.processInfo.environment["DIGRAPH_PROGRESS_DELAY"].flatMap(Double.init) ?? 1
    private var lastDraw = Date.distantPast
    private var drawn = false
    private let lock = NSLock()

    static func isWanted(quiet: Bool, disabled: Bool) -> Bool {
        !quiet && !disabled && Terminal.stderrIsTerminal && ProcessInfo.processInfo.environment["CI"] == nil
    }

    init(total: Int) { self.total = total }

    func update(_ done: Int) {
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard now.timeIntervalSince(start) >= delay, now.timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
        lastDraw = now
        drawn = true
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        FileHandle.standardError.write(Data("\rscanning [\(bar)] \(done)/\(total) files".utf8))
    }

    /// Clears the bar so the summary starts on a clean line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }
}
