import DigraphCore
import DigraphScanner
import DigraphSnapshot
import Testing

/// Every rule's documented examples, run through the whole pipeline (scan -> link -> rules):
/// triggering examples must report exactly at the `↓` markers, non-triggering ones not at all.
@Suite struct RuleExampleTests {
    @Test(arguments: RuleCatalog.ids)
    func triggeringExamplesReportAtTheirMarkers(ruleID: String) throws {
        let rule = try #require(RuleCatalog.rule(id: ruleID))
        #expect(!rule.description.triggeringExamples.isEmpty, "every rule needs a triggering example")
        for (n, example) in rule.description.triggeringExamples.enumerated() {
            let (facts, snapshots, expected) = try MarkedSource.scan(example)
            #expect(!expected.isEmpty, "triggering example \(n) of \(ruleID) has no ↓ marker")
            let found = findings(
                of: ruleID, in: facts, snapshots: snapshots, options: example.options, programs: example.programs
            ).filter { Self.counts($0, of: rule) }.map { $0.location }
            #expect(found.sorted() == expected.sorted(), "triggering example \(n) of \(ruleID)")
        }
    }

    @Test(arguments: RuleCatalog.ids)
    func nonTriggeringExamplesReportNothing(ruleID: String) throws {
        let rule = try #require(RuleCatalog.rule(id: ruleID))
        #expect(!rule.description.nonTriggeringExamples.isEmpty, "every rule needs a non-triggering example")
        for (n, example) in rule.description.nonTriggeringExamples.enumerated() {
            let (facts, snapshots, markers) = try MarkedSource.scan(example)
            #expect(markers.isEmpty)
            let found = findings(
                of: ruleID, in: facts, snapshots: snapshots, options: example.options, programs: example.programs
            ).filter { Self.counts($0, of: rule) }
            #expect(found.isEmpty, "non-triggering example \(n) of \(ruleID): \(found.map { $0.message })")
        }
    }

    /// A finding an example is about: for a rule that warns or fails, one at warning or above (a
    /// miss digraph cannot prove, a harmless captive, is a note and triggers nothing a gate acts
    /// on); for a rule that only notes, any.
    static func counts(_ finding: Diagnostic, of rule: any Rule.Type) -> Bool {
        rule.description.defaultSeverity == .note || finding.severity >= .warning
    }

    /// As the CLI does it: sources alone, or merged with the example's snapshots.
    private func findings(
        of ruleID: String, in facts: [FileFacts], snapshots: [SnapshotDocument], options: RuleOptions,
        programs: [Program]
    ) -> [Diagnostic] {
        var configuration = Configuration()
        configuration.rules[ruleID] = options
        let analyzer = Analyzer(configuration: configuration)
        let analysis =
            snapshots.isEmpty
            ? analyzer.analyze(facts, programs: programs.isEmpty ? nil : ProgramMap(programs: programs))
            : analyzer.analyze(
                GraphMerger.graph(source: facts, snapshots: snapshots, configuration: configuration),
                comments: facts.flatMap(\.suppressionComments))
        return analysis.diagnostics.filter { $0.rule == ruleID }
    }
}

/// Strips `↓` markers from example sources, remembering where they stood (1-based line, UTF-8
/// column, as the scanner reports positions).
enum MarkedSource {
    static func scan(_ example: RuleExample) throws -> ([FileFacts], [SnapshotDocument], [DigraphCore.SourceLocation]) {
        var facts: [FileFacts] = []
        var snapshots: [SnapshotDocument] = []
        var markers: [DigraphCore.SourceLocation] = []
        for file in example.files {
            let (source, found) = strip(file.source, file: file.name)
            markers += found
            facts.append(SwiftFileScanner.scan(source: source, path: file.name))
        }
        for snapshot in example.snapshots {
            let (json, found) = strip(snapshot.json, file: snapshot.name)
            markers += found
            snapshots.append(try SnapshotLoader.parse(Array(json.utf8), displayPath: snapshot.name, currentDirectory: "/"))
        }
        return (facts, snapshots, markers)
    }

    static func strip(_ marked: String, file: String) -> (String, [DigraphCore.SourceLocation]) {
        var lines: [String] = []
        var markers: [DigraphCore.SourceLocation] = []
        for (i, line) in marked.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var clean = ""
            for ch in line {
                if ch == RuleExample.marker {
                    markers.append(DigraphCore.SourceLocation(file: file, line: i + 1, column: clean.utf8.count + 1))
                } else {
                    clean.append(ch)
                }
            }
            lines.append(clean)
        }
        return (lines.joined(separator: "\n"), markers)
    }
}
