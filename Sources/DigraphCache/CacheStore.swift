#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of cache entries, each a file named by its key: `<folder>/<kind>/<2 hex>/<32 hex>`.
///
/// - Atomic: an entry is written to a temporary file beside it and renamed into place, so a reader sees a whole entry
///   or none, whatever happens to the writer (a crash, `^C`), and two runs writing the same entry
///   at once each rename a whole file over the other's.
/// - Never trusted: every entry starts with a header (magic, format, its own key, the payload's
///   length and checksum); an entry that is short, foreign, of another format or corrupt is a
///   miss, and the caller's rewrite replaces it.
/// - Bounded: the bytes written since the last sweep are counted in `usage`; past an eighth of the
///   limit a sweep deletes the least recently used entries (reads touch an entry at most once a
///   day) until the folder is under three quarters of it, and forgotten temporary files.
public final class CacheStore: @unchecked Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The facts of many Swift files, one after another (see `FactsCache` in DigraphScanner).
        case packs
        /// One project description, as read.
        case descriptions
        /// A whole run's analysis, under the digest of everything it depends on.
        case results
        /// One program's graph and findings, under the digest of everything they depend on.
        case programs
        /// The summaries of the files scanned lately and where their facts are, in one entry.
        case summaries
        /// The files and programs a discovery found, with the journal that tells whether they
        /// still are.
        case discoveries
    }

    public static let defaultMaximumBytes = 256 << 20
    static let magic: [UInt8] = Array("DGC1".utf8)
    /// The header and entry layout. Bump when either changes.
    static let formatVersion: UInt32 = 1
    static let headerSize = 40

    /// Absolute path of the folder.
    public let directory: String
    public let maximumBytes: Int
    private let lock = Mutex()
    private var bytesWritten = 0
    private var bytesRead = 0
    private var serial = 0

    /// Opens (creating) the folder; nil when it cannot be created or written, in which case the
    /// caller runs without a cache.
    public init?(directory: String, maximumBytes: Int = CacheStore.defaultMaximumBytes) {
        self.directory = directory
        self.maximumBytes = maximumBytes
        guard Files.makeDirectories(directory), Files.makeDirectories(directory + "/tmp") else { return nil }
        // Ignored by git and by backup tools that honour the tag.
        if access(directory + "/.gitignore", F_OK) != 0 {
            _ = Files.writeAtomically(Array("*\n".utf8), to: directory + "/.gitignore", temporary: temporaryPath("gitignore"))
        }
        if access(directory + "/CACHEDIR.TAG", F_OK) != 0 {
            let tag = "Signature: 8a477f597d28d172789f06886806bc55\n# A cache of digraph (dependency-injection checker). Safe to delete.\n"
            _ = Files.writeAtomically(Array(tag.utf8), to: directory + "/CACHEDIR.TAG", temporary: temporaryPath("tag"))
        }
        guard access(directory + "/tmp", W_OK) == 0 else { return nil }
    }

    func path(_ kind: Kind, _ key: CacheKey) -> String {
        let hex = key.description
        return "\(directory)/\(kind.rawValue)/\(hex.prefix(2))/\(hex)"
    }

    private func temporaryPath(_ name: String) -> String { "\(directory)/tmp/\(temporaryName(name))" }

    /// Unique among the runs and threads writing to the folder.
    private func temporaryName(_ name: String) -> String {
        let n = lock.withLock { () -> Int in
            serial += 1
            return serial
        }
        return "\(name).\(getpid()).\(n)"
    }

    /// An entry being written beside its place; never an entry's name (those are 32 hex digits).
    static let temporaryPrefix = ".tmp-"

    /// The payload filed under `key`, or nil when there is none or it is not a valid entry.
    public func read(_ kind: Kind, _ key: CacheKey) -> [UInt8]? {
        guard let bytes = Files.read(path(kind, key), maximum: maximumBytes, touchingIfOlderThan: 86_400) else { return nil }
        guard let payload = Self.payload(of: bytes, key: key) else { return nil }
        lock.withLock { bytesRead += bytes.count }
        return payload
    }

    /// Whether an entry is filed under `key` (it may still be invalid when read).
    public func contains(_ kind: Kind, _ key: CacheKey) -> Bool { access(path(kind, key), F_OK) == 0 }

    /// Files `payload` under `key`, atomically; false when it could not. Failures are otherwise
    /// ignored: the cache is an optimisation.
    @discardableResult
    public func write(_ kind: Kind, _ key: CacheKey, payload: [UInt8]) -> Bool {
        let bytes = Self.entry(key: key, payload: payload)
        let target = path(kind, key)
        // Beside the entry, not in `tmp/`: the rename stays in one folder, and the two threads of
        // a cold run writing ten thousand entries do not queue on one folder's lock.
        let temporary = Files.parent(target) + "/" + Self.temporaryPrefix + temporaryName(key.description)
        if !Files.writeAtomically(bytes, to: target, temporary: temporary) {
            // The fan-out folder is made on first use.
            guard Files.makeDirectories(Files.parent(target)) else { return false }
            guard Files.writeAtomically(bytes, to: target, temporary: temporary) else { return false }
        }
        lock.withLock { bytesWritten += bytes.count }
        return true
    }

    static func entry(key: CacheKey, payload: [UInt8]) -> [UInt8] {
        var bytes = magic
        bytes.reserveCapacity(headerSize + payload.count)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        append(formatVersion)
        bytes.append(contentsOf: key.bytes)
        append(UInt64(payload.count))
        append(XXH64.hash(payload))
        bytes.append(contentsOf: payload)
        return bytes
    }

    /// The payload when `bytes` is a whole, valid entry filed under `key`.
    static func payload(of bytes: [UInt8], key: CacheKey) -> [UInt8]? {
        guard bytes.count >= headerSize, Array(bytes[0..<4]) == magic else { return nil }
        return bytes.withUnsafeBytes { raw -> [UInt8]? in
            let version = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            let low = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
            let length = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
            let checksum = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 32, as: UInt64.self))
            guard version == formatVersion, high == key.high, low == key.low,
                length == UInt64(bytes.count - headerSize)
            else { return nil }
            let payload = UnsafeRawBufferPointer(rebasing: raw[headerSize...])
            guard XXH64.hash(payload) == checksum else { return nil }
            return Array(payload)
        }
    }

    public struct Statistics: Sendable, Equatable {
        public var bytesRead: Int
        public var bytesWritten: Int
    }

    public var statistics: Statistics { lock.withLock { Statistics(bytesRead: bytesRead, bytesWritten: bytesWritten) } }

    /// Called once at the end of a run: counts what it wrote and sweeps when due. `workingSet`:
    /// the bytes of the entries this run used; the limit never goes below twice that, so that a
    /// tree larger than the limit does not evict its own entries on every run.
    public func finish(workingSet: Int = 0) {
        let written = statistics.bytesWritten
        guard written > 0 else { return }
        let limit = max(maximumBytes, 2 * workingSet)
        let usagePath = directory + "/usage"
        let before = Files.read(usagePath, maximum: 64, touchingIfOlderThan: nil)
            .flatMap { Int(String(decoding: $0, as: UTF8.self).split(separator: "\n").first ?? "") } ?? 0
        let total = before + written
        if total >= max(limit / 8, 1 << 20) {
            sweep(limit: limit)
            _ = Files.writeAtomically(Array("0\n".utf8), to: usagePath, temporary: temporaryPath("usage"))
        } else {
            _ = Files.writeAtomically(Array("\(total)\n".utf8), to: usagePath, temporary: temporaryPath("usage"))
        }
    }

    /// Deletes the least recently used entries until the folder holds at most three quarters of
    /// `limit`, and temporary files older than an hour (left by a run that was killed).
    public func sweep(limit: Int) {
        let now = time(nil)
        var entries: [(path: String, size: Int, modified: Int)] = []
        var total = 0
        for kind in Kind.allCases {
            let kindFolder = "\(directory)/\(kind.rawValue)"
            for fan in Files.names(in: kindFolder) {
                let folder = "\(kindFolder)/\(fan)"
                for name in Files.names(in: folder) {
                    let path = "\(folder)/\(name)"
                    guard let (size, modified) = Files.sizeAndModification(path) else { continue }
                    if name.hasPrefix(Self.temporaryPrefix) {
                        if now - modified > 3600 { unlink(path) }
                        continue
                    }
                    entries.append((path, size, modified))
                    total += size
                }
            }
        }
        for name in Files.names(in: directory + "/tmp") {
            let path = "\(directory)/tmp/\(name)"
            if let (_, modified) = Files.sizeAndModification(path), now - modified > 3600 { unlink(path) }
        }
        guard total > limit else { return }
        entries.sort { ($0.modified, $0.path) < ($1.modified, $1.path) }
        let target = limit / 4 * 3
        for entry in entries {
            guard total > target else { break }
            unlink(entry.path)
            total -= entry.size
        }
    }
}

/// The POSIX calls the store makes, each failing softly.
enum Files {
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// `mkdir -p`.
    static func makeDirectories(_ path: String) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR }
        let parentPath = parent(path)
        if parentPath != path, !makeDirectories(parentPath) { return false }
        // 0777 and 0666 less the umask: the cache is as private as the user makes new files.
        if mkdir(path, 0o777) == 0 { return true }
        // Another run made it in the meantime.
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The whole file, or nil when it is missing, unreadable or larger than `maximum`. With
    /// `touchingIfOlderThan`, a file last modified longer ago than that many seconds has its
    /// modification time set to now: the sweep's measure of recent use.
    static func read(_ path: String, maximum: Int, touchingIfOlderThan age: Int?) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size >= 0, Int(info.st_size) <= maximum
        else { return nil }
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress! + done, size - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        if let age {
            #if canImport(Darwin)
            let modified = Int(info.st_mtimespec.tv_sec)
            #else
            let modified = Int(info.st_mtim.tv_sec)
            #endif
            if time(nil) - modified > age { _ = futimens(fd, nil) }
        }
        return bytes
    }

    /// Writes `temporary` and renames it to `path`; false (and no file left) on any failure.
    static func writeAtomically(_ bytes: [UInt8], to path: String, temporary: String) -> Bool {
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0o666)
        guard fd >= 0 else { return false }
        var done = 0
        var ok = true
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { posixWrite(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                ok = false
                break
            }
            done += n
        }
        if close(fd) != 0 { ok = false }
        if ok, rename(temporary, path) == 0 { return true }
        unlink(temporary)
        return false
    }

    /// Names in a folder (not `.` and `..`); empty when it cannot be listed.
    static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func sizeAndModification(_ path: String) -> (Int, Int)? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        return (Int(info.st_size), Int(info.st_mtimespec.tv_sec))
        #else
        return (Int(info.st_size), Int(info.st_mtim.tv_sec))
        #endif
    }
}

// `read` and `write` are also method names in this file.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(fd, buffer, count)
    #elseif canImport(Musl)
    return Musl.read(fd, buffer, count)
    #else
    return Darwin.read(fd, buffer, count)
    #endif
}

private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, buffer, count)
    #elseif canImport(Musl)
    return Musl.write(fd, buffer, count)
    #else
    return Darwin.write(fd, buffer, count)
    #endif
}

/// A lock without Foundation.
final class Mutex: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
