/// The tail of the pipeline: facts -> programs -> graphs -> findings -> suppressions and
/// baseline, ordered for reporters.
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

    /// Facts of every scanned file, grouped into programs by `programs` (by default the fallback:
    /// test code apart from the rest).
    public func analyze(_ facts: [FileFacts], programs: ProgramMap? = nil) -> Analysis {
        let map = programs ?? .undescribed(facts.map(\.file))
        let resolved = ProgramResolver.resolve(map, facts: facts)
        let graphs = Linker(configuration: configuration).link(facts, programs: resolved)
        return analyze(graphs, comments: facts.flatMap(\.suppressionComments), notes: resolved.notes)
    }

    /// One program's graph (a snapshot, a hand-built graph).
    public func analyze(_ graph: DependencyGraph, comments: [SuppressionComment] = []) -> Analysis {
        return Analysis(graph: graph, diagnostics: finished(findings(in: graph, comments: comments)))
    }

    /// Every program's graph: rules run per program, then findings that several programs share
    /// (code they both compile) are reported once, naming the programs.
    public func analyze(
        _ graphs: [ProgramGraph], comments: [SuppressionComment] = [], notes: [ProgramNote] = [], jobs: Int = 1
    ) -> Analysis {
        // No program at all: the comments are still checked (against an empty graph).
        guard !graphs.isEmpty else {
            return merge([], findings: [findings(in: DependencyGraph(services: [], edges: []), comments: comments)])
        }
        let found = ParallelMap.map(graphs.count, jobs: jobs) { index in findings(in: graphs[index].graph, comments: comments) }
        return merge(graphs, findings: found, jobs: jobs)
    }

    /// Programs' graphs with each one's own findings (``findings(in:comments:)``, which a run may
    /// take from the cache): the near misses other programs explain, then the merge.
    public func merge(_ graphs: [ProgramGraph], findings found: [[Diagnostic]], jobs: Int = 1) -> Analysis {
        guard graphs.count > 1 else {
            let graph = graphs.first?.graph ?? DependencyGraph(services: [], edges: [])
            return Analysis(graph: graph, diagnostics: finished(found.first ?? []), programs: graphs.map(\.program))
        }
        let diagnostics = mergeFindings(found, of: graphs.map(\.program), lookups: graphs.map(CrossProgramNearMisses.Lookup.init), jobs: jobs)
        return Analysis(graph: ProgramGraphUnion.graph(of: graphs), diagnostics: diagnostics, programs: graphs.map(\.program))
    }

    /// Programs' own findings merged as ``merge(_:findings:jobs:)`` does, from the programs'
    /// digests instead of their graphs: the analysis has an empty graph (the findings are the
    /// same; ``Coverage/summary(of:)`` describes the graph).
    public func merge(_ programs: [Program], digests: [ProgramDigest], findings found: [[Diagnostic]], jobs: Int = 1)
        -> Analysis
    {
        let lookups = zip(programs, digests).map { CrossProgramNearMisses.Lookup($0, $1) }
        let diagnostics = mergeFindings(found, of: programs, lookups: lookups, jobs: jobs)
        return Analysis(graph: DependencyGraph(services: [], edges: []), diagnostics: diagnostics, programs: programs)
    }

    /// Several programs' findings (more than one program): near misses other programs explain,
    /// the same finding from several programs once, sorted, the baseline applied.
    private func mergeFindings(
        _ found: [[Diagnostic]], of programs: [Program], lookups: [CrossProgramNearMisses.Lookup], jobs: Int
    ) -> [Diagnostic] {
        guard programs.count > 1 else { return finished(found.first ?? []) }
        var merged = ProgramFindings(programs: programs)
        // Each program's annotations on their own (on up to `jobs` threads); the merge is in order.
        let annotated = ParallelMap.map(programs.count, jobs: jobs) { index in
            CrossProgramNearMisses.annotate(found[index], of: programs[index], among: lookups)
        }
        for (program, diagnostics) in zip(programs, annotated) { merged.add(diagnostics, from: program) }
        return finished(merged.diagnostics(absenceRules: Set(rules.filter { $0.reportsAbsence }.map { $0.description.id })))
    }

    /// Findings in report order, the baseline applied. Not grouped (``FindingGroups``): a run
    /// groups what it reports once its focus and baseline are applied; an editor never does.
    private func finished(_ found: [Diagnostic]) -> [Diagnostic] {
        var diagnostics = found.sorted(by: Diagnostic.reportOrder)
        baseline?.apply(to: &diagnostics)
        return diagnostics
    }

    /// One program's own findings: every enabled rule on its graph, inline suppressions applied.
    public func findings(in graph: DependencyGraph, comments: [SuppressionComment]) -> [Diagnostic] {
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
        return diagnostics
    }
}

public struct Analysis: Sendable, Codable {
    public var graph: DependencyGraph
    /// Sorted by file, line, column, rule.
    public var diagnostics: [Diagnostic]
    /// The programs analysed, sorted by name.
    public var programs: [Program]

    public init(graph: DependencyGraph, diagnostics: [Diagnostic], programs: [Program] = []) {
        self.graph = graph
        self.diagnostics = diagnostics
        self.programs = programs
    }

    /// Findings of this severity that count (not suppressed).
    public func count(_ severity: Severity) -> Int {
        diagnostics.filter { $0.severity == severity && $0.suppressed != true }.count
    }

    public func count(suppressedBy kind: Suppression) -> Int {
        diagnostics.filter { $0.suppression == kind }.count
    }
}
