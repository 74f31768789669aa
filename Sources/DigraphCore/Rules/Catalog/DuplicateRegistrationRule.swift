public struct DuplicateRegistrationRule: Rule {
    public static let description = RuleDescription(
        id: "duplicate_registration", name: "Duplicate registration", defaultSeverity: .warning,
        summary: "The same service id registered twice in the same container.",
        rationale: """
            Swinject silently keeps the last registration; the seed's service locator crashes with \
            `fatalError`. Registrations in different branches of the same `#if` are alternatives, not \
            duplicates.
            """,
        triggeringExamples: [
            RuleExample(
                """
                container.register(APIClient.self) { _ in HTTPAPIClient() }
                ↓container.register(APIClient.self) { _ in MockAPIClient() }
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                #if DEBUG
                container.register(APIClient.self) { _ in MockAPIClient() }
                #else
                container.register(APIClient.self) { _ in HTTPAPIClient() }
                #endif
                """),
            RuleExample(
                """
                container.register(Database.self, name: "primary") { _ in SQLiteDatabase() }
                container.register(Database.self, name: "cache") { _ in InMemoryDatabase() }
                """),
        ])

    public init() {}

    public func diagnose(_ context: RuleContext) -> [Diagnostic] {
        var earlier: [String: [RegistrationSite]] = [:]
        var findings: [Diagnostic] = []
        for site in context.graph.registrationSites {
            let key = "\(site.container)\u{0}\(site.serviceID)"
            let clashes = earlier[key, default: []].filter { $0.conditions.isCompatible(with: site.conditions) }
            if let first = clashes.first {
                findings.append(
                    Diagnostic(
                        rule: Self.description.id, severity: context.severity(default: .warning),
                        message:
                            "`\(site.serviceID)` is registered again in the same container; "
                            + "the first registration is \(first.location)",
                        location: site.location, services: [site.serviceID],
                        notes: [Diagnostic.Note(message: "first registered here", location: first.location)],
                        fingerprintSalt: "\(clashes.count)"))
            }
            earlier[key, default: []].append(site)
        }
        return findings
    }
}
