import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an input file (a Swift source, a configuration, a baseline) whole, refusing what is no
/// regular file with a reason a user can act on.
///
/// A named pipe called `X.swift` would block a plain `open` or `Data(contentsOf:)` until a writer
/// came (for ever, in a scan), and a device could be endless: the file is opened with
/// `O_NONBLOCK`, which returns at once for every kind of file, and is only read once `fstat`
/// says it is a regular one.
public enum RegularFile {
    /// Why a file could not be read: `Permission denied`, `is a named pipe, not a regular file`.
    public struct Failure: Error, Equatable, Sendable {
        public var reason: String
        /// True when the path names something other than a regular file (a folder, a pipe, a
        /// device, a socket): a scan skips it, a named input refuses it.
        public var notRegular: Bool
    }

    public static func read(_ path: String) throws(Failure) -> Data {
        try read(Array(path.utf8))
    }

    /// The path's bytes, which need not be UTF-8.
    public static func read(_ path: [UInt8]) throws(Failure) -> Data {
        let descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        }
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno)), notRegular: false) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(reason: String(cString: strerror(errno)), notRegular: false) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(reason: "\(kind(status.st_mode)), not a regular file", notRegular: true)
        }
        // Sized once from `fstat`, with a byte to spare for the read that finds the end; a file
        // that grows while it is read is read to its end.
        var data = Data(count: max(Int(status.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == data.count { data.count += max(65536, data.count / 2) }
            let count = data.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: String(cString: strerror(errno)), notRegular: false)
            }
            if count == 0 { break }
            filled += count
        }
        data.count = filled
        return data
    }

    /// `is a named pipe`, `is a device`, `is a socket` when that is what the path names (links
    /// followed); nil for a regular file, a folder, or nothing.
    public static func specialKind(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        return type == S_IFREG || type == S_IFDIR ? nil : kind(status.st_mode)
    }

    /// What the mode says the file is, for messages.
    public static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "is a directory"
        case S_IFIFO: return "is a named pipe"
        case S_IFCHR, S_IFBLK: return "is a device"
        case S_IFSOCK: return "is a socket"
        default: return "is a special file"
        }
    }
}

private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.read(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.read(descriptor, buffer, count)
    #else
    Glibc.read(descriptor, buffer, count)
    #endif
}
