import DigraphCore
import Testing

/// Resolver (hmlongco/Resolver): registrations keyed by what their closure returns, scopes,
/// `resolve()` typed from context, the `@Injected` family, child containers.
@Suite struct ResolverExtractorTests {
    @Test func registrationsAreKeyedByWhatTheClosureReturns() throws {
        let f = facts("""
            import Resolver
            extension Resolver: ResolverRegistering {
                public static func registerAllServices() {
                    register { XYZService() }
                    register { XYZSessionImpl() as XYZSession }
                    register { () -> XYZFetching in
                        #if DEBUG
                        return MockFetcher()
                        #else
                        return NetworkFetcher(session: resolve())
                        #endif
                    }
                    register(XYZCache.self) { MemoryCache() }
                    register { _, args in XYZValue(args()) }
                    register { r in
                        let service = XYZConfigured()
                        service.configure()
                        return service
                    }
                    register { resolve() as XYZCombined as XYZUpdating }
                    register { Logger.shared }
                }
            }
            """)
        #expect(f.registrations.map(\.serviceID) == [
            "XYZService", "XYZSession", "XYZFetching", "XYZCache", "XYZValue", "XYZConfigured", "XYZUpdating", "Logger",
        ])
        #expect(f.registrations.allSatisfy { $0.registry == .resolver && $0.container == "resolver" })
        #expect(f.registrations[1].implementationTypes == ["XYZSessionImpl"])
        #expect(f.registrations[2].implementationTypes == ["MockFetcher", "NetworkFetcher"])
        #expect(f.registrations[3].implementationTypes == ["MemoryCache"])
        // Runtime arguments are not part of a Resolver key.
        #expect(f.registrations[4].argumentTypes.isEmpty)
        // A factory returning a type's shared instance is that singleton, whatever the scope.
        #expect(f.registrations[7].lifetime == .singleton && f.registrations[7].lifetimeDetail == "static Logger.shared")
        #expect(f.unanalyzable.isEmpty)
    }

    @Test(arguments: [
        ("application", Lifetime.singleton), ("cached", .singleton), ("container", .singleton), ("graph", .graph),
        ("shared", .weak), ("unique", .transient), ("session", .scoped),
    ])
    func scopes(scope: String, lifetime: Lifetime) throws {
        let f = facts("import Resolver\nResolver.register { A() }.implements(P.self).scope(.\(scope))")
        let reg = try #require(f.registrations.first)
        #expect(reg.lifetime == lifetime && reg.lifetimeDetail == scope && !reg.lifetimeIsDefault)
        #expect(reg.forwardedTypes == ["P"])
    }

    @Test func theDefaultScopeTheCodeSetsAppliesToRegistrationsWithoutOne() {
        let g = graph([
            ("Setup.swift", """
            import Resolver
            extension Resolver: ResolverRegistering {
                public static func registerAllServices() {
                    defaultScope = .application
                    register { A() }
                    register { B() }.scope(.unique)
                }
            }
            """)
        ])
        #expect(g.service("A")?.lifetime == .singleton && g.service("A")?.lifetimeDetail == "application")
        #expect(g.service("B")?.lifetime == .transient)
        // Set differently in two places: which one holds depends on run order.
        let twice = graph([
            ("A.swift", "import Resolver\nResolver.defaultScope = .application\nResolver.register { A() }"),
            ("B.swift", "import Resolver\nResolver.defaultScope = .unique"),
        ])
        #expect(twice.service("A")?.lifetime == .unknown)
    }

    @Test func namesThroughResolverNameConstants() throws {
        let g = graph([
            ("Names.swift", """
            import Resolver
            extension Resolver.Name {
                static let fred = Self("Fred")
                static let barney: Resolver.Name = "Barney"
                #if MOCK
                static let mode = fred
                #else
                static let mode = barney
                #endif
            }
            """),
            ("Setup.swift", """
            import Resolver
            extension Resolver {
                static func registerNames() {
                    register(name: .fred) { XYZNameService("Fred") }
                    register(name: .barney) { XYZNameService("Barney") }
                    register { XYZGreeter(fred: resolve(name: .fred), other: resolve(XYZNameService.self, name: "Barney")) }
                    register { XYZPicker(name: resolve(name: .mode)) }
                }
            }
            """),
            ("Greeter.swift", """
            final class XYZGreeter { init(fred: XYZNameService, other: XYZNameService) {} }
            final class XYZPicker { init(name: XYZNameService) {} }
            """),
        ])
        #expect(g.edge("XYZGreeter", "XYZNameService#Fred")?.missing == false)
        #expect(g.edge("XYZGreeter", "XYZNameService#Barney")?.missing == false)
        // One constant per build configuration: known only at build time, so never reported missing.
        #expect(g.outgoing("XYZPicker").isEmpty)
        #expect(g.unanalyzable.contains { $0.message.contains("`.mode`") })
    }

    @Test func resolveIsTypedFromItsContext() throws {
        let g = graph([
            ("Services.swift", """
            import Resolver
            final class NetworkFetcher {
                let session: XYZSession
                init(session: XYZSession, log: Logger? = nil) { self.session = session }
            }
            final class ProfileViewModel {
                let session: XYZSession
                lazy var cache: XYZCache = Resolver.resolve()
                init() {
                    session = Resolver.resolve()
                    let tracker: Tracker = Resolver.resolve()
                    if let optional: Flags = Resolver.optional() { _ = optional }
                }
                func analytics() -> Analytics { Resolver.resolve() }
            }
            """),
            ("Setup.swift", """
            import Resolver
            extension Resolver {
                static func registerFetching() {
                    register { NetworkFetcher(session: resolve()) }
                    register { r in Wrapper(fetcher: r.resolve(NetworkFetcher.self)) }
                }
            }
            """),
        ])
        let session = try #require(g.edge("NetworkFetcher", "XYZSession"))
        #expect(session.timing == .eager && session.retained && session.via == .resolve)
        #expect(g.edge("Wrapper", "NetworkFetcher")?.missing == false)
        #expect(g.edge("ProfileViewModel", "XYZSession")?.timing == .eager)
        #expect(g.edge("ProfileViewModel", "XYZCache")?.timing == .deferred)
        #expect(g.edge("ProfileViewModel", "Tracker") != nil)
        #expect(g.edge("ProfileViewModel", "Flags")?.optional == true)
        #expect(g.edge("ProfileViewModel", "Analytics")?.timing == .deferred)
        #expect(g.unanalyzable.isEmpty)
    }

    @Test func resolveInsideAnImplicitInitTakesThatParametersType() throws {
        let g = graph([
            ("Repository.swift", """
            final class PnLRepository {
                init(initialData: Data?, provider: PnLProvider) {}
            }
            struct PnLProvider {
                let service: any PnLService
                let wallets: WalletsManager
            }
            """),
            ("Setup.swift", """
            import Resolver
            extension Resolver {
                static func registerPnL() {
                    register { PnLRepository(initialData: nil, provider: .init(service: resolve(), wallets: resolve())) }
                    register { PnLServiceImpl() }.implements((any PnLService).self)
                }
            }
            """),
        ])
        // `any P` and `P` are one key.
        #expect(g.edge("PnLRepository", "PnLServiceImpl")?.retained == true)
        #expect(g.edge("PnLRepository", "WalletsManager")?.missing == true)
        #expect(g.unanalyzable.isEmpty)
    }

    /// RiMovie: `init(useCase: UseCase)` of `MoviesPresenter<UseCase: MoviesUseCase>` takes the
    /// type's generic parameter: `resolve()` gives the argument written at the call, and where no
    /// argument is written it is not guessed (the parameter's name is no type).
    @Test func aGenericParameterTakesTheArgumentWrittenAtTheCall() throws {
        let g = graph([
            ("Presenter.swift", """
            protocol MoviesUseCase {}
            final class MoviesInteractor: MoviesUseCase {}
            final class MoviesPresenter<UseCase: MoviesUseCase> {
                let useCase: UseCase
                init(useCase: UseCase) { self.useCase = useCase }
            }
            """),
            ("Injection.swift", """
            import Resolver
            extension Resolver: ResolverRegistering {
                public static func registerAllServices() {
                    register { MoviesInteractor() }
                    register { MoviesPresenter<MoviesInteractor>(useCase: resolve()) }
                    register(name: "inferred") { MoviesPresenter(useCase: resolve()) }
                }
            }
            """),
        ])
        #expect(g.edge("MoviesPresenter<MoviesInteractor>", "MoviesInteractor")?.missing == false)
        #expect(!g.edges.contains { $0.to == "UseCase" })
        #expect(g.unanalyzable.map(\.message).contains {
            $0.contains("takes its generic parameter `UseCase`, which the code does not fix here")
        })
    }

    @Test func aNamedRegistrationOfUnreadableTypeIsNeitherSatisfiedNorMissing() {
        let d = diagnostics([("App.swift", """
            import Resolver
            func setUp(resolver: Resolver) {
                resolver.register { AppConfig() }
                resolver.register(name: "host") { r in r.resolve(AppConfig.self).host }
                let host: String = resolver.resolve(name: "host")
                let other: String = resolver.resolve(name: "other")
            }
            """)])
        #expect(d.filter { $0.rule == "missing_registration" }.map(\.services) == [["String#other"]])
        #expect(d.contains { $0.rule == "unanalyzable_registration" && $0.message.contains("`String#host`") })
    }

    @Test func anInitializerOutsideTheScannedSourcesIsReportedNotGuessed() {
        let g = graph("import Resolver\nResolver.register { BlockchainClient(apiClient: resolve()) }")
        #expect(g.unanalyzable.map(\.message) == [
            "cannot tell which type `resolve()` returns here: `BlockchainClient`'s initializers are not in the scanned sources"
        ])
    }

    @Test func propertyWrappers() throws {
        let g = graph("""
            import Resolver
            final class SettingsViewModel {
                @Injected var api: APIClient
                @Injected(name: "secure") private var store: Store
                @OptionalInjected var flags: Flags?
                @LazyInjected var analytics: Analytics
                @WeakLazyInjected var coordinator: Coordinator?
                @Injected(container: .mock) var clock: Clock
            }
            """)
        let api = try #require(g.edge("SettingsViewModel", "APIClient"))
        #expect(api.timing == .eager && api.retained && api.via == .propertyWrapper && !api.optional)
        #expect(g.edge("SettingsViewModel", "Store#secure") != nil)
        #expect(g.edge("SettingsViewModel", "Flags")?.optional == true)
        #expect(g.edge("SettingsViewModel", "Analytics")?.timing == .deferred)
        let weak = try #require(g.edge("SettingsViewModel", "Coordinator"))
        #expect(weak.timing == .deferred && !weak.retained && !weak.optional)
        #expect(g.edge("SettingsViewModel", "Clock") != nil)
    }

    @Test func injectedCyclesAreEagerUnlessLazy() {
        let cycle = diagnostics([("App.swift", """
            import Resolver
            extension Resolver { static func registerAB() { register { A() }; register { B() } } }
            final class A { @Injected var b: B }
            final class B { @Injected var a: A }
            """)])
        #expect(cycle.filter { $0.rule == "dependency_cycle" }.count == 1)
        let lazy = diagnostics([("App.swift", """
            import Resolver
            extension Resolver { static func registerAB() { register { A() }; register { B() } } }
            final class A { @Injected var b: B }
            final class B { @LazyInjected var a: A }
            """)])
        #expect(!lazy.contains { $0.rule == "dependency_cycle" })
    }

    @Test func childContainersAndTheirOwnRegistrations() {
        let d = diagnostics([
            ("Setup.swift", """
            import Resolver
            extension Resolver: ResolverRegistering {
                static let mock = Resolver(child: main)
                public static func registerAllServices() {
                    register { LiveAPI() as API }
                    mock.register { MockAPI() as API }
                }
            }
            """),
            ("AppTests/FeedTests.swift", """
            import Resolver
            import XCTest
            final class FeedTests: XCTestCase {
                func testFeed() {
                    let resolver = Resolver(child: .main)
                    resolver.register { StubClock() as Clock }
                    let clock: Clock = resolver.resolve()
                    let api: API = resolver.resolve()
                    XCTAssertNotNil(clock); XCTAssertNotNil(api)
                }
            }
            """),
        ])
        #expect(!d.contains { $0.rule == "duplicate_registration" || $0.rule == "missing_registration" }, "\(d)")
    }

    @Test(arguments: [
        // No `import Resolver`: an app's own `Resolver` is not the library.
        "protocol Resolver { func register(_ f: () -> Any) }\nresolver.register { Foo() }",
        "final class Screen { @Injected var api: APIClient }",
        // Factory's wrappers take a key path.
        "import Resolver\nimport Factory\nfinal class Screen { @Injected(\\.api) var api: APIClient }",
        "import Resolver\ntableView.register(Cell.self, forCellReuseIdentifier: \"c\")",
        "import Resolver\nResolver.register { _, args in Foo(args.optional()) }.scope(.unique)\n",
        "import Resolver\npromise.resolve(value)",
        "import Resolver\nfunc register<Service>(_ type: Service.Type, factory: @escaping () -> Service) { main.register(type.self) { factory() } }",
    ])
    func lookAlikes(source: String) {
        let f = facts(source)
        #expect(f.requests.isEmpty && f.initializerRequests.isEmpty, "\(f.requests)")
        #expect(f.registrations.filter { $0.registry == .resolver && $0.serviceType != "Foo" }.isEmpty, "\(f.registrations)")
    }

    /// menuely's view modifiers: inside `ActivityViewModifier`, `ViewModel` is its nested
    /// `ActivityViewModifier.ViewModel` (declared in an extension), registered or not, so the
    /// miss names it whatever else is called `ViewModel`.
    @Test func aNestedTypeNameMeansTheNestedTypeRegisteredOrNot() {
        let files = [
            ("ActivityViewModifier.swift", """
            import Resolver
            struct ActivityViewModifier {
                @StateObject private var viewModel: ViewModel = Resolver.resolve()
            }
            extension ActivityViewModifier { final class ViewModel: ObservableObject {} }
            """),
            ("LoginView.swift", """
            struct LoginView { final class ViewModel: ObservableObject {} }
            """),
            ("Injection.swift", """
            import Resolver
            extension Resolver: ResolverRegistering {
                public static func registerAllServices() { register { LoginView.ViewModel() } }
            }
            """),
        ]
        let missing = diagnostics(files).filter { $0.rule == "missing_registration" && $0.severity == .error }
        #expect(missing.map(\.services) == [["ActivityViewModifier.ViewModel", "ActivityViewModifier"]])
    }

    /// Resolver re-exported by another module (`@_exported import Resolver` in Utils) or vendored
    /// as a source file: `extension Resolver` with its registrations is read without an import;
    /// the vendored library's own file is not, and neither is Swinject's `Resolver` protocol.
    @Test func resolverWithoutItsImport() {
        let files = [
            ("Injection.swift", """
            import Utils
            extension Resolver {
                public static func registerPresentationLayer() {
                    register { SettingsView() }
                }
            }
            """),
            ("Utils/Resolver.swift", """
            public final class Resolver {
                public final func register<Service>(_ type: Service.Type = Service.self, factory: @escaping () -> Service?) {
                    registrations[ObjectIdentifier(type)] = factory
                }
            }
            """),
            ("SwinjectHelpers.swift", """
            import Swinject
            extension Resolver {
                func force<T>(_ type: T.Type) -> T { resolve(type)! }
            }
            """),
        ]
        let g = graph(files)
        #expect(g.service("SettingsView")?.style == "resolver")
        #expect(graph(files).services.filter { $0.style == "resolver" }.map(\.id) == ["SettingsView"])
        let notes = diagnostics(files).filter { $0.rule == "unanalyzable_registration" }
        #expect(notes.isEmpty, "\(notes.map(\.message))")
    }
}
