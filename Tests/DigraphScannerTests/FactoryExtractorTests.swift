import DigraphCore
import Testing

/// The Factory library (hmlongco/Factory): declarations in 2.x/3.x and 1.x shapes, scopes,
/// requests through calls and property wrappers, overrides, and look-alikes that must not count.
@Suite struct FactoryExtractorTests {
    @Test func declarationShapesAndScopes() {
        let g = graph("""
            extension Scope { static let session = Cached() }
            extension Container {
                var sugared: Factory<MyServiceType> { self { MyService() } }
                var formal: Factory<MyServiceType> { Factory(self) { MyService() } }
                var initialised: Factory<MyServiceType> { .init(self) { MyService() } }
                var single: Factory<Service1> { self { ServiceImpl1() }.singleton }
                var cached: Factory<Cache> { self { Cache() }.cached }
                var shared: Factory<Pool> { self { Pool() }.shared }
                var graphed: Factory<Node> { self { Node() }.scope(.graph) }
                var session: Factory<User> { self { User() }.scope(.session) }
                var decorated: Factory<Clock> { self { SystemClock() }.onPreview { FixedClock() }.timeToLive(60).singleton }
                var search: ParameterFactory<String, SearchModel> { self { SearchModel(query: $0) } }
                var promisedOne: Factory<Tracker?> { promised() }
                var explicit: Factory<Formal> {
                    return Factory(self) { FormalImpl() }
                }
            }
            """)
        let expected: [(String, Lifetime, String)] = [
            ("Container.sugared", .transient, "unique"), ("Container.formal", .transient, "unique"),
            ("Container.initialised", .transient, "unique"), ("Container.single", .singleton, "singleton"),
            ("Container.cached", .singleton, "cached"), ("Container.shared", .weak, "shared"),
            ("Container.graphed", .graph, "graph"), ("Container.session", .scoped, "session"),
            ("Container.decorated", .singleton, "singleton"), ("Container.search", .transient, "unique"),
            ("Container.explicit", .transient, "unique"),
        ]
        for (id, lifetime, detail) in expected {
            #expect(g.service(id)?.lifetime == lifetime, "\(id)")
            #expect(g.service(id)?.lifetimeDetail == detail, "\(id)")
            #expect(g.service(id)?.style == "factory", "\(id)")
        }
        #expect(g.service("Container.sugared")?.type == "MyServiceType")
        #expect(g.service("Container.sugared")?.implementation == ["MyService"])
        #expect(g.service("Container.search")?.arguments == ["String"])
        #expect(g.service("Container.promisedOne")?.lifetimeDetail == "promised")
        #expect(g.service("Container.decorated")?.implementation == ["SystemClock"])
    }

    @Test func legacyStaticFactories() {
        let g = graph("""
            extension Container {
                static let api = Factory<APIClient>(scope: .singleton) { HTTPClient(session: Container.session()) }
                static let session = Factory(scope: .shared) { Session() }
            }
            final class Feed { @Injected(Container.api) var api }
            """)
        #expect(g.service("Container.api")?.lifetime == .singleton)
        #expect(g.service("Container.session")?.lifetime == .weak)
        #expect(g.service("Container.session")?.type == "Session")
        #expect(g.edge("Container.api", "Container.session")?.timing == .eager)
        #expect(g.edge("Feed", "Container.api")?.via == .propertyWrapper)
    }

    @Test func requestsInsideFactoriesAreEagerAndKept() {
        let g = graph("""
            extension Container {
                var service1: Factory<Service1> { self { ServiceImpl1() }.singleton }
                var service2: Factory<Service2> { self { ServiceImpl2(service1: self.service1()) } }
                var service3: Factory<Service3> { self { Impl3(a: service1(), b: Container.shared.service2.resolve()) } }
                var service4: Factory<Service4> { self { Impl4(make: { self.service2() }) } }
                var service5: Factory<Service5> {
                    self { Impl5() }.onTest { Impl5(probe: self.service1()) }
                }
            }
            """)
        #expect(g.edge("Container.service2", "Container.service1")?.timing == .eager)
        #expect(g.edge("Container.service2", "Container.service1")?.retained == true)
        #expect(g.edge("Container.service3", "Container.service1")?.timing == .eager)
        #expect(g.edge("Container.service3", "Container.service2")?.timing == .eager)
        #expect(g.edge("Container.service4", "Container.service2")?.timing == .deferred)
        #expect(g.edge("Container.service5", "Container.service1")?.timing == .deferred)
    }

    @Test func propertyWrappersAndCustomContainers() {
        let g = graph("""
            final class DemoContainer: SharedContainer {
                static let shared = DemoContainer()
                let manager = ContainerManager()
                var local: Factory<Local> { self { Local(common: self.common()) } }
            }
            extension SharedContainer {
                var common: Factory<Common> { self { Common() }.shared }
            }
            extension Container {
                var remote: Factory<Remote> { self { Remote(local: DemoContainer.shared.local()) } }
            }
            final class ViewModel {
                @Injected(\\.remote) var remote
                @LazyInjected(\\.common) var common
                @WeakLazyInjected(\\DemoContainer.local) var local
                @InjectedObject(\\.remote) var observed
                func refresh() { _ = DemoContainer.shared.local() }
            }
            """)
        #expect(g.edge("ViewModel", "Container.remote")?.timing == .eager)
        #expect(g.edge("ViewModel", "Container.remote")?.via == .propertyWrapper)
        #expect(g.edge("ViewModel", "SharedContainer.common")?.timing == .deferred)
        #expect(g.edges.contains { $0.from == "ViewModel" && $0.to == "DemoContainer.local" && !$0.retained })
        #expect(g.edge("DemoContainer.local", "SharedContainer.common")?.timing == .eager)
        #expect(g.edge("Container.remote", "DemoContainer.local")?.timing == .eager)
        // The container's own `shared` is where its services live, not a singleton service.
        #expect(g.service("DemoContainer.shared") == nil)
    }

    @Test func cycleThroughInjectedPropertiesAndNoneThroughLazyOnes() {
        let d = diagnostics([("App.swift", """
            class CircularA { @Injected(\\.circularB) var circularB }
            class CircularB { @Injected(\\.circularA) var circularA }
            class LazyA { @LazyInjected(\\.lazyB) var b }
            class LazyB { @LazyInjected(\\.lazyA) var a }
            extension Container {
                var circularA: Factory<CircularA> { self { CircularA() } }
                var circularB: Factory<CircularB> { self { CircularB() } }
                var lazyA: Factory<LazyA> { self { LazyA() }.singleton }
                var lazyB: Factory<LazyB> { self { LazyB() }.singleton }
            }
            """)])
        let cycles = d.filter { $0.rule == "dependency_cycle" }
        #expect(cycles.map(\.services) == [["Container.circularA", "Container.circularB"]])
    }

    @Test func promisedNeverRegisteredIsMissingAndRegisteredIsNot() {
        let d = diagnostics([("App.swift", """
            extension Container {
                var tracker: Factory<Tracker?> { promised() }
                var reporter: Factory<Reporter?> { promised() }
                var clock: Factory<Clock?> { promised() }
            }
            extension Container: AutoRegistering {
                func autoRegister() { reporter.register { ConsoleReporter() } }
            }
            final class Checkout {
                @Injected(\\.tracker) var tracker
                @Injected(\\.reporter) var reporter
                @Injected(\\.clock) var clock
            }
            """), ("Setup.swift", "func setUp() { Container.shared.clock.register { SystemClock() } }")])
        let missing = d.filter { $0.rule == "missing_registration" }
        #expect(missing.map(\.services) == [["Container.tracker", "Checkout"]])
        #expect(missing.first?.message.contains("promised()") == true)
    }

    @Test func captiveDependencyOfASingleton() {
        let d = diagnostics([("App.swift", """
            extension Scope { static let session = Cached() }
            extension Container {
                var user: Factory<User> { self { User() }.scope(.session) }
                var formatter: Factory<Formatter> { self { Formatter() } }
                var cache: Factory<Cache> { self { Cache(user: self.user(), formatter: self.formatter()) }.singleton }
                var feed: Factory<Feed> { self { Feed(cache: self.cache()) } }
            }
            """)])
        let captives = d.filter { $0.rule == "scope_mismatch" }.map { ($0.services, $0.severity) }
        #expect(captives.count == 2)
        #expect(captives.contains { $0.0 == ["Container.cache", "Container.user"] && $0.1 == .error })
        #expect(captives.contains { $0.0 == ["Container.cache", "Container.formatter"] && $0.1 == .warning })
    }

    @Test func typeAliasedContainersAndWrappers() {
        let g = graph([
            ("Dependencies.swift", """
            import Factory
            typealias Dependencies = Container
            typealias Dependency = Injected
            extension Dependencies {
                static let apiService = Factory(scope: .shared) { APIService() }
            }
            """),
            ("Feature.swift", "final class Feature { @Dependency(Dependencies.apiService) var api }"),
        ])
        #expect(g.service("Container.apiService")?.lifetime == .weak)
        #expect(g.edge("Feature", "Container.apiService") != nil)
    }

    /// PodHaven's `@DynamicInjected` resolves on every access: deferred, nothing kept. The TCA
    /// example injects the container itself (`@Injected(\.factory) var factory` serving
    /// `Container.shared`) and asks it for screens: `factory.loginScreen()` reaches
    /// `Container.loginScreen`; a property injected with something else is no container.
    @Test func dynamicInjectionAndAnInjectedContainer() {
        let g = graph("""
            extension Container {
                var factory: Factory<Container> { Factory(self) { Container.shared } }
                var loginScreen: Factory<LoginScreen> { self { LoginScreen() } }
                var settingsScreen: ParameterFactory<Int, SettingsScreen> { self { SettingsScreen(id: $0) } }
                var cache: Factory<Cache> { self { Cache() }.cached }
                var purger: Factory<Purger> { self { Purger() }.cached }
            }
            final class AuthCoordinator {
                @Injected(\\.factory) private var factory
                @Injected(\\.cache) private var cache
                func start() {
                    let login = factory.loginScreen.resolve()
                    let settings = factory.settingsScreen(3)
                    cache.purger()
                }
            }
            final class AppDelegate { @DynamicInjected(\\.purger) private var purger }
            """)
        #expect(g.edge("AuthCoordinator", "Container.loginScreen")?.timing == .deferred)
        #expect(g.edge("AuthCoordinator", "Container.settingsScreen") != nil)
        #expect(g.edge("AuthCoordinator", "Container.purger") == nil)
        #expect(g.edge("AppDelegate", "Container.purger")?.timing == .deferred)
        #expect(g.edge("AppDelegate", "Container.purger")?.retained == false)
    }

    @Test func unreadableScopeIsANoteNotAGuess() {
        let g = graph("extension Container { var x: Factory<X> { self { X() }.scope(Self.chosenScope) } }")
        #expect(g.service("Container.x")?.lifetime == .unknown)
        #expect(g.unanalyzable.count == 1)
    }

    @Test func unreadableFactoryIsKeptWithUnknownPartsAndANote() {
        let g = graph("""
            extension Container { var api: Factory<APIClient> { makeFactory(for: .api) } }
            final class Feed { @Injected(\\.api) var api }
            """)
        #expect(g.service("Container.api")?.lifetime == .unknown)
        #expect(g.service("Container.api")?.type == "APIClient")
        #expect(g.unanalyzable.map(\.service) == ["Container.api"])
        #expect(g.edge("Feed", "Container.api") != nil)
    }

    @Test(arguments: [
        // A project's own `Factory` type: no container is passed, and the property is computed.
        "struct Factory<T> { let make: () -> T }\nstruct Screens { var login: Factory<LoginView> { Factory { LoginView() } } }",
        // `Container` as a SwiftUI view.
        "struct Container<Content: View>: View { let content: Content\n var body: some View { content } }\nlet v = Container { Text(\"x\") }",
        "extension Container { var padded: some View { self.padding() } }",
        // Calls on other singletons are not requests for anything.
        "final class Loader { func load() { URLSession.shared.dataTask(with: url).resume() } }",
        // SwiftUI's environment key paths are not Factory's.
        "struct V: View { @Environment(\\.colorScheme) var scheme\n @AppStorage(Keys.name) var name = \"\" }",
    ])
    func lookAlikesAreNotFactoryServices(source: String) {
        let g = graph(source)
        #expect(!g.services.contains { $0.style == "factory" }, "\(g.services.map(\.id))")
        #expect(!g.edges.contains { $0.to.hasPrefix("Container.") }, "\(g.edges)")
    }
}
