import DigraphCore
import DigraphSnapshot
import Foundation

/// Parses a snapshot written in a test, as `app.snapshot.json` in the working directory.
func load(_ json: String, path: String = "app.snapshot.json", currentDirectory: String = "/work") throws(SnapshotError)
    -> SnapshotDocument
{
    try SnapshotLoader.parse(Array(json.utf8), displayPath: path, currentDirectory: currentDirectory)
}

/// The error a malformed snapshot gives, as its one line.
func failure(_ json: String) -> String? {
    do {
        _ = try load(json)
        return nil
    } catch {
        return error.description
    }
}

/// A valid document around the given services and edges (JSON fragments).
func document(
    services: [String], edges: [String] = [], extra: String = "", framework: String = "Swinject",
    source: String = "runtime-probe"
) -> String {
    """
    {
      "schema": "digraph-snapshot/1",
      "generator": { "name": "test", "framework": "\(framework)", "source": "\(source)" },\(extra)
      "services": [
    \(services.map { "    " + $0 }.joined(separator: ",\n"))
      ],
      "edges": [
    \(edges.map { "    " + $0 }.joined(separator: ",\n"))
      ]
    }
    """
}

func analyze(_ graph: DependencyGraph) -> [Diagnostic] {
    Analyzer(rules: RuleCatalog.all + (RuleCatalog.ids.contains("snapshot_drift") ? [] : [SnapshotDriftRule.self]))
        .analyze(graph).diagnostics
}

extension Array where Element == Diagnostic {
    func rule(_ id: String) -> [Diagnostic] { filter { $0.rule == id } }
}
