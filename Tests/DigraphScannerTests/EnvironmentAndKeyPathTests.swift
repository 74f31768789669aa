import DigraphCore
import Testing

/// `Has…` protocol environments, seed 004's key-path container, seed 002's tuple dependencies.
@Suite struct EnvironmentAndKeyPathTests {
    static let environment = """
        protocol HasUserSession { var userSession: UserSession { get } }
        protocol HasTracker { var tracker: Tracker { get } }
        protocol AppDependencies: HasUserSession, HasTracker {}
        final class AppEnvironment: AppDependencies {
            static let shared = AppEnvironment()
            let userSession = UserSession()
            lazy var tracker: Tracker = ConsoleTracker()
        }
        """

    @Test func consumersReadTheEnvironmentsProperties() {
        let g = graph([
            ("Environment.swift", Self.environment),
            ("Profile.swift", """
            final class ProfileViewModel {
                typealias Dependencies = HasUserSession & HasTracker
                init(dependencies: Dependencies = AppEnvironment.shared) {}
            }
            """),
        ])
        #expect(g.service("AppEnvironment.userSession")?.style == "has-environment")
        #expect(g.service("AppEnvironment.userSession")?.lifetime == .singleton)
        #expect(g.edge("ProfileViewModel", "AppEnvironment.userSession")?.via == .environment)
        #expect(g.edge("ProfileViewModel", "AppEnvironment.tracker")?.timing == .deferred)
        #expect(g.edge("ProfileViewModel", "AppEnvironment.shared")?.timing == .eager)
    }

    @Test func aRequirementTheEnvironmentLacksIsMissing() {
        let d = diagnostics([
            ("Environment.swift", """
            protocol HasUserSession { var userSession: UserSession { get } }
            protocol HasTracker { var tracker: Tracker { get } }
            final class LoginEnvironment: HasUserSession { let userSession = UserSession() }
            """),
            ("Login.swift", """
            final class LoginViewModel {
                typealias Dependencies = HasUserSession & HasTracker
                init(dependencies: Dependencies) {}
            }
            extension LoginViewModel {
                convenience init() { self.init(dependencies: LoginEnvironment()) }
            }
            """),
        ])
        let missing = d.filter { $0.rule == "missing_registration" }
        #expect(missing.map(\.services) == [["LoginEnvironment.tracker", "LoginViewModel"]])
        #expect(missing.first?.message.contains("`HasTracker` requires") == true)
    }

    /// The environment conforming to `Has…` protocols (or to their composition) is the style's
    /// composition root: lazy properties built from each other are a cycle, one keeping what a
    /// factory method makes per call is captive; a `…Environment` that conforms to nothing of the
    /// kind is left alone.
    @Test func theEnvironmentsLazyPropertiesCompose() {
        let d = diagnostics([
            ("Requirements.swift", """
            protocol HasCart { var cart: Cart { get } }
            protocol HasPricing { var pricing: Pricing { get } }
            protocol AppDependencies: HasCart, HasPricing {}
            """),
            ("AppEnvironment.swift", """
            final class AppEnvironment: AppDependencies {
                static let shared = AppEnvironment()
                lazy var cart: Cart = Cart(pricing: pricing)
                lazy var pricing: Pricing = Pricing(cart: cart)
                lazy var tracker: Tracker = Tracker(session: makeSession())
                func makeSession() -> Session { Session() }
            }
            final class PreviewEnvironment {
                lazy var cart: Cart = Cart(pricing: pricing)
                lazy var pricing: Pricing = Pricing(cart: cart)
            }
            """),
        ])
        #expect(d.filter { $0.rule == "dependency_cycle" }.map(\.services) == [["AppEnvironment.cart", "AppEnvironment.pricing"]])
        #expect(d.filter { $0.rule == "scope_mismatch" }.map(\.services) == [["AppEnvironment.tracker", "AppEnvironment.makeSession"]])
        // Handed to consumers through a requirement, a lazy property is an environment's service.
        let g = graph([
            ("Requirements.swift", "protocol HasCart { var cart: Cart { get } }"),
            ("AppEnvironment.swift", """
            final class AppEnvironment: HasCart {
                static let shared = AppEnvironment()
                let pricing = Pricing()
                lazy var cart: Cart = Cart(pricing: pricing)
            }
            final class CartViewModel { init(dependencies: HasCart = AppEnvironment.shared) {} }
            """),
        ])
        #expect(g.service("AppEnvironment.cart")?.style == "has-environment")
        #expect(g.edge("AppEnvironment.cart", "AppEnvironment.pricing")?.timing == .eager)
    }

    /// `AppEnvironment.shared as! Dependencies` compiles whatever the environment lacks, and traps.
    @Test func aForceCastEnvironmentIsChecked() {
        let d = diagnostics([
            ("Environment.swift", """
            protocol HasUserSession { var userSession: UserSession { get } }
            protocol HasFlags { var flags: Flags { get } }
            final class AppEnvironment: HasUserSession {
                static let shared = AppEnvironment()
                let userSession = UserSession()
            }
            """),
            ("Settings.swift", """
            final class SettingsViewModel {
                typealias Dependencies = HasUserSession & HasFlags
                init(dependencies: Dependencies) {}
                convenience init() { self.init(dependencies: AppEnvironment.shared as! Dependencies) }
            }
            """),
        ])
        #expect(d.filter { $0.rule == "missing_registration" }.map(\.services) == [["AppEnvironment.flags", "SettingsViewModel"]])
    }

    @Test func anEnvironmentDeclaredOutsideTheScanIsNotChecked() {
        let d = diagnostics([("Login.swift", """
            protocol HasTracker { var tracker: Tracker { get } }
            final class LoginViewModel {
                typealias Dependencies = HasTracker
                init(dependencies: Dependencies = ThirdPartyEnvironment.shared) {}
            }
            """)])
        #expect(!d.contains { $0.rule == "missing_registration" })
    }

    /// HTW Dresden's coordinators: `init(context: Services)` with the type's own
    /// `typealias Services = HasA & HasB`, built by a composition root that names no `Has…`
    /// protocol (`DashboardCoordinator(context: appContext)`); a coordinator handing its
    /// `let context: Service` on hands a requirement, not an environment, even where another
    /// type of the project is also called `Service`.
    @Test func coordinatorsTakeTheirContextAndHandItOn() {
        let d = diagnostics([
            ("AppContext.swift", """
            protocol HasApiService { var apiService: ApiService { get } }
            protocol HasDashboard { var dashboardService: DashboardService { get } }
            class AppContext: HasApiService, HasDashboard {
                lazy var apiService = ApiService()
                lazy var dashboardService = DashboardService()
            }
            """),
            ("AppCoordinator.swift", """
            class AppCoordinator {
                let appContext = AppContext()
                private lazy var dashboard = DashboardCoordinator(context: appContext)
                private lazy var campus = CampusPlanCoordinator(context: appContext)
            }
            """),
            ("DashboardCoordinator.swift", """
            class DashboardCoordinator {
                typealias Services = HasDashboard & HasApiService
                let context: Services
                init(context: Services) { self.context = context }
            }
            """),
            ("CampusPlanCoordinator.swift", """
            class CampusPlanCoordinator {
                typealias Service = HasApiService
                let context: Service
                init(context: Service) { self.context = context }
                func make() -> CampusPlanViewModel { CampusPlanViewModel(context: context) }
            }
            final class CampusPlanViewModel {
                init(context: HasApiService) {}
            }
            """),
            ("Service.swift", "class Service {}"),
        ])
        #expect(d.filter { $0.severity != .note }.isEmpty, "\(d.map(\.message))")
        let g = graph([
            ("AppContext.swift", """
            protocol HasApiService { var apiService: ApiService { get } }
            protocol HasDashboard { var dashboardService: DashboardService { get } }
            class AppContext: HasApiService, HasDashboard {
                lazy var apiService = ApiService()
                lazy var dashboardService = DashboardService()
            }
            """),
            ("AppCoordinator.swift", """
            class AppCoordinator {
                let appContext = AppContext()
                private lazy var dashboard = DashboardCoordinator(context: appContext)
            }
            """),
            ("DashboardCoordinator.swift", """
            class DashboardCoordinator {
                typealias Services = HasDashboard & HasApiService
                init(context: Services) {}
            }
            """),
        ])
        #expect(g.edge("DashboardCoordinator", "AppContext.dashboardService")?.via == .environment)
        #expect(g.edge("DashboardCoordinator", "AppContext.apiService")?.timing == .deferred)
    }

    /// bitwarden's authenticator: one `ServiceContainer` conforming to `typealias Services = HasA & …`
    /// is built at launch and handed on through modules, coordinators and processors, each
    /// declaring its own narrower `typealias Services`. Every hand reads from that container.
    static let handedOnEnvironment: [(String, String)] = [
        ("Services.swift", """
        typealias Services = HasErrorReporter & HasStateService
        protocol HasErrorReporter { var errorReporter: ErrorReporter { get } }
        protocol HasStateService { var stateService: StateService { get } }
        class ServiceContainer: Services {
            let errorReporter: ErrorReporter
            let stateService: StateService
            init(errorReporter: ErrorReporter, stateService: StateService) {
                self.errorReporter = errorReporter
                self.stateService = stateService
            }
        }
        """),
        ("AppDelegate.swift", """
        class AppDelegate {
            var module: DefaultAppModule?
            func launch() {
                let services = ServiceContainer(errorReporter: OSLogErrorReporter(), stateService: DefaultStateService())
                module = DefaultAppModule(services: services)
            }
        }
        """),
        ("AppModule.swift", """
        class DefaultAppModule {
            let services: Services
            init(services: ServiceContainer) { self.services = services }
        }
        """),
        // Names no `Has…` protocol, and the label is on a line of its own.
        ("TutorialModule.swift", """
        extension DefaultAppModule {
            func makeTutorialCoordinator() -> TutorialCoordinator {
                TutorialCoordinator(
                    services: services
                )
            }
        }
        """),
        ("TutorialCoordinator.swift", """
        class TutorialCoordinator {
            typealias Services = HasErrorReporter
            private let services: Services
            init(services: Services) { self.services = services }
            func start() -> TutorialProcessor { TutorialProcessor(services: services) }
        }
        final class TutorialProcessor {
            typealias Services = HasErrorReporter & HasStateService
            init(services: Services) {}
        }
        """),
    ]

    @Test func anEnvironmentHandedOnReachesEveryHand() {
        let g = graph(Self.handedOnEnvironment)
        #expect(g.service("ServiceContainer.errorReporter")?.style == "has-environment")
        #expect(g.edge("TutorialCoordinator", "ServiceContainer.errorReporter")?.via == .environment)
        #expect(g.edge("TutorialProcessor", "ServiceContainer.errorReporter")?.via == .environment)
        #expect(g.edge("TutorialProcessor", "ServiceContainer.stateService")?.timing == .deferred)
        #expect(g.edge("TutorialCoordinator", "ServiceContainer.stateService") == nil)
        let d = diagnostics(Self.handedOnEnvironment)
        #expect(!d.contains { $0.rule == "missing_registration" }, "\(d.map(\.message))")
    }

    /// Handed on, a requirement the environment seems to lack is not a miss: the compiler checked
    /// it against what was handed on, so digraph did not read that environment whole.
    @Test func aHandedOnRequirementTheEnvironmentSeemsToLackIsNoMiss() {
        var files = Self.handedOnEnvironment
        files[4].1 = files[4].1.replacingOccurrences(
            of: "typealias Services = HasErrorReporter & HasStateService", with: "typealias Services = HasErrorReporter & HasClock")
        files.append(("Clock.swift", "protocol HasClock { var clock: Clock { get } }"))
        let d = diagnostics(files)
        #expect(!d.contains { $0.rule == "missing_registration" }, "\(d.map(\.message))")
        #expect(graph(files).edge("TutorialProcessor", "ServiceContainer.clock") == nil)
    }

    /// Rise's view controllers take `deps:` (`typealias Deps = HasGetSchedule & HasAdjustSchedule`).
    @Test func depsIsAnEnvironmentLabel() {
        let g = graph([
            ("Environment.swift", Self.environment),
            ("Today.swift", """
            final class TodayViewController {
                typealias Deps = HasUserSession
                init(deps: Deps) {}
            }
            func makeToday() -> TodayViewController { TodayViewController(deps: AppEnvironment.shared) }
            """),
        ])
        #expect(g.edge("TodayViewController", "AppEnvironment.userSession")?.via == .environment)
    }

    /// Rise: the environment reaches the view controllers through a coordinator built with a label
    /// that says nothing (`Coordinator(useCases: useCaseLocator)`); the one concrete type of the
    /// scan conforming to every requirement is the only value they can be given. With two such
    /// types nothing is linked: which one arrives is not read.
    @Test func theOnlyConformingEnvironmentIsTheOneGiven() {
        var files: [(String, String)] = [
            ("UseCases.swift", """
            public typealias UseCases = HasGetSchedule & HasAdjustSchedule
            public protocol HasGetSchedule { var getSchedule: GetSchedule { get } }
            public protocol HasAdjustSchedule { var adjustSchedule: AdjustSchedule { get } }
            public final class UseCaseLocator: UseCases {
                public var getSchedule: GetSchedule { GetScheduleImpl() }
                public var adjustSchedule: AdjustSchedule { AdjustScheduleImpl() }
            }
            """),
            ("Coordinator.swift", """
            final class Coordinator {
                private let useCases: UseCases
                init(useCases: UseCases) { self.useCases = useCases }
                func today() -> TodayViewController { TodayViewController(deps: useCases) }
            }
            final class TodayViewController {
                typealias Deps = HasGetSchedule
                init(deps: Deps) {}
            }
            """),
            ("AppDelegate.swift", """
            final class AppDelegate {
                let coordinator = Coordinator(useCases: UseCaseLocator())
            }
            """),
        ]
        #expect(graph(files).edge("TodayViewController", "UseCaseLocator.getSchedule")?.via == .environment)
        files.append(("Preview.swift", """
            final class PreviewUseCases: UseCases {
                var getSchedule: GetSchedule { GetScheduleStub() }
                var adjustSchedule: AdjustSchedule { AdjustScheduleStub() }
            }
            """))
        let g = graph(files)
        #expect(g.edge("TodayViewController", "UseCaseLocator.getSchedule") == nil)
        #expect(g.edge("TodayViewController", "PreviewUseCases.getSchedule") == nil)
    }

    @Test func keyPathContainerKeysReadsAndCycles() {
        let d = diagnostics([("Keys.swift", """
            struct CatalogKey: DependencyKey { static var currentValue: Catalog = Catalog() }
            struct PricingKey: DependencyKey { static var currentValue: Pricing = Pricing() }
            struct SessionKey: LazyDependencyKey { static var currentValue: Session? }
            extension DependencyContainer {
                var catalog: Catalog { get { Self[CatalogKey.self] } set { Self[CatalogKey.self] = newValue } }
                var pricing: Pricing { get { Self[PricingKey.self] } set { Self[PricingKey.self] = newValue } }
                var session: Session { get { Self[SessionKey.self] } set { Self[SessionKey.self] = newValue } }
            }
            final class Catalog { let pricing: Pricing; init() { pricing = DependencyContainer[\\.pricing] } }
            final class Pricing { let catalog: Catalog; init() { catalog = DependencyContainer[\\.catalog] } }
            final class Profile { @Dependency(\\.session) var session }
            func launch() { DependencyContainer[\\.session] = Session() }
            """)])
        #expect(d.filter { $0.rule == "dependency_cycle" }.map(\.services) == [
            ["DependencyContainer.catalog", "DependencyContainer.pricing"]
        ])
        // Assigned through the subscript at launch: not missing.
        #expect(!d.contains { $0.rule == "missing_registration" })
    }

    @Test func tupleElementsNothingRegistersAreMissing() {
        let d = diagnostics([("App.swift", """
            class MyViewModel {
                typealias Dependency = (APIClientProtocol, LoggerProtocol, DatabaseProtocol)
                let (apiClient, logger, database): Dependency
                init(dependency: Dependency, id: String) { (apiClient, logger, database) = dependency }
            }
            container.register(APIClientProtocol.self) { _ in APIClient() }
            container.register(LoggerProtocol.self) { _ in Logger() }
            container.register(MyViewModel.self) { (resolver, id: String) in
                let dependency = (resolver.resolve(APIClientProtocol.self)!, resolver.resolve(LoggerProtocol.self)!)
                return MyViewModel(dependency: dependency, id: id)
            }
            """)])
        let missing = d.filter { $0.rule == "missing_registration" }
        #expect(missing.map(\.services) == [["DatabaseProtocol", "MyViewModel(String)"]])
    }

    /// The closure resolves the element the tuple names: one edge, so one finding, at the resolve.
    @Test func anElementTheClosureResolvesIsOneEdge() {
        let d = diagnostics([("App.swift", """
            class FeedViewModel {
                typealias Dependency = (APIClientProtocol, DatabaseProtocol)
                init(dependency: Dependency) {}
            }
            container.register(APIClientProtocol.self) { _ in APIClient() }
            container.register(FeedViewModel.self) { r in
                FeedViewModel(dependency: (r.resolve(APIClientProtocol.self)!, r.resolve(DatabaseProtocol.self)!))
            }
            """)])
        let missing = d.filter { $0.rule == "missing_registration" }
        #expect(missing.map(\.services) == [["DatabaseProtocol", "FeedViewModel"]])
        #expect(missing.first?.location.line == 7)
    }

    @Test func tupleDependenciesOfATypeNoContainerBuildsAreNotRequests() {
        let d = diagnostics([("App.swift", """
            class Screen {
                typealias Dependency = (Router, Theme)
                init(dependency: Dependency) {}
            }
            let screen = Screen(dependency: (Router(), Theme()))
            """)])
        #expect(d.isEmpty, "\(d.map(\.message))")
    }

    @Test func tupleTypesSplitAtTheirTopLevel() {
        #expect(TupleTypes.elements("(A,B<C,D>,[E:F])") == ["A", "B<C,D>", "[E:F]"])
        #expect(TupleTypes.elements("(api:APIClient,log:Logger)") == ["APIClient", "Logger"])
        #expect(TupleTypes.elements("(A)") == nil)
        #expect(TupleTypes.elements("A") == nil)
    }
}
