/// The tail of the pipeline: facts -> graph -> findings -> suppressions and baseline, ordered for
/// reporters.
public struct Analyzer: Sendable {
    public var configuration: Configuration
    public var rules: [any Rule.Type]
    public var baseline: Baseline?

    public init(
        configuration: Configuration = Configuration(), rules: [any Rule.Type] = RuleCatalog.all, baseline: Baseline? = nil
    ) {
        self.configuration = configuration
        self.rules = rules
        self.baseline = baseline
    }

    public func analyze(_ facts: [FileFacts]) -> Analysis {
        analyze(Linker(configuration: configuration).link(facts), comments: facts.flatMap(\.suppressionComments))
    }

    public func analyze(_ graph: DependencyGraph, comments: [SuppressionComment] = []) -> Analysis {
        let enabled = rules.filter { configuration.isEnabled($0.description.id) }
        var diagnostics: [Diagnostic] = []
        for rule in enabled where !rule.readsFindings {
            let context = RuleContext(graph: graph, options: configuration.options(for: rule.description.id))
            diagnostics += rule.init().diagnose(context)
        }
        var suppressions = InlineSuppressions(comments)
        suppressions.apply(to: &diagnostics)
        let ran = Set(enabled.filter { !$0.readsFindings }.map { $0.description.id })
        for rule in enabled where rule.readsFindings {
            let context = RuleContext(
                graph: graph, options: configuration.options(for: rule.description.id), suppressions: suppressions,
                ranRules: ran)
            diagnostics += rule.init().diagnose(context)
        }
        diagnostics.sort(by: Diagnostic.reportOrder)
        baseline?.apply(to: &diagnostics)
        return Analysis(graph: graph, diagnostics: diagnostics)
    }
}

public struct Analysis: Sendable {
    public var graph: DependencyGraph
    /// Sorted by file, line, column, rule.
    public var diagnostics: [Diagnostic]

    public init(graph: DependencyGraph, diagnostics: [Diagnostic]) {
        self.graph = graph
        self.diagnostics = diagnostics
    }

    /// Findings of this severity that count (not suppressed).
    public func count(_ severity: Severity) -> Int {
        diagnostics.filter { $0.severity == severity && $0.suppressed != true }.count
    }

    public func count(suppressedBy kind: Suppression) -> Int {
        diagnostics.filter { $0.suppression == kind }.count
    }
}
