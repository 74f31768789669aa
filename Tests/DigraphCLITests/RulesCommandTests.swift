import DigraphCore
import Foundation
import Testing

/// `digraph rules` and `digraph rules RULE`, with and without a configuration.
@Suite struct RulesCommandTests {
    /// Rows of the table: rule, severity, enabled, summary.
    static func rows(_ output: String) -> [[String]] {
        output.split(separator: "\n").map { line in
            line.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    @Test func theTableListsEveryRuleInCatalogOrder() throws {
        let project = try TemporaryProject()
        let r = try DigraphProcess.run(["rules"], in: project.url)
        #expect(r.exitCode == 0 && r.stderr.isEmpty)
        let rows = Self.rows(r.stdout)
        #expect(rows.first == ["rule", "severity", "enabled", "reports"])
        #expect(rows.dropFirst().map { $0.first ?? "" } == RuleCatalog.ids)
        for (row, rule) in zip(rows.dropFirst(), RuleCatalog.all) {
            let d = rule.description
            #expect(row == [d.id, d.defaultSeverity.rawValue, "yes", d.summary], "\(d.id)")
        }
    }

    @Test func theTableShowsTheConfiguration() throws {
        let project = try TemporaryProject([
            ".digraph.yml": "disabled_rules: [unused_registration]\nrules:\n  god_singleton: { severity: error }\n"
        ])
        let rows = Self.rows(try DigraphProcess.run(["rules"], in: project.url).stdout)
        let byID = Dictionary(rows.dropFirst().map { ($0[0], $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byID["god_singleton"]?[1] == "error" && byID["god_singleton"]?[2] == "yes")
        #expect(byID["unused_registration"]?[1] == "note" && byID["unused_registration"]?[2] == "no")
        #expect(byID["dependency_cycle"]?[1] == "error" && byID["dependency_cycle"]?[2] == "yes")
        // With --config, from anywhere.
        let elsewhere = try TemporaryProject()
        let explicit = Self.rows(
            try DigraphProcess.run(["rules", "--config", project.url.appendingPathComponent(".digraph.yml").path], in: elsewhere.url).stdout)
        #expect(explicit == rows)
    }

    @Test func oneRuleShowsItsDescriptionAndEveryExample() throws {
        let project = try TemporaryProject([".digraph.yml": "rules:\n  dependency_cycle: { severity: warning }\n"])
        let r = try DigraphProcess.run(["rules", "dependency_cycle"], in: project.url)
        #expect(r.exitCode == 0)
        let d = DependencyCycleRule.description
        #expect(r.stdout.hasPrefix(
            "dependency_cycle: Dependency cycle\n\ndefault severity: error\nconfigured severity: warning\nenabled: yes\n\n\(d.summary)\n\n\(d.rationale)\n"))
        #expect(r.stdout.contains("\nTriggering examples (↓ marks where the finding is reported):\n"))
        #expect(r.stdout.contains("\nNon-triggering examples:\n"))
        for example in d.triggeringExamples + d.nonTriggeringExamples {
            for file in example.files {
                let indented = file.source.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
                    .joined(separator: "\n")
                #expect(r.stdout.contains(indented), "\(file.name)")
            }
        }
        #expect(r.stdout.contains("\n  // A.swift\n"), "multi-file examples name their files")
    }
}
