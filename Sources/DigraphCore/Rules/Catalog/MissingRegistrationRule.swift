public struct MissingRegistrationRule: Rule {
    public static let description = RuleDescription(
        id: "missing_registration", name: "Missing registration", defaultSeverity: .error,
        summary: "A resolve that no registration in the analysed code satisfies: a crash at run time.",
        rationale: """
            A request is its type, name and argument count in the registry it is resolved from. It is \
            satisfied by a registration in any scanned file, module or assembly. Near misses (the same \
            type under another name or in another registry) are listed. A resolve written to tolerate \
            absence (Swinject's `resolve(X.self)` without `!`) is reported as a note; types the container \
            provides itself, such as Swinject's `Resolver`, are never missing. Requests that exist with \
            other arguments are `argument_mismatch` instead.
            """,
        triggeringExamples: [
            RuleExample(
                """
                container.register(Database.self, name: "primary") { _ in SQLiteDatabase() }
                container.register(Analytics.self) { r in
                    Analytics(db: ↓r.resolve(Database.self, name: "analytics")!)
                }
                """),
            RuleExample(
                """
                final class LoginViewModel {
                    @Dependency var ↓tracker: AnalyticsTracking
                }
                """),
            RuleExample(
                """
                final class ProfileViewModel {
                    private let session: UserSessionProtocol
                    init() {
                        self.session = ↓ServiceLocator.shared.autoResolve()
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                files: [
                    ("Network.swift", "container.register(APIClient.self) { _ in HTTPAPIClient() }"),
                    ("Feature.swift", "container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!) }"),
                ]),
            RuleExample(
                """
                container.register(Router.self) { r in Router(resolver: r.resolve(Resolver.self)!) }
                """),
            RuleExample(
                """
                serviceLocator.register(instance: URLSession.shared, forMetaType: URLSession.self)
                serviceLocator.register(
                    factory: { resolver in
                        let session: URLSession = resolver.autoResolve()
                        return LoginService(urlSession: session)
                    },
                    forMetaType: LoginServiceProtocol.self
                )
                """),
        ])

    /// Near misses named in the message; every one still gets a note.
    static let nearMissesShown = 3

    public init() {}

    public func diagnose(_ context: RuleContext) -> [Diagnostic] {
        UnsatisfiedRequest.all(in: context.graph).compactMap { unsatisfied -> Diagnostic? in
            let (edge, near) = (unsatisfied.edge, unsatisfied.near)
            guard near.otherArguments.isEmpty else { return nil }
            var message = "no registration for `\(edge.to)`"
            if !edge.isFromRoot { message += " (requested by `\(edge.from)`)" }
            if !near.otherNames.isEmpty {
                let shown = near.otherNames.prefix(Self.nearMissesShown).map { "`\($0.id)`" }.joined(separator: ", ")
                let more = near.otherNames.count - Self.nearMissesShown
                message += "; near miss: " + shown + (more > 0 ? " and \(more) more" : "")
            }
            if edge.optional { message += UnsatisfiedRequest.optionalSuffix }
            return Diagnostic(
                rule: Self.description.id, severity: edge.optional ? .note : context.severity(default: .error),
                message: message, location: unsatisfied.location, services: unsatisfied.services,
                notes: near.otherNames.map(\.registrationNote))
        }
    }
}
