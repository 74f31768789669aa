import Foundation

/// Writes a command's output (text or bytes) to stdout, or to a file atomically: a reader never sees a half-written
/// file, and on failure the previous file is untouched.
enum OutputWriter {
    static func write(_ text: String, to path: String?) throws(DigraphError) {
        try write(Data(text.utf8), to: path)
    }

    /// Bytes (a report, a PNG, a PDF) to stdout or to `path`.
    static func write(_ data: Data, to path: String?) throws(DigraphError) {
        guard let path else {
            FileHandle.standardOutput.write(data)
            return
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw .output(path: path, reason: "directory \(directory.path) does not exist") }
        do {
            // `.atomic` writes a temporary file beside the target and renames it into place.
            try data.write(to: url, options: .atomic)
        } catch {
            throw .output(path: path, reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
    }
}

enum StandardError {
    static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// Facts about where output goes, for defaults such as colour and format.
enum Terminal {
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    static var colorAllowed: Bool {
        let env = ProcessInfo.processInfo.environment
        return env["NO_COLOR"].map { $0.isEmpty } ?? true
    }
}
