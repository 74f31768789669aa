/// The tail of the pipeline: facts -> graph -> findings, filtered and ordered for reporters.
public struct Analyzer: Sendable {
    public var configuration: Configuration
    public var rules: [any Rule.Type]

    public init(configuration: Configuration = Configuration(), rules: [any Rule.Type] = RuleCatalog.all) {
        self.configuration = configuration
        self.rules = rules
    }

    public func analyze(_ facts: [FileFacts]) -> Analysis {
        analyze(Linker(configuration: configuration).link(facts))
    }

    public func analyze(_ graph: DependencyGraph) -> Analysis {
        var diagnostics: [Diagnostic] = []
        for rule in rules where configuration.isEnabled(rule.description.id) {
            let context = RuleContext(graph: graph, options: configuration.options(for: rule.description.id))
            diagnostics += rule.init().diagnose(context)
        }
        return Analysis(graph: graph, diagnostics: diagnostics.sorted(by: Diagnostic.reportOrder))
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

    public func count(_ severity: Severity) -> Int {
        diagnostics.filter { $0.severity == severity && $0.suppressed != true }.count
    }
}
