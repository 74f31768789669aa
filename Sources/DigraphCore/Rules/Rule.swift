/// A check over the dependency graph. Each rule is a small type with a stable id, a default
/// severity, a description, and Swift examples that the test suite runs through the whole
/// pipeline (triggering examples mark each expected finding's position with `↓`).
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// Rules that judge the other rules' findings (e.g. unused suppressions) run after them.
    static var readsFindings: Bool { get }
    /// Rules that report an absence (nothing asks for a registration, nothing needs a
    /// suppression): with several programs, reported only when every program compiling the
    /// file finds it, since one program's absence is not another's.
    static var reportsAbsence: Bool { get }
    init()
    func diagnose(_ context: RuleContext) -> [Diagnostic]
}

extension Rule {
    public static var readsFindings: Bool { false }
    public static var reportsAbsence: Bool { false }
}

public struct RuleDescription: Sendable {
    public var id: String
    public var name: String
    public var defaultSeverity: Severity
    /// One sentence: what it reports.
    public var summary: String
    /// Why it matters and what it deliberately does not report.
    public var rationale: String
    /// Rules with a tunable threshold (`god_singleton`, `too_many_dependencies`).
    public var defaultThreshold: Int?
    public var triggeringExamples: [RuleExample]
    public var nonTriggeringExamples: [RuleExample]

    public init(
        id: String, name: String, defaultSeverity: Severity, summary: String, rationale: String,
        defaultThreshold: Int? = nil, triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample]
    ) {
        self.id = id
        self.name = name
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.defaultThreshold = defaultThreshold
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}

/// A small Swift project (one or more files) used as a rule's example and test.
public struct RuleExample: Sendable {
    /// The marker that shows where a triggering example's findings must be reported.
    public static let marker: Character = "↓"

    /// File name -> contents, in order.
    public var files: [(name: String, source: String)]
    /// `digraph-snapshot/1` documents analysed with the files (`--snapshot`), name -> JSON.
    public var snapshots: [(name: String, json: String)]
    /// Options the example runs with (e.g. a lower threshold).
    public var options: RuleOptions
    /// The programs its files belong to, as a project description would give them; empty: the
    /// fallback (test code apart from the rest).
    public var programs: [Program]

    public init(_ source: String, options: RuleOptions = RuleOptions()) {
        self.files = [("Example.swift", source)]
        self.snapshots = []
        self.options = options
        self.programs = []
    }

    public init(
        files: [(name: String, source: String)], snapshots: [(name: String, json: String)] = [],
        options: RuleOptions = RuleOptions(), programs: [Program] = []
    ) {
        self.files = files
        self.snapshots = snapshots
        self.options = options
        self.programs = programs
    }

    /// `App: App/…; Widget: Widget/…` for people reading the example.
    public var programsDescription: String? {
        guard !programs.isEmpty else { return nil }
        return programs.map { program in
            let sees = program.sees.isEmpty ? "" : " (sees \(program.sees.joined(separator: ", ")))"
            return "\(program.name) [\(program.kind.rawValue)]\(sees): \(program.files.joined(separator: ", "))"
        }.joined(separator: "; ")
    }
}

/// What a rule sees: the graph and its own options.
public struct RuleContext: Sendable {
    public var graph: DependencyGraph
    public var options: RuleOptions
    /// For rules that read findings: the inline suppressions after they were applied.
    public var suppressions: InlineSuppressions?
    /// Ids of the rules that ran before this one.
    public var ranRules: Set<String>

    public init(
        graph: DependencyGraph, options: RuleOptions = RuleOptions(), suppressions: InlineSuppressions? = nil,
        ranRules: Set<String> = []
    ) {
        self.graph = graph
        self.options = options
        self.suppressions = suppressions
        self.ranRules = ranRules
    }

    /// The configured severity, else the rule's default.
    public func severity(default fallback: Severity) -> Severity { options.severity ?? fallback }
}
