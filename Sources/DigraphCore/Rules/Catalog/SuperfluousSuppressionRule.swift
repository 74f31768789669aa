public struct SuperfluousSuppressionRule: Rule {
    public static let description = RuleDescription(
        id: "superfluous_suppression", name: "Superfluous suppression", defaultSeverity: .note,
        summary: "A `digraph:disable` comment that hides nothing, or names a rule that does not exist.",
        rationale: """
            A suppression outlives the defect it was written for and then silently hides the next one. \
            A comment that suppresses nothing is a note; one naming an unknown rule is a warning, since \
            it is most likely a typo that leaves the intended finding visible. Runs after the other \
            rules, on their findings.
            """,
        triggeringExamples: [
            RuleExample(
                """
                ↓// digraph:disable:next dependency_cycle
                container.register(APIClient.self) { _ in HTTPAPIClient() }
                let api = container.resolve(APIClient.self)!
                """),
            RuleExample(
                """
                container.register(A.self) { r in A(b: r.resolve(B.self)!) }
                container.register(B.self) { r in B(a: r.resolve(A.self)!) } ↓// digraph:disable:this dependency_cycles
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                // digraph:disable:next dependency_cycle
                container.register(A.self) { r in A(b: r.resolve(B.self)!) }
                container.register(B.self) { r in B(a: r.resolve(A.self)!) }
                let a = container.resolve(A.self)!
                """),
            RuleExample(
                """
                // digraph:disable all
                container.register(Legacy.self) { _ in Legacy() }
                // digraph:enable all
                """),
        ])

    public static let readsFindings = true
    public static let reportsAbsence = true

    public init() {}

    public func diagnose(_ context: RuleContext) -> [Diagnostic] {
        guard let suppressions = context.suppressions else { return [] }
        let known = Set(RuleCatalog.ids + [SuppressionComment.allRules])
        var findings: [Diagnostic] = []
        for comment in suppressions.comments where comment.kind != .enable {
            let unknown = comment.rules.filter { !known.contains($0) }
            if !unknown.isEmpty {
                let names = unknown.map { "'\($0)'" }.joined(separator: ", ")
                findings.append(
                    Diagnostic(
                        rule: Self.description.id, severity: context.severity(default: .warning),
                        message: "`digraph:\(comment.kind.rawValue)` names unknown rule \(names) (see `digraph rules`)",
                        location: comment.location, services: ["(suppression)"], fingerprintSalt: comment.rules.joined(separator: ",")))
            } else if !suppressions.didSuppress(comment), comment.rules.contains(where: { context.ranRules.contains($0) || $0 == SuppressionComment.allRules }) {
                findings.append(
                    Diagnostic(
                        rule: Self.description.id, severity: context.severity(default: .note),
                        message: "`digraph:\(comment.kind.rawValue) \(comment.rules.joined(separator: ","))` suppresses nothing; remove it",
                        location: comment.location, services: ["(suppression)"], fingerprintSalt: comment.rules.joined(separator: ",")))
            }
        }
        return findings
    }
}
