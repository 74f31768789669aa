public struct ScopeMismatchRule: Rule {
    public static let description = RuleDescription(
        id: "scope_mismatch", name: "Scope mismatch (captive dependency)", defaultSeverity: .error,
        summary: "A longer-lived service keeps a shorter-lived one, which then lives as long as its holder.",
        rationale: """
            A singleton that captures a session-scoped object leaks the last user's data; one that \
            captures a transient makes it a singleton in disguise. Reported for eager or stored edges \
            `A -> B` where A outlives B (singleton > scoped > graph > transient, singleton > weak > \
            graph). An error when B is `weak` or `scoped`, a warning when it is `graph` or `transient`. \
            Not reported when either side is `unknown`, for `scoped`/`weak` pairs, or for deferred \
            edges that re-resolve on each use.
            """,
        triggeringExamples: [
            RuleExample(
                """
                container.register(ReportCache.self) { r in
                    ReportCache(context: ↓r.resolve(RequestContext.self)!)
                }.inObjectScope(.container)
                container.register(RequestContext.self) { _ in RequestContext() }
                    .inObjectScope(.transient)
                """),
            RuleExample(
                """
                extension ObjectScope {
                    static let session = ObjectScope(storageFactory: PermanentStorage.init)
                }
                container.register(Analytics.self) { r in
                    Analytics(user: ↓r.resolve(CurrentUser.self)!)
                }.inObjectScope(.container)
                container.register(CurrentUser.self) { _ in CurrentUser() }
                    .inObjectScope(.session)
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!) }
                    .inObjectScope(.transient)
                container.register(APIClient.self) { _ in HTTPAPIClient() }
                    .inObjectScope(.container)
                """),
            RuleExample(
                """
                container.register(Store.self) { r in Store() }
                    .inObjectScope(.container)
                    .initCompleted { r, store in
                        store.makeRequest = { r.resolve(Request.self)! }
                    }
                container.register(Request.self) { _ in Request() }
                """),
            RuleExample(
                """
                container.register(Session.self) { r in Session(cache: r.resolve(Cache.self)!) }
                    .inObjectScope(.weak)
                container.register(Cache.self) { _ in Cache() }
                    .inObjectScope(.session)
                """),
        ])

    public init() {}

    public func diagnose(_ context: RuleContext) -> [Diagnostic] {
        let graph = context.graph
        return graph.edges.compactMap { edge -> Diagnostic? in
            guard !edge.missing, edge.timing == .eager || edge.retained, edge.from != edge.to,
                let holder = graph.service(edge.from), let held = graph.service(edge.to),
                holder.lifetime.outlives(held.lifetime),
                let location = edge.location ?? holder.locations.first
            else { return nil }
            let fallback: Severity = (held.lifetime == .weak || held.lifetime == .scoped) ? .error : .warning
            let message =
                "`\(holder.id)` (\(Self.describe(holder))) keeps `\(held.id)` (\(Self.describe(held))): "
                + "a captive dependency that lives as long as its holder"
            var notes: [Diagnostic.Note] = []
            if let site = held.locations.first {
                notes.append(Diagnostic.Note(message: "`\(held.id)` is \(held.lifetime.rawValue) here", location: site))
            }
            return Diagnostic(
                rule: Self.description.id, severity: context.severity(default: fallback), message: message,
                location: location, services: [holder.id, held.id], notes: notes)
        }
    }

    private static func describe(_ service: Service) -> String {
        if let detail = service.lifetimeDetail, detail != service.lifetime.rawValue {
            return "\(service.lifetime.rawValue), \(detail)"
        }
        return service.lifetime.rawValue
    }
}
