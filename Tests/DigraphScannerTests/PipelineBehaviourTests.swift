import DigraphCore
import DigraphScanner
import Testing

/// Behaviours the contract promises that no rule example pins, through scan -> link -> rules.
@Suite struct PipelineBehaviourTests {
    func findings(_ source: String, file: String = "App.swift") -> [String] {
        diagnostics([(file, source)]).map { "\($0.location.line):\($0.location.column) \($0.severity.rawValue) \($0.rule) \($0.services)" }
    }

    /// A deferred edge whose result the holder stores is a captive all the same: `initCompleted`
    /// runs once per instance of a singleton, so what it stores lives as long as the singleton.
    @Test func aStoredDeferredEdgeIsACaptiveDependency() throws {
        let source = """
            container.register(Store.self) { _ in Store() }
                .inObjectScope(.container)
                .initCompleted { r, store in store.logger = r.resolve(RequestLogger.self)! }
            container.register(RequestLogger.self) { _ in RequestLogger() }.inObjectScope(.transient)
            container.register(Session.self) { _ in Session() }
                .inObjectScope(.container)
                .initCompleted { r, session in session.user = r.resolve(User.self)! }
            container.register(User.self) { _ in User() }.inObjectScope(.weak)
            """
        let g = graph(source)
        #expect(g.edge("Store", "RequestLogger")?.timing == .deferred)
        #expect(g.edge("Store", "RequestLogger")?.retained == true)
        let found = findings(source).filter { $0.contains("scope_mismatch") }
        #expect(found == [
            "3:49 warning scope_mismatch [\"Store\", \"RequestLogger\"]", "7:51 error scope_mismatch [\"Session\", \"User\"]",
        ])
    }

    /// A registration with arguments resolved without them is an argument mismatch, not also a
    /// missing registration.
    @Test func anArgumentMismatchIsNotAlsoMissing() {
        let source = """
            container.register(ProductViewModel.self) { (r, id: String) in ProductViewModel(id: id) }
            let vm = container.resolve(ProductViewModel.self)!
            let other = container.resolve(ProductViewModel.self, arguments: "a", 2)!
            """
        let found = findings(source).filter { !$0.contains("unused_registration") }
        #expect(found == [
            "2:10 error argument_mismatch [\"ProductViewModel\"]", "3:13 error argument_mismatch [\"ProductViewModel(String,Int)\"]",
        ])
    }

    /// Written to tolerate absence: a note, never an error; with `!` it is an error.
    @Test func anOptionalResolveIsANote() {
        let found = findings("let a = container.resolve(Analytics.self)\nlet b = container.resolve(Billing.self)!\n")
        #expect(found == ["1:9 note missing_registration [\"Analytics\"]", "2:9 error missing_registration [\"Billing\"]"])
        let message = diagnostics([("App.swift", "let a = container.resolve(Analytics.self)\n")]).first?.message
        #expect(message == "no registration for `Analytics`; the resolve is optional, so this returns nil rather than crashing")
    }

    /// The same service registered in two container instances: not a duplicate; each container's
    /// own scope decides; a request is matched against its own container only.
    @Test func theSameServiceInTwoContainers() throws {
        let source = """
            func makeAppContainer() -> Container {
                let container = Container()
                container.register(Logger.self) { _ in ConsoleLogger() }.inObjectScope(.container)
                container.register(Feed.self) { r in Feed(logger: r.resolve(Logger.self)!) }.inObjectScope(.container)
                container.register(Analytics.self) { _ in Analytics() }
                _ = container.resolve(Feed.self)!
                _ = container.resolve(Analytics.self)!
                return container
            }
            func makeWidgetContainer() -> Container {
                let container = Container()
                container.register(Logger.self) { _ in ConsoleLogger() }.inObjectScope(.transient)
                container.register(Feed.self) { r in Feed(logger: r.resolve(Logger.self)!) }.inObjectScope(.container)
                _ = container.resolve(Feed.self)!
                _ = container.resolve(Analytics.self)!
                return container
            }
            """
        let g = graph(source)
        #expect(g.registrationSites.filter { $0.serviceID == "Logger" }.count == 2)
        #expect(g.edges.filter { $0.from == "Feed" && $0.to == "Logger" }.compactMap(\.location?.line) == [4, 13])
        #expect(findings(source) == [
            "13:55 warning scope_mismatch [\"Feed\", \"Logger\"]", "15:9 error missing_registration [\"Analytics\"]",
        ], "the widget's Feed keeps its transient Logger; the app's keeps a singleton; Analytics is the app's only")
        let missing = try #require(diagnostics([("App.swift", source)]).first { $0.rule == "missing_registration" })
        withKnownIssue("near misses do not name another container instance yet (rules.md: \"or in another container\")") {
            #expect(missing.notes.contains { $0.location?.line == 5 }, "\(missing.notes)")
        }
    }

    /// Asked for only through another type (`.implements`, `forward`) or a wrapper (`Lazy`,
    /// `Provider`): used, not unused.
    @Test func aRegistrationUsedOnlyIndirectlyIsNotUnused() {
        let source = """
            container.register(Database.self) { _ in SQLiteDatabase() }.implements(Storing.self)
            let store = container.resolve(Storing.self)!
            let entry = container.register(Cache.self) { _ in MemoryCache() }
            container.forward(Caching.self, to: entry)
            let cache = container.resolve(Caching.self)!
            container.register(Clock.self) { _ in SystemClock() }
            container.register(Request.self) { _ in Request() }
            container.register(Feed.self) { r in
                Feed(clock: r.resolve(Lazy<Clock>.self)!, makeRequest: r.resolve(Provider<Request>.self)!)
            }
            let feed = container.resolve(Feed.self)!
            container.register(Unused.self) { _ in Unused() }
            """
        #expect(findings(source) == ["12:1 note unused_registration [\"Unused\"]"], "the control: only Unused is unused")
        let g = graph(source)
        #expect(g.edge("Feed", "Clock")?.timing == .deferred && g.edge("Feed", "Request")?.timing == .deferred)
        #expect(g.services(ofType: "Storing").map(\.id) == ["Database"])
        #expect(g.services(ofType: "Caching").map(\.id) == ["Cache"])
    }
}
