import DigraphCore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a command's output (text or bytes) to stdout, or to a file atomically: a reader never sees a half-written
/// file, and on failure or interruption the previous file is untouched and no temporary file is left.
///
/// The bytes go to a new file beside the target (`.NAME.digraph-XXXXXXXX.tmp`, so the rename stays on one file
/// system), are flushed to disk, then renamed over the target. Two runs writing the same output each rename their
/// own complete file: the last one wins, whole. ``Interruption`` removes the temporary file when SIGINT, SIGTERM or
/// SIGHUP arrives first.
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
        if let reason = replace(url.path, in: url.deletingLastPathComponent().path, with: data) {
            throw .output(path: path, reason: reason)
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

    /// Writes `data` to a temporary file in `directory`, then renames it to `target`. Nil on success, else why not
    /// (`Permission denied`, `No space left on device`, `Read-only file system`, `File too large`).
    private static func replace(_ target: String, in directory: String, with data: Data) -> String? {
        var status = stat()
        let exists = stat(target, &status) == 0
        if exists, status.st_mode & S_IFMT != S_IFREG {
            // `/dev/stdout`, a named pipe: written to, never replaced by a file.
            return writeInPlace(target, data)
        }
        // The new file keeps the permissions of the one it replaces (set with `fchmod`, which the
        // umask does not touch); a new one gets 0666 less the umask, which `open` applies, as a
        // shell redirect does. Never `fchmod` a new file: that would undo the umask.
        let kept: mode_t? = exists ? status.st_mode & 0o7777 : nil
        let name = String(URL(fileURLWithPath: target).lastPathComponent.prefix(96))
        var descriptor: Int32 = -1
        var temporary = ""
        for _ in 0..<64 {
            temporary = directory + "/." + name + ".digraph-" + String(UInt32.random(in: .min ... .max), radix: 16) + ".tmp"
            var failure: Int32 = 0
            Interruption.whileCleanupWaits {
                descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, kept ?? 0o666)
                if descriptor >= 0 { Interruption.temporaries.insert(temporary) } else { failure = errno }
            }
            if descriptor >= 0 { break }
            if failure != EEXIST { return reason(failure) }
        }
        guard descriptor >= 0 else { return "cannot create a temporary file in \(directory)" }
        if let kept { _ = fchmod(descriptor, kept) }
        var failure = writeAll(descriptor, data)
        if failure == 0, fsync(descriptor) != 0, errno != EINVAL { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0 { holdForTests(temporary) }
        Interruption.whileCleanupWaits {
            if failure == 0, rename(temporary, target) != 0 { failure = errno }
            if failure != 0 { unlink(temporary) }
            Interruption.temporaries.remove(temporary)
        }
        return failure == 0 ? nil : reason(failure)
    }

    private static func writeInPlace(_ target: String, _ data: Data) -> String? {
        let descriptor = open(target, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { return reason(errno) }
        defer { close(descriptor) }
        let failure = writeAll(descriptor, data)
        return failure == 0 ? nil : reason(failure)
    }

    /// Every byte, through short writes and interruptions; 0, or the error number.
    private static func writeAll(_ descriptor: Int32, _ data: Data) -> Int32 {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int32 in
            var offset = 0
            while offset < bytes.count {
                let written = posixWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }

    /// `DIGRAPH_TEST_HOLD_OUTPUT` is a test seam: set, a complete temporary file waits (at most 30 s) before its
    /// rename, its path announced on stderr, so that a test can interrupt a run exactly then.
    private static func holdForTests(_ temporary: String) {
        guard ProcessInfo.processInfo.environment["DIGRAPH_TEST_HOLD_OUTPUT"] != nil else { return }
        StandardError.line("digraph: holding \(temporary)")
        for _ in 0..<300 { usleep(100_000) }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

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

/// SIGINT (^C), SIGTERM and SIGHUP end a run without leaving a temporary output file behind.
///
/// The signals are blocked in every thread and received by one thread of their own (`sigwait`), which is
/// ordinary code: it waits for the writer to finish creating or renaming a temporary file (``whileCleanupWaits``),
/// removes whatever temporary file remains, then lets the signal end the process as it would have, with the
/// same exit status (130 for SIGINT, 143 for SIGTERM).
enum Interruption {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    private static let lock = NSLock()
    /// Temporary files not yet renamed; only touched with `lock` held.
    nonisolated(unsafe) static var temporaries: Set<String> = []
    nonisolated(unsafe) private static var installed = false

    /// Call before any other thread starts (threads inherit the blocked signals).
    static func install() {
        guard !installed else { return }
        installed = true
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        pthread_create(&thread, &attributes, { _ in Interruption.waitForSignal() }, nil)
    }

    /// `body` with the cleanup held off: a temporary file is created and recorded, or renamed and forgotten, as one
    /// step.
    static func whileCleanupWaits(_ body: () -> Void) {
        lock.lock()
        body()
        lock.unlock()
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }

    private static func waitForSignal() -> Never {
        var set = signalSet()
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        // Held until the process ends: no new temporary file can appear.
        lock.lock()
        for path in temporaries { unlink(path) }
        signal(received, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, received)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(received)
        // Not reached: the default action of these signals ends the process.
        _exit(128 + received)
    }
}

private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.write(descriptor, bytes, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, bytes, count)
    #else
    Glibc.write(descriptor, bytes, count)
    #endif
}

enum StandardError {
    /// One line: whatever it quotes from the input (a path, a name, a snippet) cannot act on the terminal or
    /// start another line.
    static func line(_ text: String) {
        FileHandle.standardError.write(Data((SafeText.escaped(text) + "\n").utf8))
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
