public struct SnapshotDriftRule: Rule {
    public static let description = RuleDescription(
        id: "snapshot_drift", name: "Snapshot drift", defaultSeverity: .warning,
        summary: "A service or edge present in a live snapshot but not in the source scan, or the reverse, or a service whose lifetime differs.",
        rationale: """
            Runs only when sources and `--snapshot` files are analysed together. Services are joined \
            by id after a documented normalisation (module prefixes, `_` argument types, names the \
            scanner could not read); see docs/snapshots.md. A registration made in a loop or by a \
            helper shows up here as a run-time-only service; a factory that no longer asks for what \
            its source says shows up as a source-only edge. Edges are only compared for factories the \
            snapshot actually ran.
            """,
        triggeringExamples: [
            RuleExample(
                files: [("App.swift", "container.register(Logger.self) { _ in ConsoleLogger() }.inObjectScope(.container)")],
                snapshots: [("app.snapshot.json", Self.snapshot(extra: """
                    ,
                        ↓{ "id": "Plugin#analytics", "type": "Plugin", "name": "analytics", "lifetime": "transient" }
                    """))]),
            RuleExample(
                files: [("App.swift", "↓container.register(Logger.self) { _ in ConsoleLogger() }.inObjectScope(.transient)")],
                snapshots: [("app.snapshot.json", Self.snapshot(extra: ""))]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                files: [("App.swift", "container.register(Logger.self) { _ in ConsoleLogger() }.inObjectScope(.container)")],
                snapshots: [("app.snapshot.json", Self.snapshot(extra: ""))]),
            RuleExample(
                """
                container.register(Logger.self) { _ in ConsoleLogger() }
                """),
        ])

    /// A Swinject snapshot holding the `Logger` singleton, plus `extra` services.
    private static func snapshot(extra: String) -> String {
        """
        {
          "schema": "digraph-snapshot/1",
          "generator": { "name": "DigraphSwinject", "framework": "Swinject", "source": "runtime-probe" },
          "services": [
            { "id": "Logger", "type": "Logger", "lifetime": "singleton", "lifetimeDetail": "container" }\(extra)
          ],
          "edges": []
        }
        """
    }

    public init() {}

    public func diagnose(_ context: RuleContext) -> [Diagnostic] {
        context.graph.drift.map { fact in
            Diagnostic(
                rule: Self.description.id, severity: context.severity(default: .warning), message: fact.message,
                location: fact.location, services: fact.services, notes: fact.notes, fingerprintSalt: fact.kind.rawValue)
        }
    }
}
