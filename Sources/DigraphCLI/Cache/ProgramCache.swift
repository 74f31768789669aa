import DigraphCache
import DigraphCore
import DigraphScanner

/// One program's linked graph and its own findings (before the near misses other programs
/// explain and the merge), kept under the digest of everything they are computed from:
/// - the program (name, kind, what describes it, the programs it sees),
/// - each file it is linked from: its display path, its facts entry key (its bytes, its path and
///   the scanner's build), whether it is its own or a seen program's, whether it is test-only,
/// - every suppression comment of the run (``Analyzer/findings(in:comments:)`` reads them all),
/// - the configuration and the build (as for ``RunCache``).
/// After a one-file edit only the programs compiling that file are linked and analysed again;
/// the others' entries are read, and their files' facts are never decoded.
enum ProgramCache {
    /// A program's own findings and its graph's digest; its graph is kept beside it by runs that
    /// report the graph, and read only by those (see ``loadGraph(_:from:)``).
    struct Entry: Codable {
        var findings: [Diagnostic]
        var digest: ProgramDigest
    }

    /// Bump when ``Entry``'s encoding changes in a way the build fingerprint would not show.
    static let formatVersion = 2

    /// What every program's key shares in a run: the format, the build, the configuration and
    /// the comments.
    static func runPart(factsCache: FactsCache, configuration: Configuration, comments: [SuppressionComment]) -> [UInt8] {
        var bytes = Array("program-\(formatVersion)".utf8) + [0]
        bytes += factsCache.context
        bytes.append(0)
        bytes += Array(CanonicalText.of(configuration).utf8)
        bytes.append(0)
        bytes += Array(CanonicalText.of(comments).utf8)
        return bytes
    }

    static func key(
        runPart: [UInt8], program: Program, visible: [(display: String, key: CacheKey)], testFiles: Set<String>
    ) -> CacheKey {
        let own = Set(program.files)
        var listing: [UInt8] = []
        listing.reserveCapacity(visible.count * 40)
        for file in visible {
            listing += file.key.bytes
            listing += file.display.utf8
            listing.append(0)
            listing.append((own.contains(file.display) ? 1 : 0) | (testFiles.contains(file.display) ? 2 : 0))
        }
        let header = [
            program.name, program.kind.rawValue, program.source, program.descriptionPath ?? "\u{0}",
            program.sees.joined(separator: "\u{0}"),
        ].joined(separator: "\u{1}")
        return CacheKey(parts: [runPart, Array(header.utf8), listing])
    }

    static func load(_ key: CacheKey, from store: CacheStore) -> Entry? {
        guard let payload = store.read(.programs, key) else { return nil }
        return try? BinaryCoding.decode(Entry.self, from: payload)
    }

    static func loadGraph(_ key: CacheKey, from store: CacheStore) -> DependencyGraph? {
        guard let payload = store.read(.programs, key.beside("graph")) else { return nil }
        return try? BinaryCoding.decode(DependencyGraph.self, from: payload)
    }

    /// The graph first, when there is one to keep. A run reporting findings only keeps none
    /// (encoding every program's graph was a hundredth of a first run): a later run reporting the
    /// graph finds the entry without it, links that program again, and keeps both.
    static func save(_ entry: Entry, graph: DependencyGraph?, _ key: CacheKey, to store: CacheStore) {
        guard let payload = try? BinaryCoding.encode(entry) else { return }
        if let graph {
            guard let graphPayload = try? BinaryCoding.encode(graph) else { return }
            store.write(.programs, key.beside("graph"), payload: graphPayload)
        }
        store.write(.programs, key, payload: payload)
    }
}
