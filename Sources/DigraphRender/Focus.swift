import DigraphCore

/// `--focus SERVICE… --depth N`: the services within N edges of the named ones, following edges
/// both ways (what they need and what needs them).
public enum Focus {
    /// A name is a service id (`Database#primary`), a requested id nothing registers, or a type
    /// (`Database` picks every registration of it). Unknown names are an error that suggests
    /// close ones.
    public static func select(
        _ names: [String], depth: Int, graph: DependencyGraph, missing: Set<String> = []
    ) throws(RenderError) -> Set<String> {
        neighbourhood(of: try seeds(names, graph: graph, missing: missing), depth: depth, graph: graph, missing: missing)
    }

    /// The services the names pick.
    public static func seeds(_ names: [String], graph: DependencyGraph, missing: Set<String> = []) throws(RenderError)
        -> Set<String>
    {
        let vertices = Set(graph.services.map(\.id)).union(missing)
        var seeds: Set<String> = []
        for name in names {
            if vertices.contains(name) {
                seeds.insert(name)
                continue
            }
            let byType = graph.services.filter { $0.type == name }.map(\.id)
            if !byType.isEmpty {
                seeds.formUnion(byType)
                continue
            }
            let types = Set(graph.services.map(\.type))
            throw .unknownService(name, suggestions: suggestions(for: name, in: vertices.union(types)))
        }
        return seeds
    }

    /// `seeds` and everything within `depth` edges of them, either way.
    public static func neighbourhood(of seeds: Set<String>, depth: Int, graph: DependencyGraph, missing: Set<String> = [])
        -> Set<String>
    {
        let vertices = Set(graph.services.map(\.id)).union(missing)
        var neighbours: [String: Set<String>] = [:]
        for edge in graph.edges {
            neighbours[edge.from, default: []].insert(edge.to)
            neighbours[edge.to, default: []].insert(edge.from)
        }
        var kept = seeds
        var frontier = seeds
        for _ in 0..<max(0, depth) {
            var next: Set<String> = []
            for id in frontier {
                for other in neighbours[id, default: []] where vertices.contains(other) && kept.insert(other).inserted {
                    next.insert(other)
                }
            }
            if next.isEmpty { break }
            frontier = next
        }
        return kept
    }

    /// Up to three candidates that look like `name`: the same letters in another case, a
    /// candidate containing it (or contained in it), or a small edit distance; closest first.
    public static func suggestions(for name: String, in candidates: Set<String>, limit: Int = 3) -> [String] {
        let lower = name.lowercased()
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            let other = candidate.lowercased()
            if other == lower { return (candidate, 0) }
            if !lower.isEmpty && (other.contains(lower) || lower.contains(other)) && other.count >= 3 {
                return (candidate, 1 + abs(other.count - lower.count) / 4)
            }
            let d = Suggestion.distance(lower, other)
            return d <= max(2, name.count / 3) ? (candidate, d + 1) : nil
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }
}
