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

/// Scans many files in parallel (`--jobs`), each independently into its facts. Results are in
/// the order of the input paths, whatever order the workers finish in. The workers are threads
/// with a ``LargeStack``: parsing and walking recurse as deep as a file nests.
public struct ProjectScanner: Sendable {
    public var jobs: Int

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.jobs = max(1, jobs)
    }

    /// `files`: (display path, path on disk). Throws the first read failure in input order.
    public func scan(
        _ files: [(display: String, url: URL)], cache: FactsCache? = nil, keys: [CacheKey]? = nil,
        progress: (@Sendable (Int) -> Void)? = nil
    ) throws(ScanError) -> [FileFacts] {
        try scan(files.map { SourceFile(display: $0.display, url: $0.url) }, cache: cache, keys: keys, progress: progress)
    }

    /// Throws the first read failure in input order. With `cache`, a file the cache holds is not
    /// parsed (its facts are read a pack at a time), and the facts of every file parsed are kept.
    /// `keys`: the files' keys when ``factKeys(_:cache:)`` already read them.
    public func scan(
        _ files: [SourceFile], cache: FactsCache? = nil, keys: [CacheKey]? = nil,
        progress: (@Sendable (Int) -> Void)? = nil
    ) throws(ScanError) -> [FileFacts] {
        guard let cache else {
            return try parallel(files.count, schedule: Self.schedule(files), progress: progress) {
                i throws(ScanError) -> FileFacts in try parse(files[i])
            }
        }
        // The keys first (each file read once more on a miss): they say which packs to read.
        let fileKeys: [CacheKey]
        if let keys { fileKeys = keys } else { fileKeys = try factKeys(files, cache: cache) }
        var facts = [FileFacts?](repeating: nil, count: files.count)
        let held = files.indices.filter { cache.location(of: fileKeys[$0]) != nil }
        var parsed: [(key: CacheKey, facts: FileFacts)] = []
        for (i, found) in zip(held, try cachedOrParsed(held, files, cache: cache, keys: fileKeys)) {
            facts[i] = found.facts
            if found.parsed { parsed.append((fileKeys[i], found.facts)) }
        }
        cache.counters.addHits(held.count - parsed.count)
        // The rest parsed in the order that keeps huge trees apart (see ``schedule(_:)``).
        let rest = files.indices.filter { facts[$0] == nil }
        let restFiles = rest.map { files[$0] }
        var restProgress: (@Sendable (Int) -> Void)?
        if let progress { restProgress = { [done = held.count] in progress(done + $0) } }
        let fresh = try parallel(restFiles.count, schedule: Self.schedule(restFiles), progress: restProgress) {
            n throws(ScanError) -> FileFacts in try parseCounted(restFiles[n], cache: cache)
        }
        for (n, i) in rest.enumerated() {
            facts[i] = fresh[n]
            parsed.append((fileKeys[i], fresh[n]))
        }
        keep(parsed, cache: cache)
        let all = facts.map { $0! }
        cache.saveIndex(keys: fileKeys, all.map(FileSummary.init))
        return all
    }

    /// Each file's summary, and its facts when it had to be parsed: a file the cache's index knows
    /// (`known`, see ``FactsCache/loadSummaries()``) is not even read (``facts(of:_:cache:keys:)``
    /// reads its facts when a program needs them). `keys`: from ``factKeys(_:cache:)``; nil
    /// when they were not read before, in which case each file is read once, for its key and, on
    /// a miss, to be parsed. The facts parsed are kept in the cache.
    ///
    /// `keptBy`: given the facts of the files parsed, to keep them (``keepReleasing(_:cache:)``
    /// on another thread); nil: they are kept in packs before this returns.
    public func scanSummaries(
        _ files: [SourceFile], cache: FactsCache, keys: [CacheKey]?, known: [CacheKey: FileSummary] = [:],
        progress: (@Sendable (Int) -> Void)? = nil, keptBy keeper: ((_ parsed: [(key: CacheKey, facts: FileFacts)]) -> Void)? = nil
    ) throws(ScanError) -> [ScannedFile] {
        var scanned = [ScannedFile?](repeating: nil, count: files.count)
        for i in files.indices {
            if let key = keys?[i], let summary = known[key], summary.file == files[i].display {
                scanned[i] = ScannedFile(summary: summary, facts: nil, key: key)
            }
        }
        let rest = files.indices.filter { scanned[$0] == nil }
        cache.counters.addHits(files.count - rest.count)
        let restFiles = rest.map { files[$0] }
        // The progress counts every file: those the last run's summaries gave count as done.
        let alreadyDone = files.count - rest.count
        var restProgress: (@Sendable (Int) -> Void)?
        if let progress { restProgress = { done in progress(alreadyDone + done) } }
        let found = try parallel(restFiles.count, schedule: Self.schedule(restFiles), progress: restProgress) {
            n throws(ScanError) -> ScannedFile in
            let file = restFiles[n]
            let key: CacheKey
            var bytes: Data?
            if let keys {
                key = keys[rest[n]]
            } else {
                (key, bytes) = try keyed(file, cache: cache)
                if let summary = known[key], summary.file == file.display {
                    cache.counters.add(hit: true, path: file.display)
                    return ScannedFile(summary: summary, facts: nil, key: key)
                }
            }
            let facts = try parseCounted(file, cache: cache, bytes: bytes)
            return ScannedFile(summary: FileSummary(facts), facts: facts, key: key)
        }
        let parsed = found.compactMap { file in file.facts.map { (key: file.key, facts: $0) } }
        if let keeper { keeper(parsed) } else { keep(parsed, cache: cache) }
        // Every file scanned (a first run): already in order, and not copied again.
        if rest.count == files.count { return found }
        for (n, file) in found.enumerated() { scanned[rest[n]] = file }
        return scanned.map { $0! }
    }

    /// The facts of `files[i]` for each `i` in `indices`, in that order: from the cache, each pack
    /// read once, or parsed again when they went missing since the index was written.
    public func facts(of indices: [Int], _ files: [SourceFile], cache: FactsCache, keys: [CacheKey]) throws(ScanError)
        -> [FileFacts]
    {
        let found = try cachedOrParsed(indices, files, cache: cache, keys: keys)
        keep(zip(indices, found).filter { $1.parsed }.map { (keys[$0], $1.facts) }, cache: cache)
        return found.map(\.facts)
    }

    /// The facts of `files[i]` for each `i` in `indices`, in that order, and whether they had to
    /// be parsed: the cache's packs are each read once, by one thread.
    private func cachedOrParsed(_ indices: [Int], _ files: [SourceFile], cache: FactsCache, keys: [CacheKey])
        throws(ScanError) -> [(facts: FileFacts, parsed: Bool)]
    {
        // By pack, in the order of their first file; the files no pack holds, one group each.
        var groups: [[Int]] = []
        var groupOfPack: [CacheKey: Int] = [:]
        var locations: [FactsCache.Location?] = []
        for (n, i) in indices.enumerated() {
            let location = cache.location(of: keys[i])
            locations.append(location)
            if let pack = location?.pack, let group = groupOfPack[pack] {
                groups[group].append(n)
            } else {
                if let pack = location?.pack { groupOfPack[pack] = groups.count }
                groups.append([n])
            }
        }
        let (packGroups, packLocations) = (groups, locations)
        let read = try parallel(packGroups.count, progress: nil) { g throws(ScanError) -> [(n: Int, facts: FileFacts, parsed: Bool)] in
            let pack = packLocations[packGroups[g][0]].flatMap { cache.pack($0.pack) }
            var found: [(n: Int, facts: FileFacts, parsed: Bool)] = []
            for n in packGroups[g] {
                let file = files[indices[n]]
                if let pack, let location = packLocations[n], let facts = cache.facts(in: pack, at: location, path: file.display) {
                    found.append((n, facts, false))
                } else {
                    found.append((n, try parseCounted(file, cache: cache), true))
                }
            }
            return found
        }
        var result = [(facts: FileFacts, parsed: Bool)?](repeating: nil, count: indices.count)
        for group in read {
            for file in group { result[file.n] = (file.facts, file.parsed) }
        }
        return result.map { $0! }
    }

    /// The facts of `parsed` kept in packs of ``packFiles`` consecutive files, in parallel.
    private func keep(_ parsed: [(key: CacheKey, facts: FileFacts)], cache: FactsCache) {
        let starts = Array(stride(from: 0, to: parsed.count, by: Self.packFiles))
        _ = ParallelMap.map(starts.count, jobs: jobs) { n in
            cache.keep(Array(parsed[starts[n]..<min(starts[n] + Self.packFiles, parsed.count)]))
        }
    }

    /// The facts of `parsed` kept in packs as ``keep(_:cache:)`` keeps them, each pack's facts
    /// released once written (when `parsed` held the only reference to them). The threads doing
    /// it are the calling thread's children, at its priority: a background thread's keep waits
    /// for the link, then takes every core (the run ends when it does).
    public func keepReleasing(_ parsed: consuming [(key: CacheKey, facts: FileFacts)], cache: FactsCache) {
        var parsed = parsed
        let packs = stride(from: 0, to: parsed.count, by: Self.packFiles).map { start in
            PackHandoff(Array(parsed[start..<min(start + Self.packFiles, parsed.count)]))
        }
        parsed = []
        _ = ParallelMap.map(packs.count, jobs: jobs) { n in cache.keep(packs[n].take()) }
    }

    /// One pack's facts, taken (and so let go) by the thread that keeps it.
    private final class PackHandoff: @unchecked Sendable {
        private var files: [(key: CacheKey, facts: FileFacts)]?
        init(_ files: [(key: CacheKey, facts: FileFacts)]) { self.files = files }

        func take() -> [(key: CacheKey, facts: FileFacts)] {
            defer { files = nil }
            return files ?? []
        }
    }

    /// Files whose facts share a pack: a hundred packs for ten thousand files, each a few hundred
    /// kilobytes, of which a run after an edit reads those of the programs it links again.
    static let packFiles = 128

    /// `bytes`: the file's, when already read.
    private func parse(_ file: SourceFile, bytes read: Data? = nil) throws(ScanError) -> FileFacts {
        let bytes: Data
        do {
            if let read { bytes = read } else { bytes = try SourceReader.bytes(file) }
        } catch {
            guard case .notRegular(_, let kind) = error else { throw error }
            return SpecialFileNote.facts(path: file.display, kind: kind)
        }
        // Not UTF-8: a note, not a stop (see ``EncodingNote``).
        guard let source = try? SourceReader.text(bytes, display: file.display) else {
            return EncodingNote.facts(path: file.display, bytes: bytes)
        }
        let facts = parseBudget.while(holding: bytes.count) {
            // A crash from here on names the file (``CrashReport``).
            CrashReport.reading(file.display) {
                #if DEBUG
                CrashReport.crashIfAskedForTests(reading: file.display)
                #endif
                return SwiftFileScanner.scan(source: source, path: file.display)
            }
        }
        // A huge file's tree is freed by now: its pages go back to the system rather than stay
        // in this thread's arena for the rest of the run.
        if bytes.count >= Self.hugeFile { Allocator.releaseFreeMemory() }
        return facts
    }

    /// Bytes from which a file's tree is large enough to be worth giving back at once.
    static let hugeFile = 256 << 10

    /// Parses `file` and counts it among the files the cache did not have.
    private func parseCounted(_ file: SourceFile, cache: FactsCache, bytes: Data? = nil) throws(ScanError) -> FileFacts {
        let facts = try parse(file, bytes: bytes)
        cache.counters.add(hit: false, path: file.display)
        return facts
    }

    /// Source bytes being parsed at once: a syntax tree takes tens of times its file's size, so two
    /// huge generated files parsed side by side would set the run's peak memory. Files are
    /// admitted while the bytes in flight stay under the budget (a file alone always is): ordinary
    /// files never wait, two huge ones take turns.
    private let parseBudget = ByteBudget(limit: 1 << 20)

    /// Each file's entry key (its bytes' digest with its path and the scanner's build), read in
    /// parallel without parsing: what decides, before anything is parsed, whether a whole run's
    /// result is in the cache. Throws the first read failure in input order.
    public func factKeys(_ files: [SourceFile], cache: FactsCache) throws(ScanError) -> [CacheKey] {
        try parallel(files.count, progress: nil) { i throws(ScanError) -> CacheKey in try keyed(files[i], cache: cache).key }
    }

    /// The file's bytes and its entry key (their digest with its path and the scanner's build).
    /// No bytes for a file that is not regular (a named pipe): its key stands for what it is.
    private func keyed(_ file: SourceFile, cache: FactsCache) throws(ScanError) -> (key: CacheKey, bytes: Data?) {
        let bytes: Data
        do {
            bytes = try SourceReader.bytes(file)
        } catch {
            guard case .notRegular(_, let kind) = error else { throw error }
            return (cache.key(content: CacheKey(parts: [SpecialFileNote.keyMarker, Array(kind.utf8)]), path: file.display), nil)
        }
        return (cache.key(content: bytes.withUnsafeBytes { CacheKey($0) }, path: file.display), bytes)
    }

    /// In what order the files are scanned. The huge ones (generated mocks, icon tables, protobuf
    /// code: a walked tree takes tens of times its file's bytes), largest first, on the first
    /// thread, while the others take the smaller half of the rest from the smallest up, then the
    /// larger half from the largest down: the huge trees come while little else is held, never at
    /// the end alone, and never beside each other or a large file (see ``parseBudget``), which
    /// small files pass; and the scan ends on small files. By size on disk; ties in input order.
    static func schedule(_ files: [SourceFile]) -> (huge: [Int], rest: [Int]) {
        let sizes = files.map { file -> Int in
            if let size = file.size { return size }
            var info = stat()
            let found: Int32
            if let raw = file.rawPath {
                found = (raw + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) } }
            } else {
                found = stat(file.url.path, &info)
            }
            return found == 0 ? Int(info.st_size) : 0
        }
        let huge = files.indices.filter { sizes[$0] >= hugeFile }
            .sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
        let ascending = files.indices.filter { sizes[$0] < hugeFile }
            .sorted { sizes[$0] != sizes[$1] ? sizes[$0] < sizes[$1] : $0 < $1 }
        // The smaller half first, from the smallest up (beside the huge files, never waiting for
        // the budget); then the larger half from the largest down, so that the scan ends on files
        // of a few kilobytes: ending on the largest ones left one thread parsing them alone.
        let half = ascending.count / 2
        return (huge, Array(ascending[..<half]) + ascending[half...].reversed())
    }

    /// `work` for 0..<count on `jobs` threads (in the order of `schedule` when given); results in
    /// index order, the first failure in index order thrown.
    private func parallel<T>(
        _ count: Int, schedule: (huge: [Int], rest: [Int])? = nil, progress: (@Sendable (Int) -> Void)?,
        _ work: @Sendable (Int) throws(ScanError) -> T
    ) throws(ScanError) -> [T] {
        let results = ParallelMap.map(
            count, jobs: jobs, order: schedule?.rest, firstWorker: schedule?.huge ?? [], progress: progress
        ) { i in
            Result { () throws(ScanError) -> T in try work(i) }
        }
        return try results.map { result throws(ScanError) in try result.get() }
    }
}

/// A file as an incremental scan gives it: its summary, and its facts when they were parsed.
public struct ScannedFile: Sendable {
    public var summary: FileSummary
    /// nil when the summary came from the cache.
    public var facts: FileFacts?
    /// The file's entry key in the facts cache.
    public var key: CacheKey
}

/// A Swift file to scan: its display path, and where it is on disk.
public struct SourceFile: Sendable {
    public var display: String
    public var url: URL
    /// The path's bytes when they are not UTF-8 (a URL cannot hold them); read from there instead of `url`.
    public var rawPath: [UInt8]?
    /// Its size in bytes when the listing told it (it only orders the scan); else asked.
    public var size: Int?

    public init(display: String, url: URL, rawPath: [UInt8]? = nil, size: Int? = nil) {
        self.display = display
        self.url = url
        self.rawPath = rawPath
        self.size = size
    }
}

/// Reads a Swift file as UTF-8, or says precisely why not.
public enum SourceReader {
    public static func read(_ file: SourceFile) throws(ScanError) -> String {
        try text(try bytes(file), display: file.display)
    }

    public static func read(_ url: URL, display: String) throws(ScanError) -> String {
        try text(try bytes(url, display: display), display: display)
    }

    /// From `rawPath` when the path is not UTF-8, else from `url`.
    public static func bytes(_ file: SourceFile) throws(ScanError) -> Data {
        if let raw = file.rawPath { return try bytes(rawPath: raw, display: file.display) }
        return try bytes(file.url, display: file.display)
    }

    /// Never blocks: a named pipe or a device is refused (see ``RegularFile``).
    public static func bytes(_ url: URL, display: String) throws(ScanError) -> Data {
        try bytes(rawPath: Array(url.path.utf8), display: display)
    }

    /// A file named by bytes that need not be UTF-8.
    public static func bytes(rawPath: [UInt8], display: String) throws(ScanError) -> Data {
        do {
            return try RegularFile.read(rawPath)
        } catch {
            if error.notRegular { throw .notRegular(path: display, kind: error.reason) }
            throw .unreadable(path: display, reason: error.reason)
        }
    }

    public static func text(_ data: Data, display: String) throws(ScanError) -> String {
        guard let text = String(data: data, encoding: .utf8) else {
            let offset = Self.firstInvalidUTF8Offset(data)
            throw .notUTF8(path: display, byteOffset: offset)
        }
        return text
    }

    /// Byte offset of the first byte that is not valid UTF-8.
    static func firstInvalidUTF8Offset(_ data: Data) -> Int {
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var offset = 0
        var consumedBefore = 0
        var countingIterator = AnyIterator<UInt8> {
            let b = iterator.next()
            if b != nil { offset += 1 }
            return b
        }
        while true {
            switch decoder.decode(&countingIterator) {
            case .scalarValue: consumedBefore = offset
            case .emptyInput: return consumedBefore
            case .error: return consumedBefore
            }
        }
    }
}

public enum ScanError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case notUTF8(path: String, byteOffset: Int)
    /// A named pipe, a device or a socket where a Swift file was listed: `kind` says which
    /// (`is a named pipe, not a regular file`). A scan notes it and goes on.
    case notRegular(path: String, kind: String)

    public var description: String {
        switch self {
        case .notRegular(let path, let kind): return "\(path): \(kind)"
        case .unreadable(let path, let reason): return "\(path): cannot read file: \(reason)"
        case .notUTF8(let path, let offset):
            return "\(path): not valid UTF-8 (first invalid byte at offset \(offset)); digraph reads Swift sources as UTF-8"
        }
    }
}

/// A budget of bytes shared by the workers (see ``ProjectScanner``'s `parseBudget`).
final class ByteBudget: @unchecked Sendable {
    private let limit: Int
    private var inFlight = 0
    private let condition = NSCondition()

    init(limit: Int) { self.limit = limit }

    /// Files smaller than this never wait (their trees are small): the others go on with them
    /// while one thread parses a huge file.
    static let small = 64 << 10

    func `while`<T>(holding bytes: Int, _ work: () -> T) -> T {
        guard bytes >= Self.small else { return work() }
        condition.lock()
        while inFlight > 0 && inFlight + bytes > limit { condition.wait() }
        inFlight += bytes
        condition.unlock()
        defer {
            condition.lock()
            inFlight -= bytes
            condition.broadcast()
            condition.unlock()
        }
        return work()
    }
}
