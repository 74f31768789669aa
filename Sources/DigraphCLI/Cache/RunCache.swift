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
    /// The analysis without its graph (kept apart: most runs report findings only, and decoding
    /// the graph was a fifth of an unchanged run), the coverage and the graph's one-line summary.
    struct Result: Codable {
        var analysis: Analysis
        var coverage: Coverage
        var graphSummary: String
    }

    /// Bump when ``Result``'s encoding changes in a way the build fingerprint would not show.
    static let formatVersion = 2

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

    /// The run's result; with `graph`, its graph too (nil when either entry is missing).
    static func load(_ key: CacheKey, graph: Bool, from store: CacheStore) -> Result? {
        guard let payload = store.read(.results, key), var result = try? BinaryCoding.decode(Result.self, from: payload)
        else { return nil }
        if graph {
            guard let payload = store.read(.results, key.beside("graph")),
                let value = try? BinaryCoding.decode(DependencyGraph.self, from: payload)
            else { return nil }
            result.analysis.graph = value
        }
        return result
    }

    /// `withGraph`: the result's graph is the run's (else it is empty, and only the rest is kept).
    static func save(_ result: Result, _ key: CacheKey, withGraph: Bool, to store: CacheStore) {
        var head = result
        head.analysis.graph = DependencyGraph(services: [], edges: [])
        guard let payload = try? BinaryCoding.encode(head) else { return }
        if withGraph {
            // The graph first: a run finding the result finds its graph.
            guard let graph = try? BinaryCoding.encode(result.analysis.graph) else { return }
            store.write(.results, key.beside("graph"), payload: graph)
        }
        store.write(.results, key, payload: payload)
    }
}
