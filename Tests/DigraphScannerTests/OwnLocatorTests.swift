import DigraphCore
import DigraphScanner
import Testing

/// A project's own service locator, found from its implementation whatever its labels.
@Suite struct OwnLocatorTests {
    /// rockbruno/RouterService's shapes: a store keyed by `String(describing:)` with weak values,
    /// a service forwarding `register(dependencyFactory:forType:)` to it, a protocol requirement,
    /// and a `@Dependency` wrapper asking the store with `T.self`.
    static let implementation = """
        public typealias DependencyFactory = () -> AnyObject
        public protocol StoreInterface {
            func get<T>(_ arg: T.Type) -> T?
            func register<T>(_ arg: @escaping DependencyFactory, forMetaType metaType: T.Type)
        }
        final class Store: StoreInterface {
            var dependencies = NSMapTable<NSString, AnyObject>(keyOptions: .strongMemory, valueOptions: .weakMemory)
            var dependencyCreators = [String: DependencyFactory]()
            func get<T>(_ arg: T.Type) -> T? {
                let name = String(describing: arg)
                if let object = dependencies.object(forKey: name as NSString) { return object as? T }
                guard let factory = dependencyCreators[name] else { return nil }
                return factory() as? T
            }
            func register<T>(_ arg: @escaping DependencyFactory, forMetaType metaType: T.Type) {
                dependencyCreators[String(describing: metaType)] = arg
            }
        }
        public protocol RouterServiceProtocol {
            func register<T>(dependencyFactory: @escaping DependencyFactory, forType metaType: T.Type)
        }
        public final class RouterService: RouterServiceProtocol {
            let store: StoreInterface = Store()
            public func register<T>(dependencyFactory: @escaping DependencyFactory, forType metaType: T.Type) {
                store.register(dependencyFactory, forMetaType: metaType)
            }
        }
        @propertyWrapper
        public final class Dependency<T> {
            private(set) var resolvedValue: T!
            public var wrappedValue: T { resolvedValue }
            public init() {}
            public func resolve(withStore store: StoreInterface) {
                resolvedValue = store.get(T.self)
            }
        }
        """

    @Test func registrationsThroughAnyLabelsAndTheWrapper() throws {
        let files = [
            ("RouterService.swift", Self.implementation),
            ("SceneDelegate.swift", """
            final class SceneDelegate {
                let routerService = RouterService()
                func scene() {
                    routerService.register(dependencyFactory: { return HTTPClient() }, forType: HTTPClientProtocol.self)
                    routerService.register(dependencyFactory: makeFlags, forType: FeatureFlagProtocol.self)
                }
            }
            """),
            ("FeatureOne.swift", """
            public struct FeatureOne: Feature {
                @Dependency var httpClient: HTTPClientProtocol
                @Dependency var featureFlag: FeatureFlagProtocol
                @Dependency var analytics: AnalyticsProtocol
            }
            """),
        ]
        let g = graph(files)
        let http = try #require(g.service("HTTPClientProtocol"))
        #expect(http.style == "service-locator" && http.implementation == ["HTTPClient"])
        // The store keeps what factories build in an NSMapTable with weak values.
        #expect(http.lifetime == .weak && g.service("FeatureFlagProtocol")?.lifetime == .weak)
        #expect(g.edge("FeatureOne", "HTTPClientProtocol")?.timing == .deferred)
        #expect(g.edge("FeatureOne", "FeatureFlagProtocol")?.missing == false)
        let missing = diagnostics(files).filter { $0.rule == "missing_registration" }
        #expect(missing.map(\.services) == [["AnalyticsProtocol", "FeatureOne"]])
    }

    /// EffectiveMobileTestTask: `register<T>(_ service: T)` keyed by the value's static type. A
    /// value whose type is read registers that type; one whose type is not (a function's result)
    /// opens the locator, so a miss it might fill is a note, not an error.
    @Test func aRegisterKeyedByTheValuesStaticType() throws {
        let locator = """
            final class ServiceLocator {
                private var services: [String: Any] = [:]
                static let shared = ServiceLocator()
                func register<T>(_ service: T) { services[String(describing: T.self)] = service }
                func resolve<T>() -> T {
                    guard let service = services[String(describing: T.self)] as? T else { fatalError("missing") }
                    return service
                }
            }
            protocol Network {}
            final class HTTPNetwork: Network {}
            final class Store {}
            final class Screen {
                let network: Network = ServiceLocator.shared.resolve()
                let store: Store = ServiceLocator.shared.resolve()
            }
            """
        let typed = [
            ("Locator.swift", locator),
            ("App.swift", "func setUp() { let network: Network = HTTPNetwork(); ServiceLocator.shared.register(network) }"),
        ]
        let g = graph(typed)
        let network = try #require(g.service("Network"))
        #expect(network.style == "service-locator" && network.implementation == ["HTTPNetwork"] && network.lifetime == .singleton)
        #expect(g.edge("Screen", "Network")?.missing == false)
        let typedMisses = diagnostics(typed).filter { $0.rule == "missing_registration" }
        #expect(typedMisses.map(\.services) == [["Store", "Screen"]] && typedMisses.allSatisfy { $0.severity == .error })
        let untyped = [
            ("Locator.swift", locator),
            ("App.swift", "func setUp() { ServiceLocator.shared.register(makeNetwork()) }"),
        ]
        let misses = diagnostics(untyped).filter { $0.rule == "missing_registration" }
        #expect(misses.count == 2 && misses.allSatisfy { $0.severity == .note })
        // A register named like a call whose values the scanner skips (`insert`): not read, open.
        let skipped = [
            ("Locator.swift", locator.replacingOccurrences(of: "func register<T>", with: "func insert<T>")),
            ("App.swift", "func setUp() { let network: Network = HTTPNetwork(); ServiceLocator.shared.insert(network) }"),
        ]
        let skippedMisses = diagnostics(skipped).filter { $0.rule == "missing_registration" }
        #expect(skippedMisses.count == 2 && skippedMisses.allSatisfy { $0.severity == .note })
    }

    /// WordChecker: a project's resolve over Swinject's whose key parameter defaults to the type
    /// asked for (`resolve<Service>(_ serviceType: Service.Type = Service.self)`), called without
    /// it and typed by its context.
    /// FilamentSwatches' `DependencyContext`: public wrappers handing key, name and a scope on to
    /// private ones over Swinject (`register(Value.self, name:) { … }.inObjectScope(scope)`,
    /// `resolve(key:in:)` failing with `fatalError`), and an `@Injected` whose getter asks
    /// `resolve(key:)`: each call is the library call it reaches, with the scope passed to it.
    @Test func wrappersOfWrappersPassTheirScopeAndTheirFailure() throws {
        let files = [
            ("DependencyContext.swift", """
            import Swinject
            public final class DependencyContext {
                public static let `default` = DependencyContext()
                private let container = Container()
                public func resolve<Value>(key: String? = nil) -> Value { resolve(key: key, in: container) }
                public func register<Value>(_ type: Value.Type, key: String? = nil, builder: @escaping () -> Value) {
                    register(type, key: key, in: container, scope: .weak, builder: builder)
                }
                public func registerSingleton<Value>(_ type: Value.Type, key: String? = nil, builder: @escaping () -> Value) {
                    register(type, key: key, in: container, scope: .container, builder: builder)
                }
                private func resolve<Value>(key: String?, in container: Container) -> Value {
                    guard let value = container.resolve(Value.self, name: key) else { fatalError() }
                    return value
                }
                private func register<Value>(
                    _ type: Value.Type, key: String?, in container: Container, scope: ObjectScope, builder: @escaping () -> Value
                ) {
                    container.register(Value.self, name: key) { _ in builder() }.inObjectScope(scope)
                }
            }
            @propertyWrapper public struct Injected<Value> {
                public var wrappedValue: Value { DependencyContext.default.resolve() }
                public init() {}
            }
            """),
            ("App.swift", """
            final class UserData {}
            final class Settings { @Injected var user: UserData; @Injected var clock: Clock; func show() { _ = user; _ = clock } }
            func setUp() { DependencyContext.default.registerSingleton(UserData.self) { UserData() } }
            """),
        ]
        let g = graph(files)
        #expect(g.service("UserData")?.lifetime == .singleton && g.service("UserData")?.lifetimeDetail == "container")
        #expect(g.edge("Settings", "UserData")?.missing == false)
        let misses = diagnostics(files).filter { $0.rule == "missing_registration" }
        #expect(misses.map(\.services) == [["Clock", "Settings"]] && misses.allSatisfy { $0.severity == .error })
        // Neither private wrapper is a site of its own that could register anything.
        #expect(!diagnostics(files).contains { $0.message.contains("not read") })
    }

    @Test func aResolveWhoseKeyDefaultsIsTypedByContext() throws {
        let files = [
            ("AppContainer.swift", """
            import Swinject
            public let container = AppContainer()
            public struct AppContainer {
                private let assembler = Assembler()
                public func resolve<Service>(_ serviceType: Service.Type = Service.self) -> Service {
                    guard let resolved = assembler.resolver.resolve(serviceType) else { fatalError() }
                    return resolved
                }
            }
            """),
            ("Scene.swift", """
            import Swinject
            protocol WordService {}
            protocol Clock {}
            final class WordAssembly: Assembly {
                func assemble(container: Container) { container.register(WordService.self) { _ in fatalError() } }
            }
            final class WordScene {
                let words: WordService = container.resolve()
                let clock: Clock = container.resolve()
            }
            """),
        ]
        let g = graph(files)
        #expect(g.edge("WordScene", "WordService")?.missing == false)
        let misses = diagnostics(files).filter { $0.rule == "missing_registration" }
        #expect(misses.map(\.services) == [["Clock", "WordScene"]] && misses.allSatisfy { $0.severity == .error })
    }

    /// PixPic (Swift 2): `registerService<T>(service: T)` called as `registerService(PostService())`,
    /// a shape no method has: the locator is filled by calls digraph does not read, so a miss is
    /// a note. Its twin, the calls spelt with the label, registers the service.
    @Test(arguments: [false, true])
    func aLocatorWhoseRegisterCallsAreNotReadIsOpen(labelled: Bool) throws {
        let files = [
            ("ServiceLocator.swift", """
            public class ServiceLocator {
                private var registry: [String: Any] = [:]
                func registerService<T>(service: T) { registry["\\(T.self)"] = service }
                public func getService<T>() -> T! { return registry["\\(T.self)"] as! T }
            }
            """),
            ("Router.swift", """
            final class PostService {}
            final class UserService {}
            let locator = ServiceLocator()
            func launch() { locator.registerService(\(labelled ? "service: " : "")PostService()) }
            final class Feed { let posts: PostService = locator.getService(); let users: UserService = locator.getService() }
            """),
        ]
        let missing = diagnostics(files).filter { $0.rule == "missing_registration" }
        #expect(Set(missing.map(\.services.first)) == (labelled ? ["UserService"] : ["PostService", "UserService"]))
        #expect(missing.allSatisfy { $0.severity == (labelled ? .error : .note) })
    }

    /// Heim's DIContainer: the factory parameter's type is a function typealias of the file
    /// (`containerClosure: DependencyContainerClosure`), the key `"\(type)"`.
    @Test func aFactoryTypedByAFunctionAliasOfTheFile() throws {
        let files = [
            ("DIContainer.swift", """
            public typealias DependencyContainerClosure = (DIContainable) -> Any
            public protocol DIContainable {
                func register<T>(type: T.Type, containerClosure: @escaping DependencyContainerClosure)
                func resolve<T>(type: T.Type) -> T?
            }
            public final class DIContainer: DIContainable {
                public static let shared: DIContainer = DIContainer()
                var services: [String: DependencyContainerClosure] = [:]
                public func register<T>(type: T.Type, containerClosure: @escaping DependencyContainerClosure) {
                    services["\\(type)"] = containerClosure
                }
                public func resolve<T>(type: T.Type) -> T? {
                    services["\\(type)"]?(self) as? T
                }
            }
            """),
            ("SceneDelegate.swift", """
            final class SceneDelegate {
                func register() {
                    DIContainer.shared.register(type: DataStorage.self) { _ in DefaultDataStorage() }
                    DIContainer.shared.register(type: UserRepository.self) { container in
                        DefaultUserRepository(storage: container.resolve(type: DataStorage.self)!)
                    }
                }
                func start() {
                    let repository = DIContainer.shared.resolve(type: UserRepository.self)!
                    let settings = DIContainer.shared.resolve(type: SettingRepository.self)!
                }
            }
            """),
        ]
        let g = graph(files)
        #expect(g.service("UserRepository")?.style == "service-locator")
        #expect(g.edge("UserRepository", "DataStorage")?.missing == false)
        let missing = diagnostics(files).filter { $0.rule == "missing_registration" && $0.severity == .error }
        #expect(missing.map(\.services) == [["SettingRepository", "SceneDelegate"]])
    }

    @Test func anyWrapperNameInstancesFactoriesAndSubscripts() throws {
        let files = [
            ("Locator.swift", """
            final class Locator {
                static let shared = Locator()
                private var instances: [ObjectIdentifier: Any] = [:]
                private var factories: [ObjectIdentifier: () -> Any] = [:]
                func set<T>(_ value: T, for type: T.Type) { instances[ObjectIdentifier(type)] = value }
                func register<T>(type: T.Type, factory: @escaping () -> T) { factories[ObjectIdentifier(type)] = factory }
                func resolve<T>(_ type: T.Type = T.self) -> T {
                    let key = ObjectIdentifier(type)
                    return (instances[key] ?? factories[key]!()) as! T
                }
                subscript<T>(_ type: T.Type) -> T { resolve(type) }
            }
            @propertyWrapper struct Inject<Value> {
                lazy var wrappedValue: Value = Locator.shared.resolve(Value.self)
            }
            """),
            ("Setup.swift", """
            func setUp() {
                Locator.shared.set(URLSession.shared, for: URLSession.self)
                Locator.shared.register(type: Clock.self) { SystemClock() }
            }
            final class Screen {
                @Inject var session: URLSession
                @Inject var clock: Clock
                let clock2 = Locator.shared[Clock.self]
                let missing = Locator.shared[Audio.self]
            }
            """),
        ]
        let g = graph(files)
        #expect(g.service("URLSession")?.lifetime == .singleton && g.service("URLSession")?.lifetimeDetail == "instance")
        // Factories are called on every resolve: this locator caches nothing.
        #expect(g.service("Clock")?.lifetime == .transient && g.service("Clock")?.implementation == ["SystemClock"])
        #expect(g.edge("Screen", "URLSession")?.via == .propertyWrapper)
        #expect(g.edge("Screen", "Clock")?.missing == false)
        #expect(g.edge("Screen", "Audio")?.missing == true)
    }

    /// Each locator keeps its own behaviour: RouterService's store caches weakly, a second
    /// locator in the same scan builds anew on each resolve, and the seed's locator whose
    /// `register(factory:forMetaType:)` stores in a plain dictionary does too.
    @Test func factoryLifetimesArePerLocatorType() throws {
        let files = [
            ("RouterService.swift", Self.implementation),
            ("Plain.swift", """
            final class Registry {
                static let shared = Registry()
                private var factories: [ObjectIdentifier: () -> Any] = [:]
                func register<T>(type: T.Type, factory: @escaping () -> T) { factories[ObjectIdentifier(type)] = factory }
                func resolve<T>(_ type: T.Type) -> T { factories[ObjectIdentifier(type)]!() as! T }
            }
            final class ServiceLocator {
                private var factories: [String: (ServiceLocator) -> AnyObject] = [:]
                func register<T>(factory: @escaping (ServiceLocator) -> T, forMetaType metaType: T.Type) {
                    factories[String(describing: metaType)] = { factory($0) as AnyObject }
                }
            }
            """),
            ("Setup.swift", """
            func setUp(router: RouterService, locator: ServiceLocator) {
                router.register(dependencyFactory: { HTTPClient() }, forType: HTTPClientProtocol.self)
                Registry.shared.register(type: Clock.self) { SystemClock() }
                locator.register(factory: { _ in Keychain() }, forMetaType: KeychainProtocol.self)
            }
            """),
        ]
        let g = graph(files)
        #expect(g.service("HTTPClientProtocol")?.lifetime == .weak)
        #expect(g.service("Clock")?.lifetime == .transient)
        #expect(g.service("KeychainProtocol")?.lifetime == .transient)
    }

    /// vexl: `@Inject` whose `init` calls the project's `getDependency(type:)`, a generic method
    /// handing the key to Swinject's resolve and failing without it; the method called directly too.
    @Test func wrappersAndCallsThroughAMethodOverALibraryResolve() throws {
        let files = [
            ("DIContainer.swift", """
            import Swinject
            final class DIContainer {
                static let shared = DIContainer()
                let assembler = Assembler([ServiceAssembly()])
                func getDependency<Dependency>(type: Dependency.Type) -> Dependency {
                    guard let dependency = assembler.resolver.resolve(Dependency.self) else {
                        fatalError("Dependency \\(type) wasn't setup")
                    }
                    return dependency
                }
            }
            @propertyWrapper
            struct Inject<Element> {
                let wrappedValue: Element
                init() { self.wrappedValue = DIContainer.shared.getDependency(type: Element.self) }
            }
            """),
            ("ServiceAssembly.swift", """
            import Swinject
            final class ServiceAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(APIClient.self) { _ in HTTPAPIClient() }
                }
            }
            """),
            ("Feed.swift", """
            final class FeedViewModel {
                @Inject var api: APIClient
                @Inject var store: FeedStore
            }
            final class Router {
                func token() -> TokenStore { DIContainer.shared.getDependency(type: TokenStore.self) }
            }
            """),
        ]
        let g = graph(files)
        let api = try #require(g.edge("FeedViewModel", "APIClient"))
        #expect(!api.missing && !api.optional && api.via == .propertyWrapper)
        #expect(g.edge("FeedViewModel", "FeedStore")?.missing == true)
        #expect(g.edge("Router", "TokenStore")?.missing == true)
        let missing = diagnostics(files).filter { $0.rule == "missing_registration" }.map(\.services.first)
        #expect(Set(missing) == ["FeedStore", "TokenStore"])
    }

    /// Hongik: the wrapper hands its key on by its context, `self.wrappedValue =
    /// DependencyInjector.shared.resolve()` into `let wrappedValue: T`, to a pass-through
    /// `resolve<T>() -> T` over Swinject's.
    @Test func aWrapperGivingTheKeyByItsStoredPropertysType() throws {
        let files = [
            ("DependencyInjector.swift", """
            import Swinject
            public final class DependencyInjector {
                public static let shared = DependencyInjector(container: Container())
                private let container: Container
                init(container: Container) { self.container = container }
                public func assemble(_ assemblies: [Assembly]) { assemblies.forEach { $0.assemble(container: container) } }
                func resolve<T>() -> T { container.resolve(T.self)! }
            }
            @propertyWrapper
            public class Injected<T> {
                public let wrappedValue: T
                public init() { self.wrappedValue = DependencyInjector.shared.resolve() }
            }
            """),
            ("DataAssembly.swift", """
            import Swinject
            final class DataAssembly: Assembly {
                func assemble(container: Container) { container.register(SummaryService.self) { _ in SummaryServiceImpl() } }
            }
            let app: Void = DependencyInjector.shared.assemble([DataAssembly()])
            """),
            ("SummaryViewModel.swift", """
            final class SummaryViewModel {
                @Injected private var service: SummaryService
                @Injected private var history: HistoryRepository
            }
            enum Conversion {
                static func record() { let service: Injected<SummaryService> = .init(); _ = service }
                static func mood() { let moods = Injected<MoodRepository>(); _ = moods }
            }
            """),
        ]
        let g = graph(files)
        let service = try #require(g.edge("SummaryViewModel", "SummaryService"))
        #expect(!service.missing && service.via == .propertyWrapper)
        // Haby's instances made by hand ask the same.
        #expect(g.edge("Conversion", "SummaryService")?.missing == false)
        let missing = diagnostics(files).filter { $0.rule == "missing_registration" }
        #expect(missing.map(\.services.first) == ["HistoryRepository", "MoodRepository"])
        #expect(missing.map(\.severity) == [.error, .error])
    }

    /// ugglan: a locator read through its keyed `resolve<T>()`, filled through `add(module:)` with
    /// a closure digraph does not read: a miss is a note naming the locator; its twin with a
    /// register method digraph reads, and a call of it, is closed, and the same miss an error.
    @Test(arguments: [false, true])
    func aLocatorWithoutARegisterMethodReadIsOpen(readsRegister: Bool) throws {
        let register = readsRegister
            ? "func register<T>(_ type: T.Type, _ make: @escaping () -> T) { modules[String(describing: type)] = Module(make) }"
            : ""
        let files = [
            ("Dependencies.swift", """
            final class Dependencies {
                static var shared = Dependencies()
                private var modules = [String: Module]()
                func add(module: Module) { modules[module.name] = module }
                \(register)
                func resolve<T>(for name: String? = nil) -> T {
                    let name = name ?? String(describing: T.self)
                    guard let component: T = modules[name]?.resolve() as? T else { fatalError("not resolved") }
                    return component
                }
            }
            """),
            ("App.swift", """
            func setUp() {
                Dependencies.shared.add(module: Module { DateService() })
                \(readsRegister ? "Dependencies.shared.register(Clock.self) { Clock() }" : "")
            }
            final class Formatter { func date() -> DateService { Dependencies.shared.resolve() } }
            """),
        ]
        let missing = diagnostics(files).filter { $0.rule == "missing_registration" }
        #expect(missing.map(\.services.first) == ["DateService"])
        #expect(missing.map(\.severity) == [readsRegister ? .error : .note])
    }

    @Test func factoryRequestsBelongToTheirRegistration() throws {
        let g = graph([
            ("RouterService.swift", Self.implementation),
            ("Setup.swift", """
            func setUp(router: RouterService, store: Store) {
                router.register(dependencyFactory: { Feed(api: store.get(APIClient.self)!) }, forType: Feed.self)
            }
            """),
        ])
        let edge = try #require(g.edge("Feed", "APIClient"))
        #expect(edge.timing == .eager && edge.retained && !edge.optional && edge.missing)
    }

    @Test(arguments: [
        // A generic helper whose subscript is keyed by a string, not by the type.
        """
        final class Settings {
            private var defaults: [String: Any] = [:]
            func value<T>(_ type: T.Type, forKey key: String) -> T? { defaults[key] as? T }
        }
        let flag = Settings().value(Bool.self, forKey: "onboarded")
        """,
        // A generic decoder: no keyed storage anywhere.
        """
        func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { try JSONDecoder().decode(type, from: data) }
        let user = try decode(User.self, from: data)
        """,
        "tableView.register(ProductCell.self, forCellReuseIdentifier: \"cell\")",
        "let name = String(describing: Foo.self)\nXCTAssertTrue(view.isKind(of: UIView.self))",
        "@propertyWrapper struct Clamped<V> { var wrappedValue: V }\nstruct S { @Clamped var x: Int }",
    ])
    func lookAlikesAreNotALocator(source: String) {
        let g = graph(source)
        #expect(!g.services.contains { $0.style == "service-locator" }, "\(g.services)")
        #expect(!g.edges.contains { $0.via == .resolve || $0.via == .propertyWrapper }, "\(g.edges)")
    }
}

/// eudi: a project's resolve helper forwarding runtime arguments to the library's resolve
/// (`resolver.force(P.self, argument: session)`): the arguments it passes count.
@Suite struct ForwardedArgumentsTests {
    static let helpers = """
        import Swinject
        extension Resolver {
            func force<Service>(_ serviceType: Service.Type) -> Service { resolve(serviceType)! }
            func force<Service, Arg1>(_ serviceType: Service.Type, argument: Arg1) -> Service {
                resolve(serviceType, argument: argument)!
            }
        }
        final class Coordinator { init(session: Session) {} }
        let container = Container()
        func setUp() { container.register(Coordinator.self) { _, session in Coordinator(session: session) } }
        """

    @Test func anArgumentPassedThroughTheHelperMatchesTheRegistration() {
        let found = diagnostics([("DI.swift", Self.helpers), ("Use.swift", "let c = container.force(Coordinator.self, argument: Session())")])
        #expect(!found.contains { $0.rule == "argument_mismatch" }, "\(found.map(\.message))")
    }

    @Test func noArgumentThroughTheHelperStillMismatches() {
        let found = diagnostics([("DI.swift", Self.helpers), ("Use.swift", "let c = container.force(Coordinator.self)")])
        #expect(found.contains { $0.rule == "argument_mismatch" && $0.severity == .error }, "\(found.map(\.message))")
    }
    /// EkSnacks: a resolve wrapper handing its `name` on to Swinject, defaulting it. A call that
    /// leaves the name out asks for the default; when the app's wrapper and a test's wrapper of
    /// the same name default differently, the app's code reaches only its own, and a test's call
    /// asks for either name (optional: which one it reaches is not read).
    @Test func aNameLeftToTheWrappersDefaultIsThatDefault() {
        let app = """
            import Swinject
            final class Router {}
            final class Injector {
                static let shared = Injector()
                let container = Container()
                func load<Service>(_ serviceType: Service.Type, name: String? = nil) -> Service {
                    guard let resolved = container.resolve(serviceType, name: name) else { fatalError() }
                    return resolved
                }
                func setUp() { container.register(Router.self) { _ in Router() } }
            }
            final class SceneDelegate { func start() { let router = Injector.shared.load(Router.self) } }
            """
        let tests = """
            import XCTest
            import Swinject
            final class Injector {
                static let shared = Injector()
                let container = Container()
                func load<Service>(_ serviceType: Service.Type, name: String? = "stub") -> Service {
                    guard let resolved = container.resolve(serviceType, name: name) else { fatalError() }
                    return resolved
                }
                func setUp() { container.register(Router.self, name: "stub") { _ in Router() } }
            }
            final class RouterTests: XCTestCase { func testRouter() { _ = Injector.shared.load(Router.self) } }
            """
        let g = Linker().link(
            [SwiftFileScanner.scan(source: app, path: "App/Injector.swift"), SwiftFileScanner.scan(source: tests, path: "Tests/InjectorTests.swift")],
            testFiles: ["Tests/InjectorTests.swift"])
        let asked = g.edges.filter { $0.to.hasPrefix("Router") }.map { "\($0.from) -> \($0.to)\($0.optional ? " optional" : "")" }.sorted()
        #expect(asked == ["RouterTests -> Router optional", "RouterTests -> Router#stub optional", "SceneDelegate -> Router"])
        // The test's wrapper alone: its default, asked for as the only name.
        let alone = graph([("Tests/InjectorTests.swift", tests)])
        #expect(alone.edges.filter { $0.to.hasPrefix("Router") }.map(\.to) == ["Router#stub"])
    }
}
