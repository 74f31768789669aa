import DigraphCache
import DigraphCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a discovery asked the file system, and what it was told: every folder listed, every
/// `stat` and `lstat`, every file read, every link resolved. The next run asks again what is
/// cheap to ask (a `stat` per folder instead of a listing, a read and a parse of each project):
/// when every answer is the same, the discovery's result would be the same, and is reused.
///
/// A folder holds when its modification time, its status-change time and its inode are as
/// recorded (a tool that sets a folder's modification time back still moves its status-change
/// time, which only the kernel sets), or, when they are not, when it lists the same entries again
/// (a file saved by writing a copy and renaming it over the old one changes the folder's times,
/// not its entries). A folder changed within ``racyWindow`` before the recording began is always
/// listed again: the file system's clock ticks coarsely, and a change in the tick of the
/// recording would leave both times as they were.
///
/// Recording is per thread (see ``recording(_:)``): the discovery's readers ask ``current``.
public final class FileSystemJournal: @unchecked Sendable {
    /// A journal as kept between runs.
    public struct Record: Sendable, Equatable {
        /// When the recording began (the file system's clock).
        var started: Timestamp
        var listings: [Listing]
        var kinds: [KindAnswer]
        var reads: [ReadAnswer]
        var resolutions: [Resolution]
    }

    struct Timestamp: Sendable, Equatable, Comparable {
        var seconds: Int64
        var nanoseconds: Int64

        init(seconds: Int64, nanoseconds: Int64) {
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }

        init(_ time: timespec) { self.init(seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec)) }

        static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
            (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
        }
    }

    struct Listing: Sendable, Equatable {
        var path: String
        /// The entries that were looked at.
        var only: DirectoryListing.Names
        var modified: Timestamp
        /// `st_ctime`: moves with any change to the folder, its modification time included.
        var changed: Timestamp
        var inode: UInt64
        /// Of the entries' names and types; nil when the folder could not be listed.
        var digest: UInt64?
    }

    struct KindAnswer: Sendable, Equatable {
        var path: String
        var following: Bool
        /// `st_mode & S_IFMT`, or -1 when nothing is there.
        var type: Int32
    }

    struct ReadAnswer: Sendable, Equatable {
        var path: String
        /// Of the bytes; nil when the file could not be read.
        var digest: UInt64?
    }

    struct Resolution: Sendable, Equatable {
        var path: String
        var resolved: String?
    }

    /// How long before the recording a folder's change may be missed by its time alone.
    static let racyWindow: Int64 = 2

    private let lock = NSLock()
    private let started: Timestamp
    private var listings: [String: Listing] = [:]
    private var kinds: [String: KindAnswer] = [:]
    private var reads: [String: ReadAnswer] = [:]
    private var resolutions: [String: Resolution] = [:]
    /// Set when an answer cannot be kept (a path that is not UTF-8) or two answers to one
    /// question differ (the tree changed while it was read): then nothing is kept.
    private var spoiled = false

    public init() { started = Self.now() }

    // MARK: Recording

    /// Runs `body` with this journal as the thread's ``current`` one.
    public func recording<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let previous = pthread_getspecific(Self.threadKey)
        pthread_setspecific(Self.threadKey, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(Self.threadKey, previous) }
        return try body()
    }

    /// `journal`'s ``recording(_:)``, or `body` alone without one.
    public static func recording<T, E: Error>(_ journal: FileSystemJournal?, _ body: () throws(E) -> T) throws(E) -> T {
        guard let journal else { return try body() }
        return try journal.recording(body)
    }

    /// The journal recording on this thread, if any.
    public static var current: FileSystemJournal? {
        pthread_getspecific(threadKey).map { Unmanaged<FileSystemJournal>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// A folder listed: `status` is its open stream's (``status(ofOpen:)``, read before its
    /// entries), `digest` from a ``ListingDigest`` fed every entry; both nil when it could not be
    /// opened.
    public func listed(_ path: UnsafePointer<CChar>, only: DirectoryListing.Names = .all, status: stat?, digest: UInt64?) {
        let modified = status.map(Self.modified) ?? Timestamp(seconds: 0, nanoseconds: 0)
        let changed = status.map(Self.changed) ?? Timestamp(seconds: 0, nanoseconds: 0)
        let inode = status.map { UInt64($0.st_ino) } ?? 0
        record(path) { path in
            let key = only.rawValue + path
            if let earlier = listings[key] {
                if earlier.digest != digest { spoiled = true }
            } else {
                listings[key] = Listing(
                    path: path, only: only, modified: modified, changed: changed, inode: inode, digest: digest)
            }
        }
    }

    /// The status of an open folder stream's descriptor.
    #if canImport(Darwin)
    public typealias FolderStream = UnsafeMutablePointer<DIR>
    #else
    public typealias FolderStream = OpaquePointer
    #endif

    public static func status(ofOpen stream: FolderStream) -> stat? {
        var status = stat()
        return fstat(dirfd(stream), &status) == 0 ? status : nil
    }

    /// Asks `stat` (`following`) or `lstat` itself, and records the answer: for callers that ask
    /// through Foundation.
    public func ask(_ path: String, following: Bool) {
        path.withCString { pointer in
            var status = stat()
            let result = following ? stat(pointer, &status) : lstat(pointer, &status)
            asked(pointer, following: following, status: result == 0 ? status : nil)
        }
    }

    /// A `stat` (`following`) or `lstat` answered with `status` (nil: nothing there).
    public func asked(_ path: UnsafePointer<CChar>, following: Bool, status: stat?) {
        let type = status.map { Int32($0.st_mode & S_IFMT) } ?? -1
        record(path) { path in
            let key = (following ? "1" : "0") + path
            if let earlier = kinds[key] {
                if earlier.type != type { spoiled = true }
            } else {
                kinds[key] = KindAnswer(path: path, following: following, type: type)
            }
        }
    }

    /// A file read whole (nil: it could not be).
    public func read(_ path: String, contents: Data?) {
        let digest = contents.map(Self.digest)
        lock.withLock {
            if let earlier = reads[path], earlier.digest != digest { spoiled = true }
            reads[path] = ReadAnswer(path: path, digest: digest)
        }
    }

    /// A link resolved (`realpath`; nil: it could not be).
    public func resolved(_ path: UnsafePointer<CChar>, to target: UnsafePointer<CChar>?) {
        let resolved = target.flatMap { String(validatingCString: $0) }
        if target != nil, resolved == nil { lock.withLock { spoiled = true } }
        record(path) { path in resolutions[path] = Resolution(path: path, resolved: resolved) }
    }

    /// Resolves `path` itself, and records the answer: for callers that resolve through Foundation.
    public func resolve(_ path: String) {
        path.withCString { pointer in
            let real = realpath(pointer, nil)
            defer { free(real) }
            resolved(pointer, to: real)
        }
    }

    private func record(_ path: UnsafePointer<CChar>, _ body: (String) -> Void) {
        let text = String(validatingCString: path)
        lock.withLock {
            guard let text else {
                spoiled = true
                return
            }
            body(text)
        }
    }

    /// What was recorded, sorted; nil when it cannot be kept.
    public var record: Record? {
        lock.withLock {
            guard !spoiled else { return nil }
            return Record(
                started: started, listings: listings.values.sorted { ($0.path, $0.only.rawValue) < ($1.path, $1.only.rawValue) },
                kinds: kinds.values.sorted { ($0.path, $0.following ? 1 : 0) < ($1.path, $1.following ? 1 : 0) },
                reads: reads.values.sorted { $0.path < $1.path },
                resolutions: resolutions.values.sorted { $0.path < $1.path })
        }
    }

    // MARK: Checking

    /// Digest of a folder's entries, whatever order `readdir` gives them in.
    public struct ListingDigest {
        private var sum: UInt64 = 0
        private var count: UInt64 = 0

        public init() {}

        /// One entry (not `.` or `..`): its name's bytes and its `d_type`.
        public mutating func add(name: UnsafeRawBufferPointer, type: UInt8) {
            sum &+= XXH64.hash(name, seed: UInt64(type))
            count &+= 1
        }

        public var value: UInt64 { sum ^ (count &* 0x9E37_79B9_7F4A_7C15) }
    }

    /// What is kept of a file's bytes.
    static func digest(_ contents: Data) -> UInt64 { contents.withUnsafeBytes { XXH64.hash($0) } }

    /// The file system's clock now, as it stamps files.
    static func now() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(time)
    }

    static func changed(_ status: stat) -> Timestamp {
        #if canImport(Darwin)
        Timestamp(status.st_ctimespec)
        #else
        Timestamp(status.st_ctim)
        #endif
    }

    static func modified(_ status: stat) -> Timestamp {
        #if canImport(Darwin)
        Timestamp(status.st_mtimespec)
        #else
        Timestamp(status.st_mtim)
        #endif
    }
}

extension FileSystemJournal.Record {
    /// Whether the file system still gives every answer recorded; the folders are checked on
    /// `jobs` threads.
    public func holds(jobs: Int = 1) -> Bool {
        for read in reads where Self.digest(ofFile: read.path) != read.digest { return false }
        for answer in resolutions where Self.resolve(answer.path) != answer.resolved { return false }
        // The folders and the `stat`s on `jobs` threads, in slices: mostly path lookups.
        let racy = FileSystemJournal.Timestamp(seconds: started.seconds - FileSystemJournal.racyWindow, nanoseconds: started.nanoseconds)
        let work = listings.count + kinds.count
        let slices = Swift.max(1, Swift.min(jobs * 4, work / 256))
        let held = ParallelMap.map(slices, jobs: jobs) { slice in
            for i in (slice * work / slices)..<((slice + 1) * work / slices) {
                let holds = i < listings.count ? Self.holds(listings[i], racy: racy) : Self.holds(kinds[i - listings.count])
                if !holds { return false }
            }
            return true
        }
        return !held.contains(false)
    }

    private static func holds(_ answer: FileSystemJournal.KindAnswer) -> Bool {
        type(answer.path, following: answer.following) == answer.type
    }

    /// Unchanged by its times and inode (and not changed near the recording), or else by its entries.
    private static func holds(_ listing: FileSystemJournal.Listing, racy: FileSystemJournal.Timestamp) -> Bool {
        var status = stat()
        if stat(listing.path, &status) == 0, listing.digest != nil, UInt64(status.st_ino) == listing.inode,
            FileSystemJournal.modified(status) == listing.modified, FileSystemJournal.changed(status) == listing.changed,
            listing.modified < racy, listing.changed < racy
        {
            return true
        }
        return digest(ofFolder: listing.path, only: listing.only) == listing.digest
    }

    static func type(_ path: String, following: Bool) -> Int32 {
        var status = stat()
        let result = following ? stat(path, &status) : lstat(path, &status)
        return result == 0 ? Int32(status.st_mode & S_IFMT) : -1
    }

    static func resolve(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(validatingCString: real)
    }

    static func digest(ofFile path: String) -> UInt64? {
        FileManager.default.contents(atPath: path).map(FileSystemJournal.digest)
    }

    static func digest(ofFolder path: String, only: DirectoryListing.Names) -> UInt64? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var digest = FileSystemJournal.ListingDigest()
        while let entry = readdir(stream) {
            guard FileSystemJournal.isEntry(entry) else { continue }
            if only != .all {
                let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                    String(cString: UnsafeRawPointer(tuple).assumingMemoryBound(to: CChar.self))
                }
                guard only.keeps(name) else { continue }
            }
            FileSystemJournal.add(entry, to: &digest)
        }
        return digest.value
    }
}

extension FileSystemJournal {
    /// Not `.` or `..`.
    public static func isEntry(_ entry: UnsafeMutablePointer<dirent>) -> Bool {
        withUnsafeBytes(of: &entry.pointee.d_name) { name in
            !(name[0] == UInt8(ascii: ".") && (name[1] == 0 || (name[1] == UInt8(ascii: ".") && name[2] == 0)))
        }
    }

    /// Feeds `entry`'s name and type to `digest`.
    public static func add(_ entry: UnsafeMutablePointer<dirent>, to digest: inout ListingDigest) {
        let type = entry.pointee.d_type
        withUnsafeBytes(of: &entry.pointee.d_name) { raw in
            let length = strlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            digest.add(name: UnsafeRawBufferPointer(rebasing: raw[0..<length]), type: type)
        }
    }
}

extension FileSystemJournal.Record: Codable {
    /// Kept column by column: a keyed container for each of ten thousand folders made decoding
    /// the journal cost as much as checking it.
    private struct Columns: Codable {
        var started: [Int64]
        var listingPaths: [String]
        var listingOnly: [DirectoryListing.Names]
        /// Seconds and nanoseconds of the modification, then of the status change: four per folder.
        var listingTimes: [Int64]
        var listingInodes: [UInt64]
        /// 0 for a folder that could not be listed (see `listed`).
        var listingDigests: [UInt64]
        var listed: [Bool]
        var kindPaths: [String]
        var kindFollowing: [Bool]
        var kindTypes: [Int32]
        var readPaths: [String]
        var readDigests: [UInt64]
        var read: [Bool]
        var resolutionPaths: [String]
        var resolved: [String?]
    }

    public init(from decoder: Decoder) throws {
        let c = try Columns(from: decoder)
        let n = c.listingPaths.count
        guard c.started.count == 2, c.listingOnly.count == n, c.listingTimes.count == 4 * n, c.listingInodes.count == n,
            c.listingDigests.count == n, c.listed.count == n, c.kindFollowing.count == c.kindPaths.count,
            c.kindTypes.count == c.kindPaths.count, c.readDigests.count == c.readPaths.count, c.read.count == c.readPaths.count,
            c.resolved.count == c.resolutionPaths.count
        else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "journal columns differ in length"))
        }
        typealias Journal = FileSystemJournal
        started = Journal.Timestamp(seconds: c.started[0], nanoseconds: c.started[1])
        listings = (0..<n).map { i in
            Journal.Listing(
                path: c.listingPaths[i], only: c.listingOnly[i],
                modified: Journal.Timestamp(seconds: c.listingTimes[4 * i], nanoseconds: c.listingTimes[4 * i + 1]),
                changed: Journal.Timestamp(seconds: c.listingTimes[4 * i + 2], nanoseconds: c.listingTimes[4 * i + 3]),
                inode: c.listingInodes[i], digest: c.listed[i] ? c.listingDigests[i] : nil)
        }
        kinds = c.kindPaths.indices.map { Journal.KindAnswer(path: c.kindPaths[$0], following: c.kindFollowing[$0], type: c.kindTypes[$0]) }
        reads = c.readPaths.indices.map { Journal.ReadAnswer(path: c.readPaths[$0], digest: c.read[$0] ? c.readDigests[$0] : nil) }
        resolutions = c.resolutionPaths.indices.map { Journal.Resolution(path: c.resolutionPaths[$0], resolved: c.resolved[$0]) }
    }

    public func encode(to encoder: Encoder) throws {
        let columns = Columns(
            started: [started.seconds, started.nanoseconds], listingPaths: listings.map(\.path), listingOnly: listings.map(\.only),
            listingTimes: listings.flatMap { [$0.modified.seconds, $0.modified.nanoseconds, $0.changed.seconds, $0.changed.nanoseconds] },
            listingInodes: listings.map(\.inode),
            listingDigests: listings.map { $0.digest ?? 0 }, listed: listings.map { $0.digest != nil },
            kindPaths: kinds.map(\.path), kindFollowing: kinds.map(\.following), kindTypes: kinds.map(\.type),
            readPaths: reads.map(\.path), readDigests: reads.map { $0.digest ?? 0 }, read: reads.map { $0.digest != nil },
            resolutionPaths: resolutions.map(\.path), resolved: resolutions.map(\.resolved))
        try columns.encode(to: encoder)
    }
}
