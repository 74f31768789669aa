import DigraphCore
import Testing

/// Hand-written composition (seeds 000 and 003): factories and DI containers, their look-alikes,
/// and seed 001's protocol injectors.
@Suite struct CompositionExtractorTests {
    // MARK: - Factories

    /// Seed 003: enum factories, one building with the other's product.
    @Test func enumFactoriesBuildingWithEachOthersProducts() {
        let g = graph("""
            protocol AuthService {}
            enum AuthServiceFactory {
                static func create() -> AuthService { AuthServiceImpl() }
            }
            enum LoginScreenFactory {
                static func createLoginScreen() -> UIViewController {
                    let authService = AuthServiceFactory.create()
                    let loginVM = LoginViewModel(authService: authService)
                    return LoginViewController(viewModel: loginVM)
                }
            }
            let loginVC = LoginScreenFactory.createLoginScreen()
            """)
        let auth = g.service("AuthServiceFactory.create")
        #expect(auth?.style == "composition")
        #expect(auth?.type == "AuthService" && auth?.implementation == ["AuthServiceImpl"])
        #expect(auth?.lifetime == .transient)
        #expect(g.service("LoginScreenFactory.createLoginScreen")?.implementation == ["LoginViewController"])
        let edge = g.edge("LoginScreenFactory.createLoginScreen", "AuthServiceFactory.create")
        #expect(edge?.timing == .eager && edge?.retained == true && edge?.via == .method)
        #expect(g.rootRequests.contains { $0.to == "LoginScreenFactory.createLoginScreen" && $0.timing == .eager })
    }

    /// A `…Factory` that builds views from values is a helper, not composition.
    @Test func aHelperFactoryIsNotComposition() {
        let g = graph("""
            enum ViewFactory {
                static func createView() -> UIView { UIView() }
                static func makeTitleLabel(text: String) -> UILabel { UILabel(text: text) }
            }
            final class AboutRowsFactory {
                func makeRows(for version: String) -> [AboutRow] { [AboutRow(title: version)] }
                func buildHeader(title: String) -> HeaderView { HeaderView(title: title, style: .large) }
            }
            // ruuvi's chart factory: one factory decorating another's product.
            enum GraphDataSetFactory {
                static func createDataSet(entries: [Entry], color: UIColor) -> LineChartDataSet {
                    let dataSet = createBaseDataSet(entries: entries)
                    dataSet.setColor(color)
                    return dataSet
                }
                static func createBaseDataSet(entries: [Entry]) -> LineChartDataSet { LineChartDataSet(entries: entries) }
            }
            // sharedshopping's window factory: configured with a size, not composed.
            final class AppWindowFactory {
                private let size: CGSize
                init(size: CGSize) { self.size = size }
                func createAppWindow() -> UIWindow { UIWindow(frame: CGRect(origin: .zero, size: size)) }
            }
            // FitBody's section factory: helpers gathered into the returned array, built from the input.
            final class DietSectionsFactory {
                func make(from meals: [Meal]) -> [DietSection] {
                    [DietSection(kind: .top, rows: [.top]), makeBreakfastSection(from: meals), makeLunchSection(from: meals)].compactMap { $0 }
                }
                private func makeBreakfastSection(from meals: [Meal]) -> DietSection? {
                    let sorted = meals.filter { $0.kind == .breakfast }
                    return DietSection(kind: .meals("Breakfast", sorted.count), rows: sorted.map { .meal($0) })
                }
                private func makeLunchSection(from meals: [Meal]) -> DietSection? { DietSection(kind: .lunch, rows: []) }
            }
            // A helper using what it holds to compute, not passing it on.
            final class LabelFactory {
                private let formatter: DateFormatter
                init(formatter: DateFormatter) { self.formatter = formatter }
                func makeLabel(date: Date) -> UILabel { UILabel(text: formatter.string(from: date)) }
            }
            let view = ViewFactory.createView()
            """)
        #expect(!g.services.contains { $0.style == "composition" }, "\(g.services.map(\.id))")
        #expect(g.rootRequests.isEmpty)
    }

    /// Seed 000: a factory struct holding an environment, passing what it holds into the screen;
    /// a view controller asking it through a protocol-typed property.
    @Test func aFactoryHoldingDependenciesAndItsConsumer() {
        let g = graph([
            ("Factory.swift", """
            protocol ViewControllersFactoryProtocol {
                func makePokemonTradeViewController(for pokemon: Pokemon, userID: String) -> UIViewController
            }
            struct ViewControllersFactory: ViewControllersFactoryProtocol {
                typealias Dependencies = HasPokemonsService & HasTradingManager
                private let dependencies: Dependencies
                init(dependencies: Dependencies = AppDependenciesEnvironment.shared) { self.dependencies = dependencies }
                func makePokemonTradeViewController(for pokemon: Pokemon, userID: String) -> UIViewController {
                    let viewController: PokemonTradeViewController = .init(
                        pokemonIWant: pokemon, userToTradeWithID: userID,
                        tradingManager: dependencies.tradingManager, pokemonsService: dependencies.pokemonsService)
                    return viewController
                }
            }
            """),
            ("List.swift", """
            final class PokemonListViewController: UITableViewController {
                private let viewControllersFactory: ViewControllersFactoryProtocol
                init(viewControllersFactory: ViewControllersFactoryProtocol) { self.viewControllersFactory = viewControllersFactory }
                func didSelect(_ pokemon: Pokemon) {
                    let trade = viewControllersFactory.makePokemonTradeViewController(for: pokemon, userID: "42")
                    navigationController?.pushViewController(trade, animated: true)
                }
            }
            """),
        ])
        let service = g.service("ViewControllersFactory.makePokemonTradeViewController")
        #expect(service?.implementation == ["PokemonTradeViewController"])
        #expect(service?.arguments == ["Pokemon", "String"])
        let consumer = g.edge("PokemonListViewController", "ViewControllersFactory.makePokemonTradeViewController")
        #expect(consumer?.timing == .deferred && consumer?.via == .method)
    }

    /// Twin of the seed's consumer above (RickAndMortyTex's tests): a second type conforming to
    /// the protocol (a mock compiled beside the live factory) leaves which `make…` the consumer
    /// calls unwritten, so no edge is guessed to either.
    @Test func aProtocolTwoTypesConformToNamesNoFactory() {
        let g = graph([
            ("Factory.swift", """
            protocol ScreenFactoryProtocol { func makeDetail(id: String) -> UIViewController }
            struct ScreenFactory: ScreenFactoryProtocol {
                private let api: API
                init(api: API) { self.api = api }
                func makeDetail(id: String) -> UIViewController { DetailViewController(id: id, api: api) }
            }
            final class MockScreenFactory: ScreenFactoryProtocol {
                var made = 0
                func makeDetail(id: String) -> UIViewController { made += 1; return UIViewController() }
            }
            """),
            ("List.swift", """
            final class ListViewController: UITableViewController {
                private let factory: ScreenFactoryProtocol
                init(factory: ScreenFactoryProtocol) { self.factory = factory }
                func didSelect(_ id: String) { navigationController?.pushViewController(factory.makeDetail(id: id), animated: true) }
            }
            """),
        ])
        #expect(g.service("ScreenFactory.makeDetail") != nil)
        #expect(g.edges.filter { $0.from == "ListViewController" }.isEmpty)
    }

    // MARK: - Containers

    static let sceneContainer = """
        final class AppDIContainer {
            lazy var configuration = AppConfiguration()
            lazy var api: DataTransferService = {
                let network = DefaultNetworkService(baseURL: configuration.baseURL)
                return DefaultDataTransferService(with: network)
            }()
            func makeMoviesSceneDIContainer() -> MoviesSceneDIContainer {
                MoviesSceneDIContainer(api: api)
            }
        }
        final class MoviesSceneDIContainer {
            private let api: DataTransferService
            lazy var queriesStorage: QueriesStorage = CoreDataQueriesStorage(maxStorageLimit: 10)
            init(api: DataTransferService) { self.api = api }
            func makeSearchUseCase() -> SearchUseCase {
                DefaultSearchUseCase(repository: makeRepository(), queries: makeQueriesRepository())
            }
            func makeRepository() -> MoviesRepository { DefaultMoviesRepository(api: api) }
            func makeQueriesRepository() -> QueriesRepository { DefaultQueriesRepository(storage: queriesStorage) }
            func makeListViewModel(actions: Actions) -> ListViewModel {
                DefaultListViewModel(searchUseCase: makeSearchUseCase(), actions: actions,
                                     fetchQueriesFactory: makeFetchQueriesUseCase, onSelect: { self.makeDetail() })
            }
            func makeFetchQueriesUseCase() -> UseCase { FetchQueriesUseCase(queries: makeQueriesRepository()) }
            func makeDetail() -> DetailViewController { DetailViewController() }
        }
        """

    /// The container built once in `AppDelegate` caches singletons; the scene container it makes per
    /// call caches per instance (`scoped`); factory methods are transient.
    @Test func lazyVarContainersAndTheirLifetimes() {
        let g = graph([
            ("Containers.swift", Self.sceneContainer),
            ("AppDelegate.swift", """
            @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                let appDIContainer = AppDIContainer()
                func start() { let scene = appDIContainer.makeMoviesSceneDIContainer() }
            }
            """),
        ])
        #expect(g.service("AppDIContainer.api")?.lifetime == .singleton)
        #expect(g.service("AppDIContainer.api")?.implementation == ["DefaultDataTransferService"])
        #expect(g.service("AppDIContainer.configuration")?.lifetime == .singleton)
        #expect(g.service("MoviesSceneDIContainer.queriesStorage")?.lifetime == .scoped)
        #expect(g.service("MoviesSceneDIContainer.makeSearchUseCase")?.lifetime == .transient)
        // The closure called on the spot runs while `api` is built.
        #expect(g.edge("AppDIContainer.api", "AppDIContainer.configuration")?.timing == .eager)
        #expect(g.edge("AppDIContainer.makeMoviesSceneDIContainer", "AppDIContainer.api")?.retained == true)
        #expect(g.edge("MoviesSceneDIContainer.makeSearchUseCase", "MoviesSceneDIContainer.makeRepository")?.timing == .eager)
        #expect(g.edge("MoviesSceneDIContainer.makeQueriesRepository", "MoviesSceneDIContainer.queriesStorage")?.retained == true)
        // A factory passed as a function, and one called inside a stored closure: made later.
        #expect(g.edge("MoviesSceneDIContainer.makeListViewModel", "MoviesSceneDIContainer.makeFetchQueriesUseCase")?.timing == .deferred)
        #expect(g.edge("MoviesSceneDIContainer.makeListViewModel", "MoviesSceneDIContainer.makeDetail")?.timing == .deferred)
        // The app delegate's method asks the container (a consumer, not a member).
        #expect(g.edge("AppDelegate", "AppDIContainer.makeMoviesSceneDIContainer")?.timing == .deferred)
    }

    @Test func containerLifetimeFollowsWhereItIsBuilt() {
        let container = """
            final class FeedContainer {
                lazy var store: FeedStore = FeedStore(api: api)
                lazy var api: APIClient = HTTPAPIClient()
            }
            """
        let shared = graph(container.replacingOccurrences(of: "final class FeedContainer {", with: "final class FeedContainer {\n    static let shared = FeedContainer()"))
        #expect(shared.service("FeedContainer.store")?.lifetime == .singleton)
        let global = graph(container + "\nlet container = FeedContainer()")
        #expect(global.service("FeedContainer.store")?.lifetime == .singleton)
        let perScreen = graph(container + "\nfinal class FeedScreen { func open() { let c = FeedContainer() } }")
        #expect(perScreen.service("FeedContainer.store")?.lifetime == .scoped)
        let unseen = graph(container)
        #expect(unseen.service("FeedContainer.store")?.lifetime == .unknown)
        // Tests and previews building their own do not count.
        let tested = graph([
            ("Feed.swift", container + "\nlet container = FeedContainer()"),
            ("Tests/FeedTests.swift", "import XCTest\nfinal class FeedTests: XCTestCase { func testA() { let c = FeedContainer() } }"),
        ])
        #expect(tested.service("FeedContainer.store")?.lifetime == .singleton)
    }

    /// A hand-written container caching by hand: a getter storing what it builds is a lazy property.
    /// (Weaver generates the same shape, conforming to `…DependencyResolver`: the Weaver extractor
    /// reads the annotations it comes from, so that one is not composition.)
    @Test func aGetterCachingWhatItBuildsIsALazyProperty() {
        let weaver = graph("""
            final class AppDelegateDependencyContainer: AppDelegateDependencyResolver {
                private var _urlSession: URLSessionProtocol?
                var urlSession: URLSessionProtocol {
                    if let value = _urlSession { return value }
                    let value = URLSession.make(self)
                    _urlSession = value
                    return value
                }
            }
            """)
        #expect(!weaver.services.contains { $0.style == "composition" })
        let g = graph("""
            final class AppDelegateDependencyContainer {
                private var _homeViewController: UIViewController?
                var homeViewController: UIViewController {
                    if let value = _homeViewController { return value }
                    let dependencies = HomeViewControllerDependencyContainer(injecting: self)
                    let value = HomeViewController(injecting: dependencies)
                    _homeViewController = value
                    return value
                }
                var freshViewController: UIViewController { HomeViewController(injecting: HomeViewControllerDependencyContainer(injecting: self)) }
            }
            let container = AppDelegateDependencyContainer()
            """)
        #expect(g.service("AppDelegateDependencyContainer.homeViewController")?.lifetime == .singleton)
        #expect(g.service("AppDelegateDependencyContainer.freshViewController")?.lifetime == .transient)
    }

    /// A shared container's factory returning a lazy property gives the cached instance.
    @Test func aFactoryReturningAMemberLivesAsLongAsIt() {
        let g = graph("""
            final class AppContainer {
                static let shared = AppContainer()
                lazy var session: Session = Session()
                func makeSession() -> Session { session }
                func makeLogger() -> Logger { Logger.shared }
                func makeClient() -> Client { self.client ?? Client() }
                var client: Client?
                func makeFeed() -> Feed { Feed(session: makeSession(), logger: makeLogger()) }
            }
            """)
        #expect(g.service("AppContainer.makeSession")?.lifetime == .singleton)
        #expect(g.service("AppContainer.makeLogger")?.lifetime == .singleton)
        #expect(g.service("AppContainer.makeClient")?.lifetime == .unknown)
    }

    // MARK: - Findings

    @Test func twoFactoriesBuildingEachOtherAreACycle() {
        let d = diagnostics([("Factories.swift", """
            enum CartFactory { static func make() -> CartService { CartService(pricing: PricingFactory.make()) } }
            enum PricingFactory { static func make() -> PricingService { PricingService(cart: CartFactory.make()) } }
            """)])
        #expect(d.filter { $0.rule == "dependency_cycle" }.map(\.services) == [["CartFactory.make", "PricingFactory.make"]])
        #expect(d.filter { $0.severity != .note }.count == 1)
    }

    @Test func lazyPropertiesReadingEachOtherAreACycle() {
        let d = diagnostics([("AppContainer.swift", """
            final class AppContainer {
                lazy var session: Session = Session(refresher: refresher)
                lazy var refresher: TokenRefresher = TokenRefresher(session: session)
                lazy var feed: Feed = Feed(load: { [unowned self] in self.session.load() })
                lazy var loader: Loader = Loader(feed: feed)
            }
            """)])
        #expect(d.filter { $0.rule == "dependency_cycle" }.map(\.services) == [["AppContainer.refresher", "AppContainer.session"]])
    }

    /// A type whose name says nothing composes when its lazy properties build each other
    /// (ReactorKit's `ServiceProvider`, an app's `Core`): its members are services, their reads edges.
    @Test func lazyPropertiesWiringEachOtherMakeAnyTypeAContainer() {
        let g = graph([("Provider.swift", """
            protocol ServiceProviderProtocol: AnyObject { var historyService: HistoryServiceProtocol { get } }
            final class ServiceProvider: ServiceProviderProtocol {
                private lazy var storage: StorageProtocol = DiskStorage()
                private lazy var network: NetworkProtocol = URLSessionNetwork()
                lazy var syncService: SyncServiceProtocol = SyncService(storage: storage, network: network)
                lazy var historyService: HistoryServiceProtocol = HistoryService(storage: self.storage, sync: syncService)
            }
            """)])
        #expect(g.service("ServiceProvider.historyService")?.style == "composition")
        #expect(g.service("ServiceProvider.network")?.implementation == ["URLSessionNetwork"])
        #expect(g.edge("ServiceProvider.historyService", "ServiceProvider.syncService") != nil)
        #expect(g.edge("ServiceProvider.historyService", "ServiceProvider.storage") != nil)
        #expect(g.edge("ServiceProvider.syncService", "ServiceProvider.network") != nil)
    }

    /// Its twins: lazy values that build nothing from each other (one reading another is a view
    /// model's cache), and reads of another object's members, are no container.
    @Test func lazyPropertiesNotWiringEachOtherAreNoContainer() {
        let g = graph([("Models.swift", """
            final class ProfileViewModel {
                lazy var formatter = DateFormatter()
                lazy var numbers = NumberFormatter()
                lazy var title: String = formatter.string(from: date)
                private let date = Date()
            }
            final class Session {
                lazy var a = A(client: other.client)
                lazy var b = B(client: other.client)
                lazy var c = C()
                let other = Other()
            }
            """)])
        #expect(!g.services.contains { $0.style == "composition" }, "\(g.services.map(\.id))")
    }

    /// A type whose initializer builds its stored properties from each other composes, whatever
    /// its name, in a file that names no factory: each property is a service, each member read
    /// (directly or through a local the member was given) an edge.
    @Test func storedPropertiesAnInitializerWiresAreServices() {
        let g = graph([("Application.swift", """
            final class Application {
                static let shared = Application()
                var serverList: ServerList
                var settings: Settings { didSet { save() } }
                let connection: ConnectionManager
                let contentService: ContentService
                let queue: QueueManager
                private init() {
                    serverList = ServerList()
                    settings = Settings(serverList: serverList)
                    connection = ConnectionManager(settings: settings, vpn: VPNManager())
                    let client = HTTPClient()
                    let content = ContentService(client: client)
                    self.contentService = content
                    self.queue = QueueManager(contentService: content)
                }
                func save() {}
            }
            """)])
        #expect(g.service("Application.settings")?.implementation == ["Settings"])
        #expect(g.service("Application.settings")?.lifetime == .singleton)
        #expect(g.service("Application.contentService")?.implementation == ["ContentService"])
        #expect(g.edge("Application.settings", "Application.serverList")?.timing == .eager)
        #expect(g.edge("Application.connection", "Application.settings")?.retained == true)
        #expect(g.edge("Application.queue", "Application.contentService") != nil)
        // A local no member was given is not a member.
        #expect(!g.edges.contains { $0.to.hasSuffix(".client") })
    }

    /// Its twin: an initializer keeping what it is given, and building one thing from it, is a
    /// consumer, not a container.
    @Test func anInitializerKeepingWhatItIsGivenIsNoContainer() {
        let g = graph([("FeedViewModel.swift", """
            final class FeedViewModel {
                let api: APIClient
                let loader: Loader
                let pager: Pager
                init(api: APIClient, store: Store) {
                    self.api = api
                    self.loader = Loader(api: api)
                    self.pager = Pager(store: store)
                }
            }
            """)])
        #expect(!g.services.contains { $0.style == "composition" }, "\(g.services.map(\.id))")
        // Telegram's `DrawingContext`: values computed from each other's properties are no wiring.
        let values = graph([("DrawingContext.swift", """
            final class DrawingContext {
                let size: CGSize
                let scaledSize: CGSize
                let bounds: CGRect
                init(size: CGSize, scale: CGFloat) {
                    let size: CGSize = CGSize(width: max(1.0, size.width), height: max(1.0, size.height))
                    self.size = size
                    self.scaledSize = CGSize(width: size.width * scale, height: size.height * scale)
                    self.bounds = CGRect(origin: .zero, size: CGSize(width: scaledSize.width, height: scaledSize.height))
                }
            }
            """)])
        #expect(!values.services.contains { $0.style == "composition" }, "\(values.services.map(\.id))")
    }

    @Test func lazyCycleInAnUnnamedContainerIsReported() {
        let d = diagnostics([("Core.swift", """
            final class Core {
                lazy var store = Store(engine: engine)
                lazy var engine = Engine(store: store, runner: runner)
                lazy var runner = Runner()
            }
            """)])
        #expect(d.filter { $0.rule == "dependency_cycle" }.map(\.services) == [["Core.engine", "Core.store"]])
    }

    @Test func aSingletonLazyPropertyKeepingAFactoryProductIsACaptive() {
        let d = diagnostics([("AppContainer.swift", """
            final class AppContainer {
                static let shared = AppContainer()
                lazy var analytics: Analytics = Analytics(session: makeSession())
                lazy var logger: Logger = Logger(level: makeSession().logLevel)
                func makeSession() -> Session { Session(user: currentUser) }
                var currentUser = User.guest
            }
            """)])
        let captives = d.filter { $0.rule == "scope_mismatch" }
        #expect(captives.map(\.services) == [["AppContainer.analytics", "AppContainer.makeSession"]])
        #expect(captives.first?.severity == .warning)
    }

    /// Factories build concrete types: whatever they call that the scan does not declare is not a miss.
    @Test func factoriesNeverReportAMiss() {
        let d = diagnostics([("App.swift", """
            enum FeedFactory {
                static func make() -> FeedViewController { FeedViewController(api: APIFactory.make(), store: StoreFactory.shared.makeStore()) }
            }
            final class SceneContainer { func makeSettings() -> Settings { Settings(theme: makeTheme()) } }
            let feed = FeedFactory.make()
            let settings = SettingsFactory.make()
            """)])
        #expect(d.filter { $0.severity != .note }.isEmpty, "\(d)")
    }

    // MARK: - Look-alikes

    @Test func lookAlikesAreNotComposition() {
        let g = graph("""
            // A SwiftUI view named like a container.
            struct CardContainer: View {
                lazy var formatter = DateFormatter(style: style)
                func makeHeader() -> some View { Header(title: title) }
            }
            // Core Data's container.
            final class PersistenceContainer: NSPersistentContainer {
                lazy var background: NSManagedObjectContext = NSManagedObjectContext(parent: viewContext)
                func makeRequest() -> NSFetchRequest<Item> { NSFetchRequest(entityName: entity) }
            }
            // The Factory library's container.
            extension Container {
                var api: Factory<APIClient> { self { HTTPAPIClient() } }
                var cache: Factory<Cache> { Factory(self) { Cache(api: self.api()) } }
            }
            // A view controller with lazy views and helpers.
            final class ListViewController: UIViewController {
                lazy var tableView = UITableView(frame: bounds)
                lazy var dataSource = DataSource(tableView: tableView)
                func makeCell() -> UITableViewCell { UITableViewCell(style: cellStyle) }
            }
            // UIKit-in-SwiftUI requirements.
            struct MapView: UIViewRepresentable {
                func makeUIView(context: Context) -> MKMapView { MKMapView(frame: frame) }
                func makeCoordinator() -> Coordinator { Coordinator(parent: self) }
            }
            // A container library's own container (DITranquillity's `DIContainer`).
            public final class DIContainer {
                private let componentContainer = ComponentContainer()
                public func makeGraph() -> DIGraph { DIGraph(components: componentContainer.components) }
            }
            extension DIContainer {
                public func register<Impl>(file: String = #file, _ c: @escaping () -> Impl) -> DIComponentBuilder<Impl> { fatalError() }
            }
            // Swiftfin's slider: a representable and a control named like containers.
            struct SliderContainer<Value>: PlatformViewRepresentable {
                func makeUIView(context: Context) -> UISliderContainer<Value> { UISliderContainer(value: value, coordinator: context.coordinator) }
            }
            final class UISliderContainer<Value>: UIControl {
                private let content: Content
                lazy var progressHostingController: UIHostingController = UIHostingController(rootView: content)
            }
            """)
        #expect(!g.services.contains { $0.style == "composition" }, "\(g.services.map(\.id))")
    }

    @Test func aFactoryRecursingOverItsInputIsNoCycle() {
        let d = diagnostics([("TreeFactory.swift", """
            final class TreeFactory {
                lazy var theme: Theme = Theme()
                func makeNode(depth: Int) -> Node { Node(theme: theme, children: depth > 0 ? [makeNode(depth: depth - 1)] : []) }
                func makeBranch(depth: Int) -> Node { Node(theme: theme, children: [makeLeaf(parent: makeBranch)]) }
                func makeLeaf(parent: (Int) -> Node) -> Node { Node(theme: theme, children: []) }
            }
            """)])
        #expect(d.filter { $0.rule == "dependency_cycle" }.isEmpty, "\(d)")
    }

    // MARK: - Protocol injectors (seed 001)

    static let injectable = """
        protocol Injectable: AnyObject {
            var store: Store! { get set }
            var context: Context! { get set }
        }
        """

    @Test func anInjectorFeedsEveryConformingType() {
        let g = graph([
            ("Injectable.swift", Self.injectable),
            ("Root.swift", """
            let injector = Injector<Injectable, Store>(callback: { controller, store in controller.store = store })
            if let root = window?.rootViewController { injector.inject(into: root, data: store) }
            """),
            ("Screens.swift", """
            final class ListViewController: UIViewController, Injectable {
                var store: Store!
                var context: Context!
                override func viewDidLoad() { context = store.makeContext() }
            }
            final class DetailViewController: UIViewController {}
            extension DetailViewController: Injectable {
                var store: Store! { get { nil } set {} }
                var context: Context! { get { nil } set {} }
            }
            """),
        ])
        let service = g.service("Injectable.store")
        #expect(service?.style == "injector" && service?.type == "Store")
        #expect(service?.lifetime == .unknown)
        for screen in ["ListViewController", "DetailViewController"] {
            let edge = g.edge(screen, "Injectable.store")
            #expect(edge?.timing == .deferred && edge?.via == .property && edge?.missing == false, "\(screen)")
        }
        // `context` is assigned by the list itself: not missing.
        #expect(g.edge("ListViewController", "Injectable.context")?.missing == false)
    }

    @Test func aRequirementNothingSetsIsMissing() {
        let d = diagnostics([
            ("Injectable.swift", Self.injectable),
            ("Inject.swift", """
            func inject(into controller: UIViewController, data: Store) {
                if let dest = controller as? Injectable { dest.store = data }
                for child in controller.children { inject(into: child, data: data) }
            }
            """),
            ("List.swift", "final class ListViewController: UIViewController, Injectable { var store: Store!; var context: Context! }"),
        ])
        let missing = d.filter { $0.rule == "missing_registration" }
        #expect(missing.map(\.services) == [["Injectable.context", "ListViewController"]])
        #expect(missing.first?.message.contains("implicitly unwrapped requirement") == true)
        #expect(d.filter { $0.severity != .note }.count == 1)
    }

    /// Without an injector, an implicitly unwrapped requirement is often an outlet a storyboard fills.
    @Test func anImplicitlyUnwrappedRequirementWithoutAnInjectorIsNotRead() {
        let g = graph("""
            protocol ListView: AnyObject { var tableView: UITableView! { get set } }
            final class ListViewController: UIViewController, ListView { @IBOutlet var tableView: UITableView! }
            """)
        #expect(g.edges.isEmpty && !g.services.contains { $0.style == "injector" })
    }

    /// The seed's generic `Injector` itself casts to its type parameter: not an injector of a protocol.
    @Test func theGenericInjectorIsNotAnInjector() {
        let f = facts("""
            struct Injector<ProtocolType, InjectableDataType> {
                typealias InjectorCallback = (ProtocolType, InjectableDataType) -> Void
                let injector: InjectorCallback
                func inject(into controller: UIViewController, data: InjectableDataType) {
                    if let dest = controller as? ProtocolType { injector(dest, data) }
                    for child in controller.children { inject(into: child, data: data) }
                }
            }
            """)
        #expect(f.composition.injectors.isEmpty)
        #expect(f.composition.injections.count == 1)
    }

    // MARK: - swift-dependencies' own keys

    @Test func aProjectKeyShadowingABuiltInIsADuplicate() {
        let d = diagnostics([("Dependencies.swift", """
            enum ServerDateKey: DependencyKey { static let liveValue = DateGenerator { ServerClock.now() } }
            enum APIKey: DependencyKey { static let liveValue = APIClient() }
            extension DependencyValues {
                var date: DateGenerator { get { self[ServerDateKey.self] } set { self[ServerDateKey.self] = newValue } }
                var apiClient: APIClient { get { self[APIKey.self] } set { self[APIKey.self] = newValue } }
                @DependencyEntry var uuid: UUIDGenerator = .incrementing
            }
            """)])
        let duplicates = d.filter { $0.rule == "duplicate_registration" }
        #expect(duplicates.map(\.services) == [["DependencyValues.date"], ["DependencyValues.uuid"]])
        // Which library version is linked is not read: a note (god-ios, fresh6).
        #expect(duplicates.allSatisfy { $0.severity == .note })
        #expect(duplicates.first?.message.contains("declares `\\.date`, this declaration shadows it") == true)
    }

    /// Scanning the library itself: its own declarations are the built-in keys.
    @Test func theLibrarysOwnKeysAreNotShadows() {
        let d = diagnostics([("DependencyValues.swift", """
            public struct DependencyValues: Sendable { subscript<K>(key: K.Type) -> K.Value { fatalError() } }
            enum DateGeneratorKey: DependencyKey { static let liveValue = DateGenerator { Date() } }
            extension DependencyValues {
                public var date: DateGenerator { get { self[DateGeneratorKey.self] } set { self[DateGeneratorKey.self] = newValue } }
            }
            """)])
        #expect(d.filter { $0.rule == "duplicate_registration" }.isEmpty)
    }
}
