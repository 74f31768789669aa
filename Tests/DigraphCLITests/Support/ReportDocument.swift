import Foundation

/// The parts of a `digraph-report/1` document that say what was scanned and what came out.
struct ReportDocument {
    struct Finding: Hashable, CustomStringConvertible {
        var rule: String
        var severity: String
        var file: String
        var line: Int
        var suppressed: Bool
        var description: String { "\(file):\(line) \(severity) \(rule)\(suppressed ? " (suppressed)" : "")" }
    }

    var files: Int
    /// Files in which a service is declared or registered.
    var serviceFiles: Set<String>
    var services: Set<String>
    var findings: [Finding]

    /// Findings that count (not suppressed), as `file:line severity rule`.
    var shown: [String] { findings.filter { !$0.suppressed }.map(\.description) }

    init(_ json: String) throws {
        guard let doc = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw DeterminismTests.Unexpected(description: "not a JSON object: \(json.prefix(200))")
        }
        files = (doc["summary"] as? [String: Any])?["files"] as? Int ?? -1
        let services = doc["services"] as? [[String: Any]] ?? []
        self.services = Set(services.compactMap { $0["id"] as? String })
        serviceFiles = Set(services.flatMap { ($0["locations"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String } })
        findings = (doc["diagnostics"] as? [[String: Any]] ?? []).map { d in
            let location = d["location"] as? [String: Any] ?? [:]
            return Finding(
                rule: d["rule"] as? String ?? "?", severity: d["severity"] as? String ?? "?",
                file: location["file"] as? String ?? "?", line: location["line"] as? Int ?? 0,
                suppressed: d["suppressed"] as? Bool ?? false)
        }
    }

    /// `digraph check … --format json` (or `report`) in `directory`.
    static func check(_ arguments: [String], in directory: URL) throws -> (exit: Int32, report: ReportDocument, stderr: String) {
        let r = try DigraphProcess.run(["check"] + arguments + ["--format", "json"], in: directory)
        return (r.exitCode, try ReportDocument(r.stdout), r.stderr)
    }
}
