import DigraphCache
import DigraphCore
import Foundation

/// Per-file facts kept between runs: a file whose bytes, display path and scanner are unchanged
/// is not parsed again. A file's key is the digest of
/// - the file's content (its own 128-bit digest),
/// - its display path (facts carry it in every location),
/// - the digraph version, ``FactsFormat/version``, and the build fingerprint of the scanner's
///   code (see ``BuildFingerprint``): any rebuild that changes an extractor changes the key,
/// - the scan options that change facts (none today: every extractor always runs).
///
/// The facts of the files parsed together are kept in one entry, a *pack* (the encoded facts one
/// after another): a first run writes a hundred packs instead of one entry per file, and the
/// folder holds its bytes instead of a disk block per small file. One entry, the *index*, says
/// for each file scanned lately (by its key) its summary and where its facts are: what a run
/// after an edit reads to know every unchanged file without opening it. The index keeps the rows
/// of files left out of the last runs for a while (a branch switched back, a rename undone, a run
/// over part of the tree), and a file whose pack went missing or is damaged is parsed again.
public struct FactsCache: Sendable {
    public let store: CacheStore
    /// The digraph version, the facts format and the scanner's build fingerprint.
    public let context: [UInt8]
    public let counters = Counters()
    private let state = State()

    /// Files whose facts came from the cache, and the files parsed.
    public final class Counters: @unchecked Sendable {
        private var hitCount = 0
        private var parsedFiles: [String] = []
        private let lock = NSLock()

        func add(hit: Bool, path: String) {
            lock.lock()
            if hit { hitCount += 1 } else { parsedFiles.append(path) }
            lock.unlock()
        }

        /// Files whose facts were not needed because a whole run's result was in the cache.
        public func addHits(_ count: Int) { lock.withLock { hitCount += count } }

        public var hits: Int { lock.withLock { hitCount } }
        /// Display paths, sorted.
        public var parsed: [String] { lock.withLock { parsedFiles.sorted() } }
    }

    /// Where a file's facts are: a range of a pack.
    public struct Location: Sendable, Equatable {
        public var pack: CacheKey
        public var offset: Int
        public var length: Int
    }

    /// One file in the index.
    struct Row: Sendable {
        var summary: FileSummary
        var location: Location?
        /// Index writes since a run last scanned the file (0: the last one did).
        var age: Int
    }

    /// The index as this run read it (once), and the packs it wrote.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var rows: [CacheKey: Row]?
        var readIndex = false
        var kept: [CacheKey: Location] = [:]
        /// Whether a pack was written since the index was.
        var keptSinceIndex = false
    }

    /// nil when the scanner's build cannot be identified (then nothing could tell a stale entry
    /// from a current one, and nothing is cached).
    public init?(store: CacheStore) {
        let fingerprint = BuildFingerprint.of(anchor: unsafeBitCast(scannerAnchor, to: UnsafeRawPointer.self))
        guard !fingerprint.isEmpty else { return nil }
        self.store = store
        context = Array("\(ToolInfo.version)|facts-\(FactsFormat.version)|".utf8) + fingerprint
    }

    /// For tests: entries keyed by the given context instead of this build's fingerprint.
    init(store: CacheStore, context: [UInt8]) {
        self.store = store
        self.context = context
    }

    func key(content: CacheKey, path: String) -> CacheKey {
        CacheKey(parts: [content.bytes, Array(path.utf8), context])
    }

    // MARK: Facts

    /// Where the facts filed under `key` are, by the index or a pack this run wrote.
    func location(of key: CacheKey) -> Location? {
        let rows = indexRows()
        return state.lock.withLock { state.kept[key] } ?? rows[key]?.location
    }

    /// A pack's bytes; nil when it is missing or damaged.
    func pack(_ key: CacheKey) -> [UInt8]? { store.read(.packs, key) }

    /// The facts at `location` of `pack`; nil when they are not a file's facts or another file's.
    func facts(in pack: [UInt8], at location: Location, path: String) -> FileFacts? {
        guard location.offset >= 0, location.length >= 0, location.offset <= pack.count - location.length else { return nil }
        let bytes = pack[location.offset..<location.offset + location.length]
        return (try? BinaryCoding.decode(FileFacts.self, from: bytes)).flatMap { $0.file == path ? $0 : nil }
    }

    /// Writes the facts of `files` in one pack, and remembers where each is for the index.
    func keep(_ files: [(key: CacheKey, facts: FileFacts)]) {
        guard !files.isEmpty else { return }
        var payload: [UInt8] = []
        var ranges: [(offset: Int, length: Int)] = []
        ranges.reserveCapacity(files.count)
        for file in files {
            guard let bytes = try? BinaryCoding.encode(file.facts) else { continue }
            ranges.append((payload.count, bytes.count))
            payload += bytes
        }
        guard ranges.count == files.count else { return }
        let packKey = CacheKey(parts: [Array("pack".utf8), context] + files.map(\.key.bytes))
        guard store.write(.packs, packKey, payload: payload) else { return }
        state.lock.withLock {
            for (file, range) in zip(files, ranges) {
                state.kept[file.key] = Location(pack: packKey, offset: range.offset, length: range.length)
            }
            state.keptSinceIndex = true
        }
    }

    // MARK: The index

    /// The summaries of the files the index knows, by their keys.
    public func loadSummaries() -> [CacheKey: FileSummary]? {
        let rows = indexRows()
        return rows.isEmpty ? nil : rows.mapValues(\.summary)
    }

    /// Whether an earlier run of this build kept its index in this folder: without it, no run's
    /// result can be here either (a run keeping its result keeps it), so a run's first look
    /// needs no keys.
    public var hasSummaries: Bool { store.contains(.summaries, indexKey) }

    /// Whether a pack was written since the index was (then the index is worth writing again).
    public var keptSinceIndex: Bool { state.lock.withLock { state.keptSinceIndex } }

    /// Rows older than this many index writes are dropped.
    static let maximumAge = 8

    /// Writes the index: a row for each of this run's files, and the rows of files not in this run
    /// kept a while. Nothing is written when the index already says all of it.
    public func saveIndex(keys: [CacheKey], _ summaries: [FileSummary]) {
        let old = indexRows()
        let kept = state.lock.withLock { () -> [CacheKey: Location] in
            state.keptSinceIndex = false
            return state.kept
        }
        var changed = false
        var current = Set<CacheKey>()
        current.reserveCapacity(keys.count)
        var rows: [(key: CacheKey, row: Row)] = []
        rows.reserveCapacity(keys.count)
        for (key, summary) in zip(keys, summaries) where current.insert(key).inserted {
            let before = old[key]
            let location = kept[key] ?? before?.location
            if before == nil || before?.age != 0 || before?.location != location { changed = true }
            rows.append((key, Row(summary: summary, location: location, age: 0)))
        }
        guard changed else { return }
        // The youngest rows of files this run left out, at most as many as it scanned.
        let others = old.filter { !current.contains($0.key) && $0.value.location != nil && $0.value.age + 1 < Self.maximumAge }
            .sorted { ($0.value.age, $0.key.high, $0.key.low) < ($1.value.age, $1.key.high, $1.key.low) }
            .prefix(max(keys.count, 1024))
        for (key, row) in others { rows.append((key, Row(summary: row.summary, location: row.location, age: row.age + 1))) }
        guard let payload = try? BinaryCoding.encode(IndexDocument(rows)) else { return }
        store.write(.summaries, indexKey, payload: payload)
    }

    /// The index's rows, read on first use; empty when there is none or it is damaged.
    private func indexRows() -> [CacheKey: Row] {
        state.lock.lock()
        defer { state.lock.unlock() }
        if let rows = state.rows { return rows }
        var rows: [CacheKey: Row] = [:]
        if let payload = store.read(.summaries, indexKey), let document = try? BinaryCoding.decode(IndexDocument.self, from: payload) {
            rows = document.rows() ?? [:]
        }
        state.rows = rows
        return rows
    }

    private var indexKey: CacheKey { CacheKey(parts: [Array("index".utf8), context]) }

    /// The index in columns: a row's key, summary, pack (a number into the pack keys, -1 for none),
    /// range in it, and age.
    private struct IndexDocument: Codable, BinaryWritable {
        var highs: [UInt64] = []
        var lows: [UInt64] = []
        var summaries: [FileSummary] = []
        var packHighs: [UInt64] = []
        var packLows: [UInt64] = []
        var packs: [Int] = []
        var offsets: [Int] = []
        var lengths: [Int] = []
        var ages: [Int] = []

        /// The bytes of the `Codable` conformance, which reads them back, column by column.
        func write(to fields: inout BinaryFields) throws {
            try fields.field("highs", highs)
            try fields.field("lows", lows)
            try fields.field("summaries", summaries)
            try fields.field("packHighs", packHighs)
            try fields.field("packLows", packLows)
            try fields.field("packs", packs)
            try fields.field("offsets", offsets)
            try fields.field("lengths", lengths)
            try fields.field("ages", ages)
        }

        init(_ rows: [(key: CacheKey, row: Row)]) {
            var packNumbers: [CacheKey: Int] = [:]
            for (key, row) in rows {
                highs.append(key.high)
                lows.append(key.low)
                summaries.append(row.summary)
                ages.append(row.age)
                guard let location = row.location else {
                    packs.append(-1)
                    offsets.append(0)
                    lengths.append(0)
                    continue
                }
                let number = packNumbers[location.pack] ?? packHighs.count
                if number == packHighs.count {
                    packNumbers[location.pack] = number
                    packHighs.append(location.pack.high)
                    packLows.append(location.pack.low)
                }
                packs.append(number)
                offsets.append(location.offset)
                lengths.append(location.length)
            }
        }

        /// Nil when the columns disagree.
        func rows() -> [CacheKey: Row]? {
            let count = summaries.count
            guard [highs.count, lows.count, packs.count, offsets.count, lengths.count, ages.count].allSatisfy({ $0 == count }),
                packHighs.count == packLows.count
            else { return nil }
            var rows: [CacheKey: Row] = [:]
            rows.reserveCapacity(count)
            for i in 0..<count {
                var location: Location?
                if packs[i] >= 0 {
                    guard packs[i] < packHighs.count else { return nil }
                    location = Location(
                        pack: CacheKey(high: packHighs[packs[i]], low: packLows[packs[i]]), offset: offsets[i], length: lengths[i])
                }
                rows[CacheKey(high: highs[i], low: lows[i])] = Row(summary: summaries[i], location: location, age: ages[i])
            }
            return rows
        }
    }
}

/// The shape of cached facts. The build fingerprint already tells builds apart; bump this when
/// the encoding of ``FileFacts`` changes in a way a build with the same fingerprint could meet
/// (it cannot today: kept so that a format change never depends on the fingerprint alone).
public enum FactsFormat {
    /// 2: an entry holds the file's ``FileSummary`` before its facts; 3: empty lists left out;
    /// 4: facts in packs, summaries in the index.
    public static let version = 4
}

/// A function of this module: its address finds the image holding the scanner's code.
private let scannerAnchor: @convention(c) () -> Void = {}
