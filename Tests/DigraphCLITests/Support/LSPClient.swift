import Foundation

/// A scripted Language Server Protocol client: starts `digraph lsp` with pipes for stdin and
/// stdout, frames messages with `Content-Length`, and keeps every message the server sent (in
/// order) for the test to wait for and inspect. Also checks that stdout carries frames and
/// nothing else.
final class LSPClient: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let process = Process()
    private let stdin = Pipe()
    private let stdout = Pipe()
    private let stderr = Pipe()
    private let condition = NSCondition()
    private var received: [[String: Any]] = []
    /// Bytes on stdout that were not a well-formed frame.
    private(set) var stray: [String] = []
    private var ended = false
    private var nextID = 1
    private var stderrText = Data()

    init(in directory: URL, executable: URL = DigraphProcess.executable) throws {
        process.executableURL = executable
        process.arguments = ["lsp"]
        process.currentDirectoryURL = directory
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading
        Thread { [self] in
            var buffer = Data()
            while true {
                let chunk = out.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let (message, rest) = Self.frame(buffer, stray: { self.stray.append($0) }) {
                    buffer = rest
                    condition.lock()
                    received.append(message)
                    condition.broadcast()
                    condition.unlock()
                }
            }
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }.start()
        let err = stderr.fileHandleForReading
        Thread { [self] in
            let data = err.readDataToEndOfFile()
            condition.lock()
            stderrText = data
            condition.unlock()
        }.start()
    }

    /// One `Content-Length` frame off the front of the buffer, strictly.
    static func frame(_ buffer: Data, stray: (String) -> Void) -> ([String: Any], Data)? {
        let separator = Data("\r\n\r\n".utf8)
        guard let end = buffer.range(of: separator) else { return nil }
        let header = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        guard header.hasPrefix("Content-Length: "), let length = Int(header.dropFirst("Content-Length: ".count)) else {
            stray(header)
            return ([:], buffer[end.upperBound...])
        }
        let start = end.upperBound
        guard buffer.count - (start - buffer.startIndex) >= length else { return nil }
        let body = buffer[start..<(start + length)]
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            stray(String(decoding: body, as: UTF8.self))
            return ([:], Data(buffer[(start + length)...]))
        }
        return (object, Data(buffer[(start + length)...]))
    }

    // MARK: Sending

    func writeRaw(_ bytes: Data) {
        stdin.fileHandleForWriting.write(bytes)
    }

    func writeFrame(_ body: Data) {
        writeRaw(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func notify(_ method: String, _ params: [String: Any] = [:]) throws {
        let message: [String: Any] = ["jsonrpc": "2.0", "method": method, "params": params]
        writeFrame(try JSONSerialization.data(withJSONObject: message))
    }

    /// Sends a request and waits for its response (the whole response object).
    @discardableResult
    func request(_ method: String, _ params: [String: Any] = [:], timeout: TimeInterval = 120) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        let message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method, "params": params]
        writeFrame(try JSONSerialization.data(withJSONObject: message))
        return try waitFor(timeout: timeout, "the response to \(method)") { ($0["id"] as? Int) == id && $0["method"] == nil }
    }

    // MARK: Receiving

    var messages: [[String: Any]] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    /// Waits for the first message, at or after `from` (an index into `messages`), that matches.
    @discardableResult
    func waitFor(
        from start: Int = 0, timeout: TimeInterval = 120, _ what: String, _ matches: ([String: Any]) -> Bool
    ) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        var checked = start
        while true {
            while checked < received.count {
                if matches(received[checked]) { return received[checked] }
                checked += 1
            }
            if ended { throw Failure(description: "the server ended before \(what); stderr: \(stderrTail)") }
            if !condition.wait(until: deadline) { throw Failure(description: "no \(what) within \(Int(timeout)) s") }
        }
    }

    /// The next `publishDiagnostics` for a file, after message `from`.
    func diagnostics(for uri: String, from start: Int, timeout: TimeInterval = 120) throws -> [[String: Any]] {
        let message = try waitFor(from: start, timeout: timeout, "diagnostics for \(uri)") {
            ($0["method"] as? String) == "textDocument/publishDiagnostics"
                && (($0["params"] as? [String: Any])?["uri"] as? String) == uri
        }
        return (message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
    }

    /// The `window/logMessage` lines that report an analysis, after message `from`.
    func analysisLog(from start: Int, timeout: TimeInterval = 120) throws -> String {
        let message = try waitFor(from: start, timeout: timeout, "an analysis log line") {
            ($0["method"] as? String) == "window/logMessage"
                && ((($0["params"] as? [String: Any])?["message"] as? String)?.hasPrefix("digraph: analysed") ?? false)
        }
        return (message["params"] as? [String: Any])?["message"] as? String ?? ""
    }

    var stderrTail: String {
        String(String(decoding: stderrText, as: UTF8.self).suffix(800))
    }

    /// Closes stdin and waits for the server to exit; returns its status.
    func finish(timeout: TimeInterval = 30) -> Int32 {
        try? stdin.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return -1
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
