import DigraphProjects
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A path as the file system has it: bytes, which need not be UTF-8. Foundation turns a name that is not UTF-8
/// into U+FFFD and then cannot find the file; digraph lists folders itself so that such a file is still read,
/// and shown with its bytes escaped (`bad\xFFname.swift`).
struct RawPath: Hashable, Sendable {
    var bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }
    init(_ path: String) { bytes = Array(path.utf8) }

    func appending(_ name: [UInt8]) -> RawPath {
        RawPath(bytes: bytes.last == UInt8(ascii: "/") ? bytes + name : bytes + [UInt8(ascii: "/")] + name)
    }

    /// Nil when the bytes are not UTF-8.
    var utf8String: String? { String(validating: bytes, as: UTF8.self) }

    /// For Foundation: exact when the bytes are UTF-8, else with U+FFFD (good for matching, not for opening).
    var lossyString: String { String(decoding: bytes, as: UTF8.self) }

    /// The path as text: UTF-8 as it is, every other byte as `\xHH`.
    static func escaped(_ bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var out = ""
        var rest = Array(bytes)[...]
        while !rest.isEmpty {
            // The longest valid prefix, then one invalid byte.
            var decoder = UTF8()
            var iterator = rest.makeIterator()
            var consumed = 0
            var valid = String.UnicodeScalarView()
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    valid.append(scalar)
                    consumed += UTF8.width(scalar)
                case .emptyInput, .error:
                    break decoding
                }
            }
            out.unicodeScalars.append(contentsOf: valid)
            rest = rest.dropFirst(consumed)
            if let bad = rest.first {
                out += "\\x" + (bad < 16 ? "0" : "") + String(bad, radix: 16, uppercase: true)
                rest = rest.dropFirst()
            }
        }
        return out
    }

    func withCString<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// `special`: a named pipe, a device or a socket (never read as a file: see `RegularFile`);
    /// `other`: what cannot be asked (gone, or not permitted).
    enum Kind { case file, directory, symbolicLink, special, other }

    struct Entry {
        var name: [UInt8]
        var kind: Kind
    }

    /// The folder's entries (not `.` and `..`), nil when it cannot be listed.
    func entries() -> [Entry]? {
        let journal = FileSystemJournal.current
        guard let directory = withCString({ opendir($0) }) else {
            if let journal { withCString { journal.listed($0, status: nil, digest: nil) } }
            return nil
        }
        defer { closedir(directory) }
        // Before the entries: a change while they are read moves the time recorded.
        let status = journal.flatMap { _ in FileSystemJournal.status(ofOpen: directory) }
        var digest = FileSystemJournal.ListingDigest()
        defer { if let journal { withCString { journal.listed($0, status: status, digest: digest.value) } } }
        var out: [Entry] = []
        while let entry = readdir(directory) {
            let name: [UInt8] = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { bytes in
                    Array(UnsafeBufferPointer(start: bytes, count: strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self))))
                }
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            if journal != nil { FileSystemJournal.add(entry, to: &digest) }
            // The type comes with the name (no `lstat` per entry) unless the file system does not say.
            let kind: Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_REG): kind = .file
            case Int32(DT_LNK): kind = .symbolicLink
            default: kind = appending(name).kind(followingLinks: false)
            }
            out.append(Entry(name: name, kind: kind))
        }
        return out
    }

    func kind(followingLinks: Bool) -> Kind {
        var status = stat()
        let result = withCString { path in
            let result = followingLinks ? stat(path, &status) : lstat(path, &status)
            FileSystemJournal.current?.asked(path, following: followingLinks, status: result == 0 ? status : nil)
            return result
        }
        guard result == 0 else { return .other }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .special
        }
    }

    /// The size in bytes of what is there (following links); nil when nothing is. Not asked through
    /// a discovery's journal: a size orders work, it changes no result.
    var size: Int? {
        var status = stat()
        return withCString { stat($0, &status) } == 0 ? Int(status.st_size) : nil
    }

    /// The path with every link resolved; nil when it cannot be.
    func resolved() -> RawPath? {
        let real = withCString { path in
            let real = realpath(path, nil)
            FileSystemJournal.current?.resolved(path, to: real)
            return real
        }
        guard let real else { return nil }
        defer { free(real) }
        return RawPath(bytes: Array(UnsafeBufferPointer(start: UnsafeRawPointer(real).assumingMemoryBound(to: UInt8.self), count: strlen(real))))
    }

    var lastComponent: [UInt8] {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes }
        return Array(bytes[(slash + 1)...])
    }

    func hasPrefix(_ other: RawPath) -> Bool { bytes.starts(with: other.bytes) }
}
