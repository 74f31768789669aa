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
        try checkTarget(path)
        let url = URL(fileURLWithPath: path)
        do {
            // `.atomic` writes a temporary file beside the target and renames it into place.
            try data.write(to: url, options: .atomic)
        } catch {
            throw .output(path: path, reason: Self.reason(error))
        }
    }

    /// Refuses a target that can never be written (a folder, or in a folder that does not exist):
    /// called before the scan too, so that a run that cannot deliver fails at once and leaves
    /// nothing behind (not even cache entries).
    static func checkTarget(_ path: String) throws(DigraphError) {
        let url = URL(fileURLWithPath: path)
        var isDirectoryTarget: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectoryTarget), isDirectoryTarget.boolValue {
            throw .output(path: path, reason: "is a directory; give a file name")
        }
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw .output(path: path, reason: "directory \(directory.path) does not exist") }
    }

    /// The POSIX reason when there is one (`Permission denied`, `No space left on device`,
    /// `Read-only file system`), never `NSCocoaErrorDomain error 512`.
    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        var current: NSError? = ns
        while let e = current {
            if e.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(e.code))) }
            current = e.userInfo[NSUnderlyingErrorKey] as? NSError
        }
        switch ns.code {
        case NSFileWriteNoPermissionError: return "permission denied"
        case NSFileWriteOutOfSpaceError: return "no space left on device"
        case NSFileWriteVolumeReadOnlyError: return "read-only file system"
        default: return ns.localizedFailureReason ?? "cannot write (\(ns.domain) \(ns.code))"
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
