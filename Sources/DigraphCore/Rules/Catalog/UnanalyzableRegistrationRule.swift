public struct UnanalyzableRegistrationRule: Rule {
    public static let description = RuleDescription(
        id: "unanalyzable_registration", name: "Unanalyzable registration", defaultSeverity: .note,
        summary: "A registration or resolve the scanner saw but could not interpret.",
        rationale: """
            A name that is not a string literal, a scope chosen by a variable, a type hidden behind a \
            generic wrapper: digraph keeps the service with `unknown` parts rather than guess, and says so.
            """,
        triggeringExamples: [
            RuleExample(
                """
                ↓container.register(Database.self, name: databaseName) { _ in SQLiteDatabase() }
                """),
            RuleExample(
                """
                ↓container.register(Cache.self) { _ in Cache() }.inObjectScope(configuredScope)
                """),
            // An overloaded initializer named without labels: which one is meant is not guessed.
            RuleExample(
                files: [
                    ("Player.swift", "final class Player { init(engine: Engine) {}; init(engine: Engine, logger: Logger) {} }"),
                    ("Assembly.swift", "↓container.autoregister(Player.self, initializer: Player.init)"),
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                container.register(Database.self, name: "primary") { _ in SQLiteDatabase() }
                    .inObjectScope(.container)
                """),
            RuleExample(
                files: [
                    ("Player.swift", "final class Player { init(engine: Engine) {}; init(engine: Engine, logger: Logger) {} }"),
                    ("Assembly.swift", "container.autoregister(Player.self, initializer: Player.init(engine:logger:))"),
                ])
        ])

    public init() {}

    public func diagnose(_ context: RuleContext) -> [Diagnostic] {
        context.graph.unanalyzable.map { fact in
            Diagnostic(
                rule: Self.description.id, severity: context.severity(default: .note), message: fact.message,
                location: fact.location, services: [fact.service ?? "(unknown)"],
                fingerprintSalt: fact.message)
        }
    }
}
