import ArgumentParser
import DigraphCore
import Foundation

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules; with RULE, its description, default severity and examples."
    )

    @Argument(help: "A rule id, e.g. dependency_cycle.")
    var rule: String?

    @Option(help: ArgumentHelp("Configuration file, to show which rules are enabled.", valueName: "file"))
    var config: String?

    func run() throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let configuration = try ConfigurationLoader.locate(explicit: config, paths: [], currentDirectory: cwd).configuration
        if let rule {
            guard let type = RuleCatalog.rule(id: rule) else {
                throw DigraphError.unknownRule(rule, suggestion: Suggestion.closest(to: rule, in: RuleCatalog.ids))
            }
            print(RuleDocumentation.detail(type.description, configuration: configuration), terminator: "")
        } else {
            print(RuleDocumentation.table(configuration: configuration), terminator: "")
        }
    }
}

/// The rule catalog as text, for `digraph rules`.
enum RuleDocumentation {
    static func table(configuration: Configuration) -> String {
        let rows = RuleCatalog.all.map { rule -> [String] in
            let d = rule.description
            let severity = configuration.options(for: d.id).severity ?? d.defaultSeverity
            return [d.id, severity.rawValue, configuration.isEnabled(d.id) ? "yes" : "no", d.summary]
        }
        let header = ["rule", "severity", "enabled", "reports"]
        let widths = (0..<3).map { column in ([header] + rows).map { $0[column].count }.max()! }
        func format(_ row: [String]) -> String {
            (0..<3).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
                + "  " + row[3]
        }
        return ([format(header)] + rows.map(format)).joined(separator: "\n") + "\n"
    }

    static func detail(_ d: RuleDescription, configuration: Configuration) -> String {
        var out = "\(d.id): \(d.name)\n\n"
        out += "default severity: \(d.defaultSeverity.rawValue)\n"
        if let configured = configuration.options(for: d.id).severity { out += "configured severity: \(configured.rawValue)\n" }
        out += "enabled: \(configuration.isEnabled(d.id) ? "yes" : "no")\n"
        if let threshold = d.defaultThreshold { out += "default threshold: \(threshold)\n" }
        let options = configuration.options(for: d.id)
        if let configured = options.threshold { out += "configured threshold: \(configured)\n" }
        if !options.allow.isEmpty { out += "allowed: \(options.allow.joined(separator: ", "))\n" }
        if let countTests = options.countTests { out += "count_tests: \(countTests)\n" }
        out += "\n\(d.summary)\n\n\(d.rationale)\n"
        func render(_ title: String, _ examples: [RuleExample]) {
            out += "\n\(title):\n"
            for example in examples {
                if let programs = example.programsDescription { out += "\n  // programs: \(programs)" }
                for file in example.files {
                    if example.files.count > 1 || !example.snapshots.isEmpty { out += "\n  // \(file.name)" }
                    out += "\n" + file.source.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { "    " + $0 }.joined(separator: "\n") + "\n"
                }
                for snapshot in example.snapshots {
                    out += "\n  // --snapshot \(snapshot.name)\n"
                        + snapshot.json.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { "    " + $0 }.joined(separator: "\n") + "\n"
                }
            }
        }
        render("Triggering examples (↓ marks where the finding is reported)", d.triggeringExamples)
        render("Non-triggering examples", d.nonTriggeringExamples)
        return out
    }
}
