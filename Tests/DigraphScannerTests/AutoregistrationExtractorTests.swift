import DigraphCore
import Testing

/// SwinjectAutoregistration: `autoregister(…, initializer: Impl.init)` resolves what `Impl`'s
/// initializer takes, wherever `Impl` is declared; `r ~> T.self` is a force-unwrapping resolve.
@Suite struct AutoregistrationExtractorTests {
    static let services = """
        protocol APIClient {}
        final class HTTPClient: APIClient { init() {} }
        final class Database { init() {} }
        final class FeedService {
            private let api: APIClient
            init(api: APIClient, cache: Database?) { self.api = api }
        }
        """

    @Test func theInitializerInAnotherFileGivesTheDependencies() throws {
        let g = graph([
            ("Services.swift", Self.services),
            ("Assembly.swift", """
            import Swinject
            import SwinjectAutoregistration
            final class ServicesAssembly: Assembly {
                func assemble(container: Container) {
                    container.autoregister(APIClient.self, initializer: HTTPClient.init).inObjectScope(.container)
                    container.autoregister(Database.self, initializer: Database.init)
                    container.autoregister(Feeding.self, initializer: FeedService.init)
                }
            }
            """),
        ])
        let feed = try #require(g.service("Feeding"))
        #expect(feed.implementation == ["FeedService"] && feed.style == "swinject" && feed.lifetime == .graph)
        #expect(g.service("APIClient")?.lifetime == .singleton)
        let api = try #require(g.edge("Feeding", "APIClient"))
        #expect(api.timing == .eager && api.via == .initializer && api.retained && !api.missing && !api.optional)
        // An optional parameter is resolved to nil when nothing is registered.
        #expect(g.edge("Feeding", "Database")?.optional == true)
        #expect(g.unanalyzable.isEmpty)
    }

    @Test func anUnregisteredParameterIsMissing() {
        let d = diagnostics([
            ("Services.swift", Self.services),
            ("Assembly.swift", "container.autoregister(Feeding.self, initializer: FeedService.init)"),
        ])
        let missing = d.filter { $0.rule == "missing_registration" }
        // The optional one is a note, the other an error.
        #expect(Set(missing.map { "\($0.services) \($0.severity)" }) == ["[\"APIClient\", \"Feeding\"] error", "[\"Database\", \"Feeding\"] note"])
    }

    @Test func overloadsArePickedByLabelsOrReportedWhenAmbiguous() {
        let declarations = """
            final class Player {
                init(engine: Engine) {}
                init(engine: Engine, logger: Logger) {}
            }
            final class Screen: UIViewController {
                init(model: ScreenModel) { super.init(nibName: nil, bundle: nil) }
                required init?(coder: NSCoder) { fatalError() }
            }
            """
        let g = graph([
            ("Declarations.swift", declarations),
            ("Assembly.swift", """
            container.autoregister(Player.self, name: "full", initializer: Player.init(engine:logger:))
            container.autoregister(Player.self, initializer: Player.init)
            container.autoregister(Screen.self, initializer: Screen.init)
            """),
        ])
        #expect(g.edge("Player#full", "Logger") != nil && g.edge("Player#full", "Engine") != nil)
        #expect(g.outgoing("Player").isEmpty)
        #expect(g.unanalyzable.map(\.message).contains { $0.contains("`Player.init` is overloaded") })
        // `init?(coder:)` is never what `Screen.init` names for a non-optional `Screen`.
        #expect(g.edge("Screen", "ScreenModel") != nil && g.edge("Screen", "NSCoder") == nil)
    }

    @Test func inheritedExtensionMemberwiseAndAliasedInitializers() {
        let g = graph([
            ("Declarations.swift", """
            class BaseCoordinator { init(router: Router) {} }
            final class HomeCoordinator: BaseCoordinator {}
            struct Settings { let store: Store; var flag = false }
            final class Purchases { init() {} }
            extension Purchases { convenience init(store: Store, api: APIClient) { self.init() } }
            final class Moonpay {
                typealias Provider = MoonpayProvider
                init(provider: Provider) {}
            }
            """),
            ("Assembly.swift", """
            container.autoregister(HomeCoordinator.self, initializer: HomeCoordinator.init)
            container.autoregister(Settings.self, initializer: Settings.init)
            container.autoregister(Purchases.self, initializer: Purchases.init(store:api:))
            container.autoregister(Moonpay.self, initializer: Moonpay.init)
            """),
        ])
        #expect(g.edge("HomeCoordinator", "Router") != nil)
        #expect(g.edge("Settings", "Store") != nil && g.edge("Settings", "Bool") != nil)
        #expect(g.edge("Purchases", "APIClient") != nil)
        #expect(g.edge("Moonpay", "MoonpayProvider") != nil)
    }

    @Test func runtimeArgumentsAreKeyedAndNotResolved() throws {
        let g = graph([
            ("Declarations.swift", "final class DetailViewModel { init(id: String, api: APIClient) {} }"),
            ("Assembly.swift", """
            container.autoregister(DetailViewModel.self, argument: String.self, initializer: DetailViewModel.init)
            container.autoregister(Pair.self, arguments: Int.self, String.self, initializer: { (a: Int, b: String, c: Clock) in Pair(a, b, c) })
            """),
        ])
        #expect(g.service("DetailViewModel(String)") != nil)
        #expect(g.edge("DetailViewModel(String)", "APIClient") != nil && g.edge("DetailViewModel(String)", "String") == nil)
        let pair = try #require(g.service("Pair(Int,String)"))
        #expect(pair.implementation == ["Pair"])
        #expect(g.outgoing(pair.id).map(\.to) == ["Clock"])
    }

    @Test func whatCannotBeReadIsReportedNotGuessed() {
        let f = facts("""
            container.autoregister(A.self, initializer: A.make)
            container.autoregister(B.self) { B(x: $0) }
            container.autoregister(C.self) { C() }
            """)
        #expect(f.registrations.map(\.serviceID) == ["A", "B", "C"])
        #expect(f.unanalyzable.count == 2)
        let g = graph("container.autoregister(Feeding.self, initializer: ExternalFeed.init)")
        #expect(g.unanalyzable.map(\.message) == [
            "cannot tell what `ExternalFeed.init` takes: `ExternalFeed` is not declared in the scanned sources"
        ])
    }

    @Test func theResolveOperatorInEveryShape() throws {
        let g = graph([("Assembly.swift", """
            import Swinject
            import SwinjectAutoregistration
            container.register(Presenter.self) { (r, nav: UINavigationController) in Presenter(nav: nav) }
            container.register(Row.self) { (r, model: Model, nav: UINavigationController) in Row() }
            container.register(Screen.self) { (resolver, nav: UINavigationController) in
                Screen(
                    api: resolver ~> APIClient.self,
                    db: resolver ~> (Database.self, name: "primary"),
                    count: resolver ~> (Counter.self, argument: 5),
                    presenter: resolver ~> (Presenter.self, nav),
                    alert: resolver ~> (Alert.self, nav as UIViewController),
                    rows: { resolver ~> (Row.self, ($0, nav)) }
                )
            }
            """)])
        let api = try #require(g.edge("Screen(UINavigationController)", "APIClient"))
        #expect(api.timing == .eager && api.retained && !api.optional && api.missing)
        #expect(g.edge("Screen(UINavigationController)", "Database#primary") != nil)
        #expect(g.edge("Screen(UINavigationController)", "Counter(Int)") != nil)
        #expect(g.edge("Screen(UINavigationController)", "Presenter(UINavigationController)")?.missing == false)
        #expect(g.edge("Screen(UINavigationController)", "Alert(UIViewController)") != nil)
        let row = try #require(g.edge("Screen(UINavigationController)", "Row(Model,UINavigationController)"))
        #expect(row.timing == .deferred && !row.missing)
    }

    @Test func theOperatorAtACompositionRootAssignsToAProperty() throws {
        let g = graph("""
            final class AppDelegate {
                let window: WindowFactory
                override init() {
                    window = assembler.resolver ~> WindowFactory.self
                    super.init()
                }
            }
            """)
        let edge = try #require(g.edge("AppDelegate", "WindowFactory"))
        #expect(edge.timing == .eager && edge.retained && edge.missing)
    }

    @Test(arguments: [
        "center.autoregister(for: .launch)",
        "autoregister()",
        "let x = a ~> b",
        "view.top ~> superview.top",
        "func autoregister<T>(_ t: T.Type, initializer: @escaping () -> T) { container.autoregister(t, initializer: initializer) }",
    ])
    func lookAlikesAreNotAutoregistration(source: String) {
        let f = facts(source)
        #expect(f.registrations.isEmpty && f.requests.isEmpty && f.initializerRequests.isEmpty, "\(f)")
    }
}
