public struct TooManyDependenciesRule: Rule {
    public static let defaultThreshold = 7

    public static let description = RuleDescription(
        id: "too_many_dependencies", name: "Too many dependencies", defaultSeverity: .note,
        summary: "A service with more eager dependencies than the threshold (default 7).",
        rationale: "A long list of constructor dependencies usually means the type does too much.",
        defaultThreshold: defaultThreshold,
        triggeringExamples: [
            RuleExample(
                """
                ↓container.register(Checkout.self) { r in
                    Checkout(a: r.resolve(A.self)!, b: r.resolve(B.self)!, c: r.resolve(C.self)!)
                }
                container.register(A.self) { _ in A() }
                container.register(B.self) { _ in B() }
                container.register(C.self) { _ in C() }
                """, options: RuleOptions(threshold: 2))
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                container.register(Checkout.self) { r in Checkout(a: r.resolve(A.self)!, b: r.resolve(B.self)!) }
                container.register(A.self) { _ in A() }
                container.register(B.self) { _ in B() }
                """, options: RuleOptions(threshold: 2))
        ])

    public init() {}

    public func diagnose(_ context: RuleContext) -> [Diagnostic] {
        let graph = context.graph
        let threshold = context.options.threshold ?? Self.defaultThreshold
        return graph.services.compactMap { service -> Diagnostic? in
            let eager = graph.outgoing(service.id).filter { $0.timing == .eager && $0.to != service.id }
            let targets = Set(eager.map(\.to)).sorted()
            guard targets.count > threshold,
                let location = service.locations.first ?? eager.compactMap(\.location).min()
            else { return nil }
            return Diagnostic(
                rule: Self.description.id, severity: context.severity(default: .note),
                message: "`\(service.id)` has \(targets.count) eager dependencies (threshold \(threshold))",
                location: location, services: [service.id] + targets)
        }
    }
}
