import DigraphCache
import DigraphCore
import DigraphScanner

/// A whole run's analysis (before the focus and the baseline are applied), kept under the digest
/// of everything it is computed from:
/// - every scanned file's entry key (its bytes, its display path, the scanner's build),
/// - the programs the project descriptions give them (``ProgramMap``),
/// - the configuration (every field, through ``CanonicalText``) and `--program`,
/// - the digraph version and the build fingerprint (in the facts cache's context), which also
///   covers the linker and the rules, compiled into the same binary.
/// Runs with `--snapshot` are not kept.
enum RunCache {
    struct Result: Codable {
        var analysis: Analysis
        var coverage: Coverage
    }

    /// Bump when ``Result``'s encoding changes in a way the build fingerprint would not show.
    static let formatVersion = 1

    static func key(
        factsCache: FactsCache, configuration: Configuration, programMap: ProgramMap, programFilter: String?,
        files: [(display: String, key: CacheKey)]
    ) -> CacheKey {
        var listing: [UInt8] = []
        listing.reserveCapacity(files.count * 24)
        for file in files {
            listing.append(contentsOf: file.key.bytes)
            listing.append(contentsOf: file.display.utf8)
            listing.append(0)
        }
        return CacheKey(parts: [
            Array("run-\(formatVersion)".utf8), factsCache.context, Array(CanonicalText.of(configuration).utf8),
            Array(CanonicalText.of(programMap).utf8), Array((programFilter ?? "\u{0}").utf8), listing,
        ])
    }

    static func load(_ key: CacheKey, from store: CacheStore) -> Result? {
        guard let payload = store.read(.results, key) else { return nil }
        return try? BinaryCoding.decode(Result.self, from: payload)
    }

    static func save(_ result: Result, _ key: CacheKey, to store: CacheStore) {
        guard let payload = try? BinaryCoding.encode(result) else { return }
        store.write(.results, key, payload: payload)
    }
}
