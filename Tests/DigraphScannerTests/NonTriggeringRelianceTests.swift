import DigraphCore
import DigraphScanner
import DigraphSnapshot
import Testing

/// A non-triggering example passes when its rule reports nothing, and so does an example the
/// scanner stopped understanding: an `initCompleted` no longer read leaves no cycle to report.
/// So each non-triggering example also lists what the pipeline must see in it for the absence to
/// mean something: the edges and their timing, the lifetimes, the registration sites.
///
/// Facts are written as `Seen` describes them:
/// - `A -> B eager` (or `deferred`), then `kept`, `missing`, `optional` when they hold, and
///   optionally `@File.swift` for the edge's file; exact, so `A -> B eager` means not kept;
///   `A -> B eager in 1 test` when only registrations of test methods ask for it (``TestRun``);
///   requests of top-level code are `(root) -> B …`;
/// - `A: singleton`, the service's lifetime; `snapshot A: singleton`, in the example's snapshot;
/// - `sites A ×2`, optionally `exclusive` (no two in the same branch), `instances` (each in its
///   own container instance), `tests` (each in its own test), `dynamic` (names computed at run time);
///   `sites A ×2 1 unreachable`: that many in an assembly or part nothing applies;
/// - `request T`: the scanner saw a request for type `T`;
/// - `finding rule`: some rule (suppressed or not) reports it; `tests File.swift`: test code.
@Suite struct NonTriggeringRelianceTests {
    struct Reliance: Sendable {
        /// Text of the example's sources, so that a reordered catalog cannot pair the wrong ones.
        var marker: String
        var facts: [String]
        init(_ marker: String, _ facts: [String]) {
            self.marker = marker
            self.facts = facts
        }
    }

    static let reliances: [String: [Reliance]] = [
        "dependency_cycle": [
            Reliance("UserStandaloneController: StandaloneController", ["StandaloneController -> StandaloneController eager kept"]),
            Reliance("private static let shared = XcodesShell()", ["Shell -> Shell.shared eager kept", "Shell.shared: singleton"]),
            Reliance("if SessionEnvironment.shared == nil", ["SessionEnvironment.shared -> SessionEnvironment.shared eager", "SessionEnvironment.shared: singleton"]),
            Reliance("AppDelegate.shared = self", ["AppDelegate.shared: singleton"]),
            Reliance("child.parent = r.resolve(Parent.self)!", ["Parent -> Child eager kept", "Parent -> Child deferred kept", "Child -> Parent deferred kept"]),
            Reliance("container.register(D.self)", ["A -> B eager kept", "A -> C eager kept", "B -> D eager kept", "C -> D eager kept"]),
            Reliance("extension Resolver { static func registerWallet() { register", ["History -> Wallet deferred kept", "Wallet -> History eager kept", "sites History ×1", "sites Wallet ×1"]),
            Reliance("final class Parent { init(child: Child) {} }", ["Child -> Parent deferred kept optional", "Parent -> Child eager kept", "sites Child ×1", "sites Parent ×1"]),
            Reliance("func testSharedServer()", ["Client -> Server eager kept in 1 test", "Server -> Client eager kept in 1 test", "sites Client ×2 tests", "sites Server ×2 tests", "tests Tests/ScopeTests.swift"]),
            Reliance("func back() { let list: ListModel = resolve(", ["Container.detail -> AppContainer.list deferred", "AppContainer.list -> Container.detail eager kept"]),
            Reliance("final class ProfileStore { @LazyInjected", ["Container.profile -> Container.settings deferred kept", "Container.settings -> Container.profile deferred kept", "Container.profile: weak"]),
            Reliance("enum FeedKey: DependencyKey", ["DependencyValues.feed -> DependencyValues.search deferred", "DependencyValues.search -> DependencyValues.feed deferred", "DependencyValues.feed: singleton"]),
            Reliance("func makeList() -> ListViewController", ["AppContainer.makeDetail -> AppContainer.makeList eager kept", "AppContainer.makeList -> AppContainer.makeDetail deferred", "AppContainer.makeNode: transient"]),
            Reliance("{ r in remoteContainer.resolve(ItemsRepository.self)! }", ["sites ItemsRepository ×2 instances"]),
            Reliance("static let previewValue = Self.preview()", ["DependencyValues.feedClient -> DependencyValues.searchClient deferred", "DependencyValues.searchClient -> DependencyValues.feedClient eager"]),
            Reliance("static let liveValue = Self(badge: 0, clear: {", ["DependencyValues.push -> DependencyValues.push deferred", "InboxFeature -> DependencyValues.push deferred"]),
            Reliance("lazy var engine = Engine(store: { [unowned self] in self.store }", ["Core.store -> Core.engine eager kept", "Core.engine -> Core.store deferred", "Core.engine -> Core.runner eager kept"]),
            Reliance("let client = LoggingClient(wrapping: client)", ["Session.store -> Session.client eager kept", "Session.sync -> Session.client eager kept", "Session.sync -> Session.store eager kept"]),
            Reliance("return createDefaultRegistry(from: storage)", ["ChainRegistryFactory.createDefaultRegistry -> ChainRegistryFactory.createRuntimeService eager", "(root) -> ChainRegistryFactory.createDefaultRegistry eager"]),
            Reliance("static let router = Nav.shared.activeRouter", ["Nav.shared -> Nav.shared deferred", "Nav.shared: singleton"]),
            Reliance("UserDefaults(suiteName: suiteName) ?? .standard", ["UserDefaultsClient -> UserDefaultsClient.shared eager kept", "UserDefaultsClient.shared: singleton"]),
        ],
        "missing_registration": [
            Reliance("else { return nil }", ["Environment -> MyPageInterface deferred missing optional", "finding missing_registration"]),
            Reliance("var localizer: Localizer<Self> { resolver.resolve() }", ["Material -> Localizer<Material> deferred", "sites Localizer<Material> ×1"]),
            Reliance("func registerService(_ type: Any.Type", ["Cart -> APIClient eager kept missing", "finding missing_registration"]),
            Reliance("let formatter = locator.resolve(PriceFormatter.self)!", ["request PriceFormatter", "sites PriceFormatter ×1", "finding missing_registration"]),
            Reliance("func getValue<T: DefaultableFeature>", ["Player -> Accelerator eager kept missing optional", "finding missing_registration"]),
            Reliance("func testTitle() { XCTAssertEqual(VideoView.title", ["VideoView -> PlayerModel eager kept missing", "finding missing_registration"]),
            Reliance("SearchUserUseCase(repository: r.resolve(UserRepository.self)!)", ["SearchUserUseCase -> Domain.UserRepository eager kept", "sites Domain.UserRepository ×1"]),
            Reliance("enum CompositionRoot {", ["CameraFeature -> DependencyValues.photoClient deferred", "DependencyValues.photoClient: unknown"]),
            Reliance("protocol ServiceNaming", ["ExtensionDelegate -> LocationService#LocationService deferred missing", "sites Logger ×1", "finding missing_registration"]),
            Reliance("protocol OperativeContainerProtocol", ["sites Session ×1"]),
            Reliance("func registerScreen<S>", ["VideoView -> PlayerModel eager kept missing", "sites Logger ×1", "finding missing_registration"]),
            Reliance("@Injected var store: DocumentStore", ["RemindersRepository -> DocumentStore eager kept missing", "finding missing_registration"]),
            Reliance("AnyRepository(UserRepository())", ["SetUser -> AnyRepository<UserRepository.R> eager kept missing", "finding missing_registration"]),
            Reliance("@retroactive DependencyKey", ["Wallet -> DependencyValues.sdkEnvironment deferred", "DependencyValues.sdkEnvironment: singleton"]),
            Reliance("typealias LocationsManagerType = LocationsManager", ["VM -> LocationsManager eager", "sites LocationsManager ×1"]),
            Reliance("Feed(api: r.resolve(APIClient.self)!)", ["Feed -> APIClient eager kept @Feature.swift", "APIClient: graph"]),
            Reliance("Router(resolver:", ["request Resolver", "Router: graph"]),
            Reliance("resolver.autoResolve()", ["LoginServiceProtocol -> URLSession eager kept", "URLSession: singleton"]),
            Reliance("FeedTests: XCTestCase", [
                "FeedTests -> Feed deferred", "Feed -> APIClient eager", "tests AppTests/FeedTests.swift",
            ]),
            Reliance("DatabaseName.primary", ["Analytics -> Database#primary eager kept", "Database#primary: graph"]),
            Reliance("final class FeedService { init(api: APIClient) {} }", ["(root) -> Feed eager", "Feed -> APIClient eager kept", "sites APIClient ×1", "sites Feed ×1"]),
            Reliance("extension Resolver: ResolverRegistering {", ["LoginViewModel -> APIClient eager kept", "LoginViewModel -> KeychainStorage deferred kept", "sites APIClient ×1", "sites KeychainStorage ×1"]),
            Reliance("final class Store {", ["(root) -> HTTPClientProtocol eager", "sites HTTPClientProtocol ×1"]),
            Reliance("let container = DependencyContainer()", ["(root) -> ListPresenter eager", "(root) -> ListWireframe(_) eager", "sites ListPresenter ×1", "sites ListWireframe(_) ×1"]),
            Reliance("final class Feed { init(api: Lazy<APIClient>", ["Feed -> APIClient deferred kept", "Feed -> Clock deferred", "Report -> Feed eager kept", "Router -> Feed eager kept", "request [Plugin]", "sites APIClient ×1", "sites Clock ×1"]),
            Reliance("container.collaborate(with: collaborator)", ["(root) -> String deferred", "sites String ×1"]),
            Reliance("var crashReporter: Factory<CrashReporting?> { promised() }", ["CheckoutViewModel -> Container.crashReporter eager kept", "Container.crashReporter: transient"]),
            Reliance("enum APIClientKey: TestDependencyKey", ["Feature -> DependencyValues.apiClient deferred", "Feature -> DependencyValues.config deferred", "DependencyValues.apiClient: singleton", "DependencyValues.config: unknown"]),
            Reliance("import AppIntents", ["unread `@Dependency`"]),
            Reliance("extension Timer: DependencyKey { static let liveValue", ["Profile -> DependencyValues[Flags.self] deferred", "Profile -> DependencyValues[Timer.self] deferred", "DependencyValues[Timer.self]: singleton", "DependencyValues[Flags.self]: unknown", "Form -> DependencyValues[Records.self] deferred", "DependencyValues[Records.self]: unknown"]),
            Reliance("mutating func onboarding() { self.database = .noop }", [
                "Game -> DependencyValues.database deferred", "GameSounds -> DependencyValues.audioPlayer deferred",
                "DependencyValues.database: unknown", "DependencyValues.audioPlayer: unknown",
            ]),
            Reliance("struct BServiceKey: LazyDependencyKey", ["BViewModel -> DependencyContainer.bService deferred", "ProfileViewModel -> AppEnvironment.userSession deferred", "DependencyContainer.bService: singleton", "AppEnvironment.userSession: singleton"]),
            Reliance("typealias Dependency = (APIClientProtocol, Int, Filter?)", ["CategoryViewModel(Int) -> APIClientProtocol eager kept", "sites CategoryViewModel(Int) ×1", "sites APIClientProtocol ×1"]),
            Reliance("CampusPlanViewModel(context: context)", [
                "CampusPlanCoordinator -> AppContext.apiService deferred", "AppContext.apiService: transient",
            ]),
            Reliance("Firestore.firestore().enableLogging(on: true)", [
                "request Firestore", "finding unanalyzable_registration", "sites RemindersRepository ×1",
            ]),
            Reliance("enum APIFactory", ["(root) -> FeedFactory.make eager", "FeedFactory.make -> APIFactory.make eager kept", "ListViewController -> Injectable.store deferred kept", "ListViewController -> Injectable.context deferred kept"]),
            Reliance("let view = ProfileView()", ["ProfileViewModel -> ProfileRepository eager kept missing", "sites ProfileViewModel ×1 1 unreachable", "finding missing_registration"]),
            Reliance("static var liveValue: Self { Self(submit:", ["Checkout -> DependencyValues.transactionClient deferred", "DependencyValues.transactionClient: singleton"]),
            Reliance("func title() -> String { \"Settings\" }", ["SettingsViewModel -> AnalyticsTracking deferred kept missing"]),
            Reliance("func title() -> String { \"Feed\" }", ["Feed -> APIClient deferred kept missing"]),
            Reliance("SignUpViewModel(timeout: r.resolve(TimeInterval.self)!)", ["SignUpViewModel -> TimeInterval eager kept missing", "(root) -> SignUpViewModel(_) eager", "finding missing_registration"]),
            Reliance("container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!) }", ["Feed -> APIClient eager kept", "APIClient: singleton", "sites APIClient ×1"]),
            Reliance("container.autoregister(KeyboardObserver.self, initializer: SystemKeyboardObserver.init)", ["ClipboardView<ClipboardViewModelImpl> -> ClipboardViewModelImpl eager kept", "ClipboardView<ClipboardViewModelImpl> -> KeyboardObserver eager kept"]),
            Reliance(".implements(KeyboardObserver.self)", ["Clipboard -> KeyboardObserver eager kept missing", "Clipboard -> SystemKeyboardObserver eager kept", "tests CoreTests/ClipboardTests.swift", "finding missing_registration"]),
            Reliance("type: Any.Type = SubscriberProtocol.self", ["SendViewModel -> TxTransponder eager kept missing", "finding missing_registration"]),
            Reliance("static var liveValue = BuildClient(version: { Bundle.main.version })", ["SettingsModel -> DependencyValues.build deferred", "DependencyValues.build: singleton"]),
            Reliance("($0 as ServiceFactory).makeProfileService()", ["EditProfileEnvironment -> ProfileService eager kept missing", "finding missing_registration"]),
            Reliance("static let liveValue = SubscriptionClient(isSubscribed: { false })", ["PaywallModel -> DependencyValues.subscription deferred", "DependencyValues.subscription: singleton"]),
            Reliance("var settings = SettingsState()", ["sites AppState ×1", "sites NewsState ×1", "finding unanalyzable_registration"]),
            Reliance("func resolveOnDemand<T: OnDemandInterface>", ["Navigator -> VideosInterface deferred missing optional", "finding missing_registration"]),
            Reliance("register { SeriesListBuilder.build() }", ["Router -> ComingScreenView eager kept", "Router -> SeriesListView eager kept missing", "finding missing_registration"]),
            Reliance("container.register { SettingsBuilder.build() }", ["Router -> FeedScreen eager kept", "Router -> SettingsScreen eager kept missing", "FeedScreen: singleton", "finding missing_registration"]),
            Reliance("init() { if CommandLine.arguments.contains(\"-ui-testing\") { Resolver.registerMocks() } }", ["FeedViewModel -> FeedService eager kept", "sites FeedService ×1"]),
            Reliance("let assembler = Assembler([NetworkAssembly()], container: container)", ["Feed -> APIClient eager", "Feed -> FeedStore eager missing", "finding missing_registration"]),
            Reliance("static func settings() -> Settings { container.resolve() }", ["request Settings", "sites Settings ×1"]),
            Reliance("func showDetail() { let builder = resolver.resolve(AlbumDetailBuilder.self)!; builder.build() }", ["AlbumsCoordinating -> AlbumDetailBuilder deferred missing", "sites AlbumsCoordinating ×1 1 unreachable", "finding missing_registration"]),
            Reliance("func openDetail() { let (router, input) = resolver.resolve(Detail.Module.self)!; _ = (router, input) }", ["MainRouter -> Detail.Module deferred", "sites Detail.Module ×1", "sites Collection.Module ×1"]),
            Reliance("extension ClientInterfaces.WebSocketClient: @retroactive DependencyKey", ["WebSocketFeature -> DependencyValues.websocket deferred", "DependencyValues.websocket: singleton"]),
            Reliance("func push<T>(_ type: T.Type) {", ["sites JogsViewController ×1"]),
            Reliance("ServiceLocator.shared.register(CoreDataService())", ["TaskInteractor -> CoreDataService eager kept", "TaskInteractor -> NetworkServiceProtocol eager kept", "sites CoreDataService ×1", "sites NetworkServiceProtocol ×1"]),
            Reliance("container.register(WatchListService.self) { _ in WatchListService() }", ["FilmModuleBuilder -> FilmService deferred", "FilmModuleBuilder -> WatchListService deferred", "sites WatchListService ×1"]),
            Reliance("DependencyContainer.shared.register(KeychainManager(), forType: KeychainManager.self)", ["TokenProvider -> KeychainManager eager kept", "TokenProvider -> NetworkClient eager kept"]),
            Reliance("final class LoginModel { let auth = DependencyProvider.shared.container.resolve(AuthRepository.self)! }", ["LoginModel -> AuthRepository eager kept missing", "finding missing_registration"]),
            Reliance("register { MoviesPresenter<MoviesInteractor>(useCase: resolve()) }", ["MoviesPresenter<MoviesInteractor> -> MoviesInteractor eager kept", "sites MoviesInteractor ×1"]),
            Reliance("AccountList(assembler: r.resolve(Swinject.Assembler.self)!)", ["AccountList -> Assembler eager kept", "sites Assembler ×1"]),
            Reliance("AppContainer.shared.register { OnboardingViewController(nibName: nil, bundle: nil) }", ["OnboardingCoordinator -> OnboardingViewController deferred missing", "finding missing_registration"]),
            Reliance("static let liveValue = EmailValidator { $0.isEmpty ? \"empty\" : nil }", ["SignUp -> DependencyValues.emailValidator deferred", "DependencyValues.emailValidator: singleton"]),
            Reliance("DIContainer.shared.register(API.self, LiveAPI())", ["Repository -> API eager kept", "sites API ×1"]),
            Reliance("DependencyContext.default.registerSingleton(Clock.self) { SystemClock() }", ["Feed -> Clock deferred kept", "Clock: singleton", "sites Clock ×1"]),
            Reliance("container.register(factory: UserRepository.init)", ["SyncAction -> ApiMigrationsManager eager", "SyncAction -> UserRepository eager", "ApiMigrationsManager: singleton", "sites UserRepository ×1"]),
            Reliance("container.register(NetworkService.self) { URLNetworkService() }", ["Repository -> NetworkService eager kept", "sites NetworkService ×1"]),
            Reliance("typealias ImageProvider = SvgImageProviderInteractor", ["SvgImageView -> SvgImageProviderInteractor eager kept", "request ImageProvider", "sites SvgImageProviderInteractor ×1"]),
            Reliance("container.register(ScreenFactory<Screen>.self)", ["AppDependency -> ScreenFactory<Splash> deferred missing", "request ScreenFactory<Splash>", "unread `container.register(…)`", "finding missing_registration"]),
            Reliance("TdChatService() as (any ChatService)", ["ChatViewModel -> any ChatService eager kept", "sites any ChatService ×1"]),
            Reliance("init(logger: @autoclosure @escaping () -> Logger) {} }\nlet container = Container()\ncontainer.register(Logger.self)", ["Feed -> Logger eager kept", "sites Logger ×1"]),
            Reliance("container.register(Router.self.self)", ["(root) -> Router eager", "sites Router ×1"]),
            Reliance("@InjectedObject var viewModel: SearchViewModel<RunLoop>", ["SearchView -> SearchViewModel<RunLoop> eager kept", "sites SearchViewModel<RunLoop> ×1"]),
            Reliance("goalClient = GoalClient(fetch: { [] })", ["Goals -> DependencyValues.goalClient deferred", "Goals -> DependencyValues.taskClient deferred", "DependencyValues.goalClient: unknown"]),
            Reliance("withDependencies: { $0.useLiveClients() }", ["Goals -> DependencyValues.goalClient deferred", "Goals -> DependencyValues.taskClient deferred"]),
            Reliance("_ = Injector.shared.load(Router.self, name: nil)", ["SceneDelegate -> Router deferred", "RouterTests -> Router deferred", "sites Router ×1", "tests Tests/InjectorTests.swift"]),
        ],
        "scope_mismatch": [
            Reliance("lazy var cache: Cache = { Cache() }()", ["Store -> Cache eager kept", "Store: singleton", "Cache: singleton"]),
            Reliance("register(ImageLoading.self) { r in r.resolve(ImageLoader.self)! }", ["ImageLoading -> ImageLoader eager kept", "ImageLoading: singleton", "ImageLoader: transient"]),
            Reliance("let fractionDigits: Int", ["Checkout -> PriceFormatter eager kept", "Checkout: singleton", "PriceFormatter: transient", "finding scope_mismatch"]),
            Reliance("var typeProvider: Factory<TypeProvider> { self { TypeProvider.shared } }", ["Container.store -> Container.typeProvider eager kept", "Container.store: singleton", "Container.typeProvider: singleton"]),
            Reliance("struct TextBuilder { let parser = Container.shared.parser() }", ["Container.textBuilder -> Container.parser eager kept", "Container.textBuilder: transient", "Container.parser: transient"]),
            Reliance("struct Formatter { let parser: Parser }", ["Formatter -> Parser eager kept", "Formatter: transient", "Parser: graph"]),
            Reliance("Feed(api:", ["Feed -> APIClient eager kept", "Feed: transient", "APIClient: singleton"]),
            Reliance("store.makeRequest", ["Store -> Request deferred", "Store: singleton", "Request: graph"]),
            Reliance("Session(cache:", ["Session -> Cache eager kept", "Session: weak", "Cache: scoped"]),
            Reliance("factory.makeSyncEngine()", ["SyncEngine -> StateFactory eager", "Logger -> SinkFactory eager", "SyncEngine: singleton", "Logger: singleton", "StateFactory: transient", "SinkFactory: transient"]),
            Reliance("Checkout(cart:", ["Checkout -> Cart eager kept", "Checkout: graph", "Cart: transient"]),
            Reliance("init() { manager.defaultScope = .singleton }", ["Container.imageCache -> Container.currentUser eager kept", "Container.imageCache: transient", "Container.currentUser: transient"]),
            Reliance("register(name: \"main\") { DispatchQueue.main }", ["PDFPreloader -> DispatchQueue#main eager kept", "DispatchQueue#main: singleton", "PDFPreloader: singleton"]),
            Reliance("extension Resolver: ResolverRegistering {", ["AccountStore -> Logger eager kept", "AccountStore -> Session deferred", "sites AccountStore ×1", "sites Logger ×1", "sites Session ×1"]),
            Reliance("var logger: Factory<Logger> { self { ConsoleLogger() }.singleton }", ["Container.client -> Container.logger eager kept", "Container.clock -> Container.formatter deferred", "Container.client: singleton", "Container.logger: singleton", "Container.clock: singleton", "Container.formatter: transient"]),
            Reliance("struct VaultOption: OptionSet", ["Container.vault -> Container.keyManager eager", "Container.vault -> Container.vaultOptions eager", "Container.vault: singleton", "Container.keyManager: transient", "Container.vaultOptions: transient"]),
            Reliance("enum CacheKey: DependencyKey", ["DependencyValues.cache -> DependencyValues.apiClient eager", "DependencyValues.cache: singleton", "DependencyValues.apiClient: singleton"]),
            Reliance("lazy var feedStore: FeedStore = FeedStore(api: api)", ["AppContainer.feedStore -> AppContainer.api eager kept", "AppContainer.analytics -> AppContainer.makeSession eager kept", "AppContainer.makeFeedViewModel -> AppContainer.makeFormatter eager kept", "AppContainer.makeFeedViewModel -> AppContainer.feedStore eager kept", "AppContainer.feedStore: singleton", "AppContainer.api: singleton", "AppContainer.analytics: singleton", "AppContainer.makeSession: singleton", "AppContainer.makeFormatter: transient", "AppContainer.makeFeedViewModel: transient"]),
            Reliance("private class ServiceImp1: Service { let injected = Injected<ServiceImp2>() }", ["Service -> ServiceImp2 deferred kept", "Service: graph", "Service#eager: singleton", "ServiceImp2: graph"]),
            Reliance("private lazy var settings: Settings = makeSettings()", ["Container.sharedContainer -> Container.makeSettings deferred", "Container.sharedContainer: singleton", "Container.makeSettings: transient"]),
            Reliance("provider.authUseCase()", ["AuthHandler -> UseCaseProvider eager", "AuthHandler: singleton", "UseCaseProvider: graph"]),
            Reliance("FeedService(loader: r.resolve(HTTPLoader.self)!) }.inObjectScope(.container)", ["FeedService -> HTTPLoader eager kept", "FeedService: singleton", "HTTPLoader: unknown", "sites HTTPLoader ×2"]),
            Reliance("locale = dependencies.resolve(LocaleProvider.self).current", ["WidgetDependencies.localeManager -> WidgetDependencies.dependenciesResolver eager", "WidgetDependencies.localeManager: singleton", "WidgetDependencies.dependenciesResolver: transient"]),
            Reliance("registerSingleton(LocationManaging.self)", ["AddressLocalizer -> LocationManaging eager kept", "AddressLocalizer: singleton", "LocationManaging: graph", "tests AppTests/AddressTests.swift"]),
            Reliance("var casesComponent: CasesComponent { CasesComponent(parent: self) }", ["CasesComponent.casesViewModel -> MainComponent.phoneNumberParser eager kept", "CasesComponent.casesViewModel: graph", "MainComponent.phoneNumberParser: transient"]),
            Reliance("cacheRepository as! IncidentDataPullReporter", ["MainComponent.syncer -> MainComponent.pullReporter eager kept", "MainComponent.syncer: singleton", "MainComponent.pullReporter: singleton"]),
            Reliance("return Screens.wrap(presenter)", ["FeedScreen -> FeedPresenter eager kept", "FeedScreen: singleton", "FeedPresenter: transient"]),
            Reliance("static var shared: Keychain { _shared }", ["Vault.shared -> Keychain.shared eager kept", "Vault.shared: singleton", "Keychain.shared: singleton"]),
            Reliance("{ $0.resolve(PlaceServiceProtocol.self)! as! PlaceServicePublicProtocol }", ["FlowCoordinator -> PlaceServicePublicProtocol eager kept", "FlowCoordinator: singleton", "PlaceServicePublicProtocol: singleton"]),
            Reliance("init(saved: [String], merger: NodesMerger) { nodes = merger.merge(saved) }", ["NodesStorage -> NodesMerger eager", "NodesStorage: singleton", "NodesMerger: transient"]),
            Reliance("if let presenter = r.resolve(FeedPresenter.self) as FeedPresenter?", ["FeedPresenting -> FeedPresenter eager kept optional", "FeedPresenting: singleton", "FeedPresenter: graph"]),
            Reliance("self.init(key: LicenseStore.shared.key)", ["LicenseModel.shared -> LicenseStore.shared eager", "LicenseModel.shared: singleton", "LicenseStore.shared: transient"]),
            Reliance("DependencyContext.default.register(Sync.self) { Sync(session: DependencyContext.default.resolve()) }", ["Sync -> Session eager kept", "Sync: graph", "Session: graph"]),
            Reliance("let services = Container(defaultObjectScope: .container)", ["ProfileViewModel -> UserService eager kept", "ProfileViewModel: weak", "UserService: singleton"]),
        ],
        "god_singleton": [
            Reliance("struct Series: Reducer {\n", ["Games -> DependencyValues.tips deferred", "Games.State -> DependencyValues.tips deferred", "Series -> DependencyValues.tips deferred", "Series.State -> DependencyValues.tips deferred", "DependencyValues.tips: singleton"]),
            Reliance("func pay() {} }", ["Cart -> Container.logger eager kept", "Checkout -> Container.logger eager kept", "Profile -> Container.logger eager kept", "Container.logger: singleton"]),
            Reliance("LogRotation", ["LogFormatter -> Logger.shared eager kept @Logger.swift", "LogRotation -> Logger.shared eager kept @Logger.swift", "Cart -> Logger.shared eager kept @Features.swift", "Logger.shared: singleton"]),
            Reliance("final class Profile", ["Cart -> Logger.shared eager kept", "Checkout -> Logger.shared eager kept", "Profile -> Logger.shared eager kept", "Logger.shared: singleton"]),
            Reliance("Favorites.shared.add(1)", ["AddTests -> Favorites.shared deferred", "RemoveTests -> Favorites.shared deferred", "ClearTests -> Favorites.shared deferred", "ListScreen -> Favorites.shared eager kept", "tests Tests/FavoritesTests.swift", "Favorites.shared: singleton"]),
            Reliance("struct CartView_Previews", ["Cart -> Logger.shared eager kept", "CartView_Previews -> Logger.shared deferred", "Profile -> Logger.shared eager kept", "Logger.shared: singleton"]),
            Reliance("final class ShopContainer: SharedContainer", ["BadgeView -> ShopContainer.cart eager kept", "CartView -> ShopContainer.cart eager kept", "CheckoutView -> ShopContainer.cart eager kept", "ShopContainer.cart: transient"]),
            Reliance("DIContainer.shared.resolve()", ["Cart -> DIContainer.shared eager kept", "Cart -> APIClient eager kept missing", "Checkout -> DIContainer.shared eager kept", "Profile -> DIContainer.shared eager kept", "DIContainer.shared: singleton"]),
            Reliance("self.kmp().getAddProjectUseCase()", ["Container.addProject -> Container.kmp eager", "Container.listProjects -> Container.kmp eager", "Container.deleteProject -> Container.kmp eager", "ProjectsView -> Container.addProject eager kept", "Container.kmp: singleton"]),
            Reliance("enum APIClientKey: TestDependencyKey", ["Feed -> DependencyValues.api deferred", "Profile -> DependencyValues.api deferred", "Search -> DependencyValues.api deferred", "DependencyValues.api: unknown"]),
        ],
        "duplicate_registration": [
            Reliance("static func registerMocks()", ["sites NetworkConfiguration ×2", "finding duplicate_registration"]),
            Reliance("storage.set(SessionKey.self", ["sites SessionKey ×1"]),
            Reliance("#if DEBUG", ["sites APIClient ×2 exclusive"]),
            Reliance("name: \"cache\"", ["sites Database#primary ×1", "sites Database#cache ×1"]),
            Reliance("-uiTests", ["sites APIClient ×2 exclusive", "sites Endpoint ×2 exclusive"]),
            Reliance("SessionNames.upload", ["sites Database#primary ×1", "sites Database#cache ×1", "sites Session#api ×1", "sites Session#SessionNames.upload ×1"]),
            Reliance("feature.id", ["sites Feature#? ×2 dynamic"]),
            Reliance("makePreviewContainer", ["sites APIClient ×3 instances"]),
            Reliance("func registerLive(in container: Container)", ["sites APIClient ×2 instances"]),
            Reliance("final class Balancer { init(endpoints: [Endpoint]) {} }", ["sites Endpoint ×2", "sites Store ×2", "Balancer -> Endpoint eager kept", "(root) -> Store eager"]),
            Reliance("let first = try! container.resolve() as Service", ["sites Service ×2", "(root) -> Service eager", "sites Client(_) ×2"]),
            Reliance("testDiscount", ["sites PricingService ×3 tests", "tests Tests/CartTests.swift"]),
            Reliance("extension Resolver: ResolverRegistering {", ["sites APIClient ×2", "sites APIClient ×2 instances", "sites Database#cache ×1", "sites Database#primary ×1"]),
            Reliance("var api: Factory<APIClient> { self { HTTPAPIClient() } }", ["Container.api: transient", "finding unused_registration"]),
            Reliance("var date: DateGenerator {", ["DependencyValues.date: singleton", "finding duplicate_registration"]),
            Reliance("var serverDate: DateGenerator", ["DependencyValues.serverDate: singleton", "Feature -> DependencyValues.serverDate deferred"]),
            Reliance("struct SearchView_Previews: PreviewProvider", ["sites SearchService ×2 1 unreachable"]),
            Reliance("final class CachePart", ["sites Store ×2 1 unreachable", "Cart -> Store eager kept"]),
        ],
        "argument_mismatch": [
            Reliance("argument: \"42\"", ["(root) -> ProductViewModel(String) eager", "ProductViewModel(String): graph"]),
            Reliance("strictParameterService(23)", [
                "Screen -> Container.strictParameterService deferred missing", "Container.parameterService: transient",
                "finding missing_registration",
            ]),
            Reliance("SignUpViewModel(flow: r.resolve(SignUpFlow.self)!)", ["SignUpViewModel -> SignUpFlow eager kept missing", "(root) -> SignUpViewModel(_) eager", "finding argument_mismatch"]),
            Reliance("arguments: URL?.none, \"intro\"", ["(root) -> PlayerModel(URL?,String) eager", "PlayerModel(URL?,String): graph"]),
            Reliance("container.resolve(Overview.self, argument: [1, 2])!", ["(root) -> Overview(_) eager", "Overview(_): graph"]),
        ],
        "unused_registration": [
            Reliance("@OptionalInjected var legacy: Legacy?", ["sites Legacy ×1", "Legacy: graph"]),
            Reliance("let cache", ["(root) -> Cache eager", "Cache: graph"]),
            Reliance("init() { wrappedValue = AppContainer.shared.resolve(T.self)! }", ["Feed -> APIClient deferred kept", "sites APIClient ×1"]),
            Reliance("@DynamicInjected(\\.cachePurger)", ["AppDelegate -> Container.cachePurger deferred", "Container.cachePurger: singleton"]),
            Reliance("@LazyInjected(\\.galleryFeaturesContainer.viewModel)", ["ImagesViewController -> GalleryFeaturesContainer.viewModel deferred kept"]),
            Reliance("func makeSettings()", ["(root) -> AppContainer.makeFeed eager", "AppContainer.makeSettings -> AppContainer.api eager kept", "AppContainer.makeSettings: transient", "AppContainer.api: singleton"]),
            Reliance("var postBinder: Binder<Post>", ["PostViewController -> Container.api eager kept", "Container.api: transient"]),
            Reliance("container.register(Feed.self) { r in Feed(cache: r.resolve()) }", ["sites Cache ×1", "(root) -> Feed eager"]),
            Reliance("final class PeopleModel { func load() { _ = DependencyValues._current.personService } }", ["DependencyValues.personService -> DependencyValues.tmdb eager", "PeopleModel -> DependencyValues.personService deferred"]),
            Reliance("func testLoad() { _ = Injector.shared.load(SnackNetwork.self) }", ["SnackNetworkTests -> SnackNetwork#stub deferred", "sites SnackNetwork#stub ×1"]),
            Reliance("decoder.dateDecodingStrategy = .formatted(Resolver.resolve())", ["MoviesRepository -> JSONDecoder eager kept", "sites DateFormatter ×1", "unread `resolve()`"]),
            Reliance("DependencyValues.live.networkClient", ["DependencyValues.profileService -> DependencyValues.networkClient eager", "Profile -> DependencyValues.profileService deferred"]),
            Reliance("final class RouterTests: XCTestCase", ["SceneDelegate -> Router deferred", "RouterTests -> Router#stub deferred optional", "RouterTests -> Router deferred optional", "tests Tests/InjectorTests.swift"]),
        ],
        "too_many_dependencies": [
            Reliance("Checkout(a:", ["Checkout -> A eager kept", "Checkout -> B eager kept"]),
        ],
        "unanalyzable_registration": [
            Reliance("name: \"primary\"", ["sites Database#primary ×1", "Database#primary: singleton"]),
            Reliance("final class Player { init(engine: Engine) {}; init(engine: E", ["Player -> Engine eager kept missing", "Player -> Logger eager kept missing", "sites Player ×1"]),
        ],
        "snapshot_drift": [
            Reliance(".inObjectScope(.container)", ["Logger: singleton", "snapshot Logger: singleton"]),
            Reliance("ConsoleLogger()", ["Logger: graph"]),
        ],
        "superfluous_suppression": [
            Reliance("disable:next dependency_cycle", ["finding dependency_cycle", "A -> B eager kept", "B -> A eager kept"]),
            Reliance("disable all", ["finding unused_registration", "Legacy: graph"]),
        ],
    ]

    @Test(arguments: RuleCatalog.ids)
    func nonTriggeringExamplesSeeWhatTheyRelyOn(ruleID: String) throws {
        let rule = try #require(RuleCatalog.rule(id: ruleID))
        let examples = rule.description.nonTriggeringExamples
        let reliances = Self.reliances[ruleID] ?? []
        #expect(
            reliances.count == examples.count,
            "\(ruleID) has \(examples.count) non-triggering examples: list what each relies on here")
        for (n, (example, reliance)) in zip(examples, reliances).enumerated() {
            #expect(example.files.contains { $0.source.contains(reliance.marker) }, "example \(n) of \(ruleID) moved")
            #expect(!reliance.facts.isEmpty)
            let seen = try Seen(example, ruleID: ruleID)
            for fact in reliance.facts where !seen.contains(fact) {
                Issue.record("non-triggering example \(n) of \(ruleID) relies on `\(fact)`, which the pipeline no longer sees; it sees: \(seen.description)")
            }
        }
    }

    @Test func aFactNotSeenIsReported() throws {
        let example = RuleExample("container.register(A.self) { r in A(b: r.resolve(B.self)!) }")
        let seen = try Seen(example, ruleID: "dependency_cycle")
        #expect(seen.contains("A -> B eager kept missing"))
        #expect(!seen.contains("A -> B eager kept"))
        #expect(!seen.contains("A -> B deferred kept missing"))
        #expect(!seen.contains("A -> B eager kept missing @Other.swift"))
        #expect(seen.contains("A -> B eager kept missing @Example.swift"))
        #expect(!seen.contains("A: singleton") && seen.contains("A: graph"))
    }
}

/// What the pipeline makes of an example, as the strings `NonTriggeringRelianceTests` lists.
struct Seen: CustomStringConvertible {
    /// Every rule's findings, as the CLI would report them.
    let diagnostics: [Diagnostic]
    /// Edges and requests of top-level code.
    let edgeCount: Int
    private(set) var facts: Set<String> = []
    /// Edge facts with their file, looked up when a fact names one.
    private(set) var placedEdges: Set<String> = []

    init(_ example: RuleExample, ruleID: String) throws {
        let (facts, snapshots, _) = try MarkedSource.scan(example)
        var configuration = Configuration()
        configuration.rules[ruleID] = example.options
        let analyzer = Analyzer(configuration: configuration)
        let analysis =
            snapshots.isEmpty
            ? analyzer.analyze(facts, programs: example.programs.isEmpty ? nil : ProgramMap(programs: example.programs))
            : analyzer.analyze(
                GraphMerger.graph(source: facts, snapshots: snapshots, configuration: configuration),
                comments: facts.flatMap(\.suppressionComments))
        let graph = analysis.graph
        diagnostics = analysis.diagnostics
        edgeCount = graph.edges.count + graph.rootRequests.count
        for edge in graph.edges + graph.rootRequests {
            var text = "\(edge.from) -> \(edge.to) \(edge.timing.rawValue)"
            if edge.retained { text += " kept" }
            if edge.missing { text += " missing" }
            if edge.optional { text += " optional" }
            self.facts.insert(text)
            if let runs = edge.testRuns { self.facts.insert(text + " in \(runs.count) test" + (runs.count == 1 ? "" : "s")) }
            if let file = edge.location?.file { placedEdges.insert("\(text) @\(file)") }
        }
        for service in graph.services { self.facts.insert("\(service.id): \(service.lifetime.rawValue)") }
        for document in snapshots {
            for service in document.services { self.facts.insert("snapshot \(service.id): \(service.lifetime.rawValue)") }
        }
        for (id, sites) in Dictionary(grouping: graph.registrationSites, by: \.serviceID) {
            let count = "sites \(id) ×\(sites.count)"
            self.facts.insert(count)
            let unreachable = sites.filter(\.isUnreachable).count
            if unreachable > 0 { self.facts.insert(count + " \(unreachable) unreachable") }
            let pairs = sites.indices.flatMap { i in sites.indices.filter { $0 > i }.map { (sites[i], sites[$0]) } }
            guard !pairs.isEmpty else { continue }
            if pairs.allSatisfy({ !$0.0.conditions.isCompatible(with: $0.1.conditions) }) { self.facts.insert(count + " exclusive") }
            if Set(sites.map { $0.containerInstance ?? "" }).count == sites.count { self.facts.insert(count + " instances") }
            if sites.allSatisfy({ graph.testFiles.contains($0.location.file) }), Set(sites.map { $0.scope ?? "" }).count == sites.count {
                self.facts.insert(count + " tests")
            }
            if sites.allSatisfy(\.hasDynamicName) { self.facts.insert(count + " dynamic") }
        }
        for request in facts.flatMap(\.requests) {
            if case .named(let type) = request.type { self.facts.insert("request \(type)") }
        }
        for site in facts.flatMap(\.unrecognised) { self.facts.insert("unread `\(site.what)`") }
        for diagnostic in analysis.diagnostics { self.facts.insert("finding \(diagnostic.rule)") }
        for file in graph.testFiles { self.facts.insert("tests \(file)") }
    }

    func contains(_ fact: String) -> Bool {
        fact.contains(" @") ? placedEdges.contains(fact) : facts.contains(fact)
    }

    var description: String { facts.sorted().joined(separator: "; ") }
}
