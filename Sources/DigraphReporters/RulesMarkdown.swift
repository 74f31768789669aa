import DigraphCore
import Foundation

/// `docs/rules.md`, generated from the rule catalog so the page can never drift from the rules
/// (a test compares the file with `render()`). Each rule's section is headed by its id, so its
/// GitHub anchor is the id itself (`docs/rules.md#dependency_cycle`): SARIF `helpUri`s link there.
public enum RulesMarkdown {
    /// Where the page lives, relative to the package root.
    public static let path = "docs/rules.md"
    public static let regenerateCommand = "make goldens"

    /// The whole page: title, index table, then one section per rule in catalog order.
    public static func render(_ rules: [RuleDescription] = RuleCatalog.all.map { $0.description }) -> String {
        var out = """
            # digraph rules

            <!-- Generated from the rule catalog by RulesMarkdown.render(); do not edit by hand.
                 Regenerate with: \(regenerateCommand) -->

            Every rule digraph runs, in catalog order. `digraph rules` lists them and `digraph rules RULE`
            shows one. The examples are the ones the test suite runs through the whole pipeline: each
            triggering example must produce its findings, each non-triggering one must produce none.

            Change a rule's severity or threshold in `.digraph.yml`
            (`rules: { god_singleton: { severity: note, threshold: 15 } }`), turn rules off with
            `disabled_rules:` or `--disable`, and hide a single finding with a
            `// digraph:disable:next RULE` comment.


            """
        out += "| rule | default severity | reports |\n| --- | --- | --- |\n"
        for rule in rules {
            out += "| [`\(rule.id)`](#\(rule.id)) | \(rule.defaultSeverity.rawValue) | \(tableCell(rule.summary)) |\n"
        }
        for rule in rules {
            out += "\n## \(rule.id)\n\n" + details(rule)
        }
        return out
    }

    /// A rule's section without its heading: name, defaults, summary, rationale and examples.
    /// Also the `help.markdown` of the rule in SARIF logs.
    public static func details(_ rule: RuleDescription) -> String {
        var out = "**\(rule.name)**\n\n"
        out += "- default severity: `\(rule.defaultSeverity.rawValue)`\n"
        if let threshold = rule.defaultThreshold { out += "- default threshold: `\(threshold)`\n" }
        out += "\n\(rule.summary)\n\n\(rule.rationale)\n"
        if !rule.triggeringExamples.isEmpty {
            out += "\n**Triggering examples** (`\(RuleExample.marker)` marks where digraph reports each finding; "
                + "it is not part of the code):\n"
            for example in rule.triggeringExamples { out += "\n" + render(example, rule: rule) }
        }
        if !rule.nonTriggeringExamples.isEmpty {
            out += "\n**Non-triggering examples:**\n"
            for example in rule.nonTriggeringExamples { out += "\n" + render(example, rule: rule) }
        }
        return out
    }

    /// One example as a `swift` code block, preceded by the options it runs with when it has any.
    /// A multi-file example puts a `// File.swift` line before each file.
    static func render(_ example: RuleExample, rule: RuleDescription) -> String {
        var out = ""
        if let options = configuration(example.options) {
            out += "With `rules: { \(rule.id): { \(options) } }` in `.digraph.yml`:\n\n"
        }
        if let programs = example.programsDescription {
            out += "Programs: \(programs).\n\n"
        }
        let multiFile = example.files.count > 1
        let code = example.files.map { file in
            let source = trimmingTrailingNewlines(file.source)
            return multiFile ? "// \(file.name)\n\(source)" : source
        }.joined(separator: "\n\n")
        let fence = String(repeating: "`", count: max(3, longestRun(of: "`", in: code) + 1))
        out += "\(fence)swift\n\(code)\n\(fence)\n"
        for snapshot in example.snapshots {
            out += "\nWith `--snapshot \(snapshot.name)`:\n\n```json\n\(trimmingTrailingNewlines(snapshot.json))\n```\n"
        }
        return out
    }

    /// `threshold: 3, allow: [Logger]`, or nil for the defaults.
    static func configuration(_ options: RuleOptions) -> String? {
        var parts: [String] = []
        if let severity = options.severity { parts.append("severity: \(severity.rawValue)") }
        if let threshold = options.threshold { parts.append("threshold: \(threshold)") }
        if !options.allow.isEmpty { parts.append("allow: [\(options.allow.joined(separator: ", "))]") }
        if let countTests = options.countTests { parts.append("count_tests: \(countTests)") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// A table cell stays one cell: pipes escaped, line breaks folded.
    static func tableCell(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ").replacingOccurrences(of: "|", with: "\\|")
    }

    private static func trimmingTrailingNewlines(_ text: String) -> String {
        var text = Substring(text)
        while let last = text.last, last.isNewline { text = text.dropLast() }
        return String(text)
    }

    private static func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0
        var current = 0
        for c in text {
            current = c == character ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}
