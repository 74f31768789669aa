import DigraphCache
import DigraphCore
import Foundation

/// Per-file facts kept between runs: a file whose bytes, display path and scanner are unchanged
/// is not parsed again. An entry's key is the digest of
/// - the file's content (its own 128-bit digest),
/// - its display path (facts carry it in every location),
/// - the digraph version, ``FactsFormat/version``, and the build fingerprint of the scanner's
///   code (see ``BuildFingerprint``): any rebuild that changes an extractor changes the key,
/// - the scan options that change facts (none today: every extractor always runs).
public struct FactsCache: Sendable {
    public let store: CacheStore
    /// The digraph version, the facts format and the scanner's build fingerprint.
    public let context: [UInt8]
    public let counters = Counters()

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

    /// The file's facts; nil when the entry is missing, damaged or of another file.
    func load(_ key: CacheKey, path: String) -> FileFacts? {
        decoded(FileFacts.self, key, \.facts).flatMap { $0.file == path ? $0 : nil }
    }

    /// The file's summary alone, without decoding its facts (see ``FileSummary``).
    func loadSummary(_ key: CacheKey, path: String) -> FileSummary? {
        decoded(FileSummary.self, key, \.summary).flatMap { $0.file == path ? $0 : nil }
    }

    /// One part of the entry filed under `key`, decoded.
    private func decoded<T: Decodable>(_ type: T.Type, _ key: CacheKey, _ part: KeyPath<Entry.Parts, ArraySlice<UInt8>>) -> T? {
        guard let payload = store.read(.facts, key), let parts = Entry.split(payload) else { return nil }
        return try? BinaryCoding.decode(type, from: Array(parts[keyPath: part]))
    }

    func save(_ facts: FileFacts, summary: FileSummary, key: CacheKey) {
        guard let summaryBytes = try? BinaryCoding.encode(summary), let factsBytes = try? BinaryCoding.encode(facts) else {
            return
        }
        store.write(.facts, key, payload: Entry.join(summary: summaryBytes, facts: factsBytes))
    }

    /// The summaries of the last run's files in one entry, by their facts keys: a run after an
    /// edit reads one entry for them instead of one per file. One per cache folder and build
    /// (another tree scanned with the same folder replaces it; then the entries per file serve).
    public func loadSummaries() -> [CacheKey: FileSummary]? {
        guard let payload = store.read(.summaries, summariesKey), let pack = try? BinaryCoding.decode(SummaryPack.self, from: payload),
            pack.highs.count == pack.summaries.count, pack.lows.count == pack.summaries.count
        else { return nil }
        var known: [CacheKey: FileSummary] = [:]
        known.reserveCapacity(pack.summaries.count)
        for (i, summary) in pack.summaries.enumerated() { known[CacheKey(high: pack.highs[i], low: pack.lows[i])] = summary }
        return known
    }

    /// Whether an earlier run of this build kept its summaries in this folder: without them, no
    /// run's result can be here either (a run keeping its result keeps them), so a run's first
    /// look needs no keys.
    public var hasSummaries: Bool { store.contains(.summaries, summariesKey) }

    public func saveSummaries(keys: [CacheKey], _ summaries: [FileSummary]) {
        let pack = SummaryPack(highs: keys.map(\.high), lows: keys.map(\.low), summaries: summaries)
        guard let payload = try? BinaryCoding.encode(pack) else { return }
        store.write(.summaries, summariesKey, payload: payload)
    }

    private var summariesKey: CacheKey { CacheKey(parts: [Array("summaries".utf8), context]) }

    private struct SummaryPack: Codable {
        var highs: [UInt64]
        var lows: [UInt64]
        var summaries: [FileSummary]
    }

    /// An entry's payload: the summary's length (4 bytes, little-endian), the summary, the facts.
    enum Entry {
        static func join(summary: [UInt8], facts: [UInt8]) -> [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(4 + summary.count + facts.count)
            withUnsafeBytes(of: UInt32(summary.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes += summary
            bytes += facts
            return bytes
        }

        struct Parts {
            var summary: ArraySlice<UInt8>
            var facts: ArraySlice<UInt8>
        }

        static func split(_ payload: [UInt8]) -> Parts? {
            guard payload.count >= 4 else { return nil }
            let length = Int(payload[0]) | Int(payload[1]) << 8 | Int(payload[2]) << 16 | Int(payload[3]) << 24
            guard length <= payload.count - 4 else { return nil }
            return Parts(summary: payload[4..<4 + length], facts: payload[(4 + length)...])
        }
    }
}

/// The shape of cached facts. The build fingerprint already tells builds apart; bump this when
/// the encoding of ``FileFacts`` changes in a way a build with the same fingerprint could meet
/// (it cannot today: kept so that a format change never depends on the fingerprint alone).
public enum FactsFormat {
    /// 2: an entry holds the file's ``FileSummary`` before its facts; 3: empty lists left out.
    public static let version = 3
}

/// A function of this module: its address finds the image holding the scanner's code.
private let scannerAnchor: @convention(c) () -> Void = {}
