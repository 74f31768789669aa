public struct ScopeMismatchRule: Rule {
    public static let description = RuleDescription(
        id: "scope_mismatch", name: "Scope mismatch (captive dependency)", defaultSeverity: .error,
        summary: "A longer-lived service keeps a shorter-lived one, which then lives as long as its holder.",
        rationale: """
            A singleton that captures a session-scoped object leaks the last user's data; one that \
            captures a transient makes it a singleton in disguise. Reported for eager or stored edges \
            `A -> B` where A outlives B (singleton > scoped > graph > transient, singleton > weak > \
            graph). An error when B is `weak` or `scoped`, a warning when it is `graph` or `transient`. \
            Only a holder cached across resolutions (`singleton`, `scoped`, `weak`) can hold a captive, \
            and only what it keeps: passed to its initializer, stored, or captured by a closure it \
            stores, directly or through a local. Not reported when either side is `unknown`, for \
            `scoped`/`weak` pairs, for a `graph` or `transient` holder, for a dependency used only \
            while building the holder (`r.resolve(F.self)!.make()`), or for deferred edges that \
            re-resolve on each use. A registration that only forwards to another \
            (`register(P.self) { r in r.resolve(Impl.self)! }`) is an alias of it, not its holder; \
            a kept transient or graph service whose every implementation holds no state that can \
            change after construction (`let`s of plain values, all declared in the scan) is \
            reported as a note: structurally captive, harmless (a kept scoped or weak one is still \
            the stale scope's object, whatever its state).
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
            // Injected into a property of the product built in a local (COOKID's view
            // controllers): the product is that local's type, not an alias of what it keeps.
            RuleExample(
                """
                container.register(FeedViewController.self) { r in
                    let controller = FeedViewController()
                    controller.presenter = ↓r.resolve(FeedPresenter.self)!
                    return controller
                }.inObjectScope(.container)
                container.register(FeedPresenter.self) { _ in FeedPresenter() }.inObjectScope(.transient)
                """),
            // WeiWallet's controllers: the product is made by a static function of another file
            // (`UIStoryboard.instantiateViewController(of:)`, typed from its declaration), not an
            // alias of what it keeps.
            RuleExample(
                """
                extension UIStoryboard {
                    static func instantiateViewController<T: UIViewController>(of type: T.Type) -> T { fatalError() }
                }
                container.register(FeedViewController.self) { r in
                    let controller = UIStoryboard.instantiateViewController(of: FeedViewController.self)
                    controller.presenter = ↓r.resolve(FeedPresenter.self)!
                    return controller
                }.inObjectScope(.container)
                container.register(FeedPresenter.self) { _ in FeedPresenter() }.inObjectScope(.transient)
                """),
            // FilamentSwatches' `registerSingleton`: the scope is the one it passes to the private
            // wrapper that chains `.inObjectScope(scope)`, so the holder is a singleton.
            RuleExample(
                files: [
                    ("DependencyContext.swift", ExampleSources.dependencyContext),
                    ("App.swift", """
                final class Session { var token: String? }
                final class Sync { let session: Session; init(session: Session) { self.session = session } }
                DependencyContext.default.register(Session.self) { Session() }
                DependencyContext.default.registerSingleton(Sync.self) { Sync(session: ↓DependencyContext.default.resolve()) }
                """),
                ]),
            // HenriPotier's controllers: a storyboard's controller cast to its type in an `if let`
            // (no implementation read): the factory still returns what it made, so it holds what
            // it stores in it rather than forwarding it.
            RuleExample(
                """
                container.register(BooksViewController.self) { r in
                    let storyboard = UIStoryboard(name: "Main", bundle: nil)
                    if let controller = storyboard.instantiateViewController(identifier: "Books") as? BooksViewController {
                        controller.viewModel = ↓r.resolve(BooksViewModel.self)!
                        return controller
                    } else {
                        fatalError("no BooksViewController")
                    }
                }.inObjectScope(.container)
                container.register(BooksViewModel.self) { _ in BooksViewModel() }
                """),
            // A computed `static var shared: T { T() }` builds a new instance on every read: no
            // singleton, so the one a singleton keeps is a captive.
            RuleExample(
                """
                final class SessionStore {
                    static var shared: SessionStore { SessionStore() }
                    var token: String?
                }
                final class APIClient {
                    static let shared = APIClient()
                    private let session = ↓SessionStore.shared
                }
                """),
            // VoiceInk's `LicenseViewModel`: a convenience init hands it to the designated one,
            // which keeps it.
            RuleExample(
                """
                final class LicenseStore {
                    static var shared: LicenseStore { LicenseStore() }
                    var key: String?
                }
                final class LicenseModel {
                    static let shared = LicenseModel()
                    private let store: LicenseStore
                    private convenience init() { self.init(store: ↓LicenseStore.shared) }
                    init(store: LicenseStore) { self.store = store }
                }
                """),
            // Kept through a local variable.
            RuleExample(
                """
                container.register(AuditLog.self) { r in
                    let context = ↓r.resolve(RequestContext.self)!
                    return AuditLog(context: context)
                }.inObjectScope(.container)
                container.register(RequestContext.self) { _ in RequestContext() }.inObjectScope(.transient)
                """),
            // Resolver: an application-scoped service keeping a session-scoped one past logout.
            RuleExample(
                """
                import Resolver
                extension ResolverScope { static let session = ResolverScopeCache() }
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { SessionToken() }.scope(.session)
                        register { AccountStore() }.scope(.application)
                    }
                }
                final class AccountStore { @Injected var ↓token: SessionToken }
                """),
            // Twin of the process-wide queue below: a new queue per resolution, kept by a singleton.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register(name: "background") { DispatchQueue(label: "preload") }
                        register { PDFPreloader() }.scope(.application)
                    }
                }
                final class PDFPreloader { @Injected(name: "background") var ↓queue: DispatchQueue }
                """),
            // Factory: a container whose manager makes every factory without a scope a singleton.
            RuleExample(
                """
                extension Container: @retroactive AutoRegistering {
                    public func autoRegister() { manager.defaultScope = .singleton }
                }
                extension Container {
                    var currentUser: Factory<CurrentUser> { self { CurrentUser() }.unique }
                    var imageCache: Factory<ImageCache> { self { ImageCache(owner: ↓self.currentUser()) } }
                }
                final class CurrentUser { var token = "" }
                """),
            // Factory library: a singleton keeping a session-scoped service (a custom `Cached()` scope).
            RuleExample(
                """
                extension Scope { static let session = Cached() }
                extension Container {
                    var currentUser: Factory<CurrentUser> { self { CurrentUser() }.scope(.session) }
                    var imageCache: Factory<ImageCache> { self { ImageCache(owner: ↓self.currentUser()) }.singleton }
                }
                """),
            // A shared container's lazy property keeping what a factory method makes per call.
            RuleExample(
                """
                final class AppContainer {
                    static let shared = AppContainer()
                    lazy var analytics: Analytics = Analytics(session: ↓makeSession())
                    func makeSession() -> Session { Session(user: currentUser) }
                    var currentUser = User.guest
                }
                """),
            // Twin of the container caching its own product below: a product kept inside another.
            RuleExample(
                """
                open class Container {
                    public static var sharedContainer: Container!
                    private lazy var analytics: Analytics = Analytics(settings: ↓makeSettings())
                }
                extension Container: SettingsFactory {
                    public func makeSettings() -> Settings { Settings(self) }
                }
                final class Settings { var enabled = true; init(_ factory: Container) {} }
                """),
            // Twin of the forwarding registration below: this one builds its own holder around it.
            RuleExample(
                """
                container.register(ImageLoader.self) { _ in ImageLoader() }.inObjectScope(.transient)
                container.register(ImageLoading.self) { r in
                    CachedImageLoader(base: ↓r.resolve(ImageLoader.self)!)
                }.inObjectScope(.container)
                """),
            // Twin of the immutable one below: a kept formatter with a cache that changes.
            RuleExample(
                """
                final class PriceFormatter {
                    var cache: [String: String] = [:]
                }
                container.register(PriceFormatter.self) { _ in PriceFormatter() }.inObjectScope(.transient)
                container.register(Checkout.self) { r in
                    Checkout(formatter: ↓r.resolve(PriceFormatter.self)!)
                }.inObjectScope(.container)
                """),
            // Twin of the provider bound by `guard let` below: here the product keeps it.
            RuleExample(
                """
                container.register(UseCaseProvider.self) { _ in UseCaseProvider() }
                container.register(AuthHandler.self) { r in
                    guard let provider = ↓r.resolve(UseCaseProvider.self) else { fatalError("no provider") }
                    return AuthHandler(provider: provider)
                }.inObjectScope(.container)
                """),
            // Twin of the key set in two files below: in one file the last registration wins.
            RuleExample(
                """
                container.register(HTTPLoader.self) { _ in HTTPLoader() }.inObjectScope(.container)
                container.register(HTTPLoader.self) { _ in HTTPLoader() }
                container.register(FeedService.self) { r in FeedService(loader: ↓r.resolve(HTTPLoader.self)!) }.inObjectScope(.container)
                """),
            // Twin of the resolver read on the spot below: this initializer stores it.
            RuleExample(
                """
                final class LocaleManager {
                    private let dependencies: DependenciesResolver
                    init(dependencies: DependenciesResolver) { self.dependencies = dependencies }
                }
                enum WidgetDependencies {
                    static var dependenciesResolver: DependenciesResolver { DependenciesResolver() }
                    static var localeManager: LocaleManager = { LocaleManager(dependencies: ↓dependenciesResolver) }()
                }
                """),
            // Twin of a test's own container below: the app's registration is read, and graph-scoped.
            RuleExample(
                files: [
                    ("App/Registrations.swift", """
                    func registerServices(in container: Container) {
                        container.register(LocationManaging.self) { _ in LocationManager() }
                        container.register(AddressLocalizer.self) { r in
                            AddressLocalizer(locations: ↓r.resolve(LocationManaging.self)!)
                        }.inObjectScope(.container)
                    }
                    """),
                    ("AppTests/AddressTests.swift", """
                    import XCTest
                    final class AddressTests: XCTestCase {
                        var container: Container!
                        override func setUp() { container = Container() }
                        func testLocalizes() {
                            container.register(LocationManaging.self) { _ in MockLocationManager() }
                        }
                    }
                    """),
                ],
                programs: [
                    Program(name: "App", kind: .app, source: "Package.swift", files: ["App/Registrations.swift"]),
                    Program(
                        name: "AppTests", kind: .tests, source: "Package.swift", files: ["AppTests/AddressTests.swift"],
                        sees: ["App"]),
                ]),
            // tice: the scope a project's `registerSingleton` chains is the registration's.
            RuleExample(
                """
                extension Container {
                    func registerSingleton<Service>(
                        _ serviceType: Service.Type, name: String? = nil, factory: @escaping (Resolver) -> Service
                    ) {
                        register(serviceType, name: name, factory: factory).inObjectScope(.container)
                    }
                }
                container.register(Clock.self) { _ in Clock() }
                container.registerSingleton(Feed.self) { r in Feed(clock: ↓r.resolve(Clock.self)!) }
                """),
            // bit-therapy: the same through Swinject's `_register`, returning the entry.
            RuleExample(
                """
                extension Container {
                    @discardableResult
                    func registerSingleton<Service>(
                        _ serviceType: Service.Type, name: String? = nil, factory: @escaping (Resolver) -> Service
                    ) -> ServiceEntry<Service> {
                        _register(serviceType, factory: factory, name: name)
                            .inObjectScope(.container)
                    }
                }
                container.register(Clock.self) { _ in Clock() }
                container.registerSingleton(Feed.self) { r in Feed(clock: ↓r.resolve(Clock.self)!) }
                """),
            // Twin of CrisisCleanup's per-access component below: built once in the root's
            // `shared`, the child lives as long as the app, and so does its view model and the
            // parser it keeps.
            RuleExample(
                """
                import NeedleFoundation
                final class MainComponent: BootstrapComponent {
                    var phoneNumberParser: PhoneNumberParser { RegexPhoneNumberParser() }
                    var casesComponent: CasesComponent { shared { CasesComponent(parent: self) } }
                }
                protocol CasesDependency: Dependency { var phoneNumberParser: PhoneNumberParser { get } }
                final class CasesComponent: Component<CasesDependency> {
                    lazy var casesViewModel: CasesViewModel = CasesViewModel(parser: ↓dependency.phoneNumberParser)
                }
                """),
            // Twin of CrisisCleanup's cast below: a computed property building a new reporter each
            // time, kept by the shared syncer.
            RuleExample(
                """
                import NeedleFoundation
                final class MainComponent: BootstrapComponent {
                    var cacheRepository: IncidentCacheRepository { shared { IncidentCacheRepository() } }
                    var pullReporter: IncidentDataPullReporter { PullReporter() }
                    var syncer: AppSyncer { shared { AppSyncer(reporter: ↓pullReporter) } }
                }
                """),
            // A getter building a value in a local and returning it (World-Cinema's decoder, made a
            // plain getter) builds anew on each access: the local is no other member.
            RuleExample(
                """
                import NeedleFoundation
                final class MainComponent: BootstrapComponent {
                    var decoder: JSONDecoder {
                        let decoder = JSONDecoder()
                        decoder.dateDecodingStrategy = .iso8601
                        return decoder
                    }
                    var movies: MovieRepository { shared { MovieRepository(decoder: ↓decoder) } }
                }
                """),
            // Twin of whoppah's captured instance below: the factory builds a cache each time.
            RuleExample(
                """
                import Resolver
                final class Cache { var items: [String] = [] }
                final class Store { let cache: Cache; init(cache: Cache) { self.cache = cache } }
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { Cache() }
                        register { Store(cache: ↓resolve()) }.scope(.application)
                    }
                }
                """),
            // The twin: the public protocol's registration builds its own service each time.
            RuleExample(
                """
                import Swinject
                protocol PlaceServiceProtocol: AnyObject {}
                protocol PlaceServicePublicProtocol: AnyObject {}
                final class PlaceService: PlaceServiceProtocol, PlaceServicePublicProtocol { var cache: [String] = [] }
                final class FlowCoordinator {
                    let placeService: PlaceServicePublicProtocol
                    init(placeService: PlaceServicePublicProtocol) { self.placeService = placeService }
                }
                let container = Container()
                container.register(PlaceServiceProtocol.self) { _ in PlaceService() }.inObjectScope(.container)
                container.register(PlaceServicePublicProtocol.self) { _ in PlaceService() }
                container.register(FlowCoordinator.self) { FlowCoordinator(placeService: ↓$0.resolve(PlaceServicePublicProtocol.self)!) }
                    .inObjectScope(.container)
                """),
            // Twin of Adamant's `NodesStorage` below: its initializer stores what it is given.
            RuleExample(
                """
                final class NodesMerger { var merged = 0 }
                final class NodesStorage {
                    private let merger: NodesMerger
                    init(saved: [String], merger: NodesMerger) { self.merger = merger }
                }
                container.register(NodesStorage.self) { r in
                    NodesStorage(saved: [], merger: ↓r.resolve(NodesMerger.self)!)
                }.inObjectScope(.container)
                container.register(NodesMerger.self) { _ in NodesMerger() }.inObjectScope(.transient)
                """),
            // Twin of placer's containers below: the default scope is the screens' container's
            // own; the services' container keeps Swinject's `.graph`.
            RuleExample(
                """
                import Swinject
                final class UserService { var user: String? }
                final class ProfileViewModel { let users: UserService; init(users: UserService) { self.users = users } }
                let services = Container()
                let screens = Container(parent: services, defaultObjectScope: .container)
                services.register(UserService.self) { _ in UserService() }
                screens.register(ProfileViewModel.self) { r in ProfileViewModel(users: ↓r.resolve(UserService.self)!) }
                    .inObjectScope(.weak)
                """),
            // EkSnacks: a factory returning `.init(…)` builds the registered type itself, so it
            // keeps what it passes; it does not hand a resolved service on as its own.
            RuleExample(
                """
                import Swinject
                final class SnackNetwork { var lastResponse: Data? }
                final class AddSnackInteractor { let network: SnackNetwork; init(network: SnackNetwork) { self.network = network } }
                let container = Container()
                container.register(SnackNetwork.self) { _ in SnackNetwork() }
                container.register(AddSnackInteractor.self) { r in .init(network: ↓r.resolve(SnackNetwork.self)!) }
                    .inObjectScope(.container)
                """),
        ],
        nonTriggeringExamples: [
            // whoppah: a factory returning a local of the registering function it captures gives that
            // one instance on every resolve (a singleton), so the application-scoped store keeps no
            // captive.
            RuleExample(
                """
                import Resolver
                final class Cache { var items: [String] = [] }
                final class Store { let cache: Cache; init(cache: Cache) { self.cache = cache } }
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        lazy var cache: Cache = { Cache() }()
                        register { cache }
                        register { Store(cache: resolve()) }.scope(.application)
                    }
                }
                """),
            // A registration that only forwards to another is another name for it, not its holder.
            RuleExample(
                """
                container.register(ImageLoader.self) { _ in ImageLoader() }.inObjectScope(.transient)
                container.register(ImageLoading.self) { r in r.resolve(ImageLoader.self)! }.inObjectScope(.container)
                """),
            // Keeping what holds no state that can change (only `let`s of plain values) is
            // structurally captive and harmless: a note, not a warning.
            RuleExample(
                """
                struct PriceFormatter {
                    let currencyCode: String
                    let fractionDigits: Int
                }
                container.register(PriceFormatter.self) { _ in PriceFormatter(currencyCode: "EUR", fractionDigits: 2) }
                    .inObjectScope(.transient)
                container.register(Checkout.self) { r in
                    Checkout(formatter: r.resolve(PriceFormatter.self)!)
                }.inObjectScope(.container)
                """),
            // Factory library (anytype-swift): a factory returning a type's static instance is that
            // singleton whatever its scope, so a singleton keeping it holds no captive.
            RuleExample(
                """
                final class TypeProvider { static let shared = TypeProvider() }
                extension Container {
                    var typeProvider: Factory<TypeProvider> { self { TypeProvider.shared } }
                    var store: Factory<Store> { self { Store() }.singleton }
                }
                final class Store { @Injected(\\.typeProvider) var types: TypeProvider }
                """),
            // Factory's `.shared` (weak) scope never keeps a struct: a new one each resolve.
            RuleExample(
                """
                struct TextBuilder { let parser = Container.shared.parser() }
                extension Container {
                    var parser: Factory<Parser> { self { Parser() } }
                    var textBuilder: Factory<TextBuilder> { self { TextBuilder() }.shared }
                }
                final class Parser {}
                """),
            // The same in Swinject: a `.weak` scope keeps an object, never a struct.
            RuleExample(
                """
                container.register(Formatter.self) { r in Formatter(parser: r.resolve(Parser.self)!) }
                    .inObjectScope(.weak)
                container.register(Parser.self) { _ in Parser() }
                struct Formatter { let parser: Parser }
                final class Parser {}
                """),
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
            // Used while building, not kept: the singleton keeps what the factories make.
            RuleExample(
                """
                container.register(SyncEngine.self) { r in
                    let factory = r.resolve(StateFactory.self)!
                    return factory.makeSyncEngine()
                }.inObjectScope(.container)
                container.register(Logger.self) { r in
                    Logger(sink: r.resolve(SinkFactory.self)!.makeSink())
                }.inObjectScope(.container)
                container.register(StateFactory.self) { _ in StateFactory() }.inObjectScope(.transient)
                container.register(SinkFactory.self) { _ in SinkFactory() }.inObjectScope(.transient)
                """),
            // A `graph` holder is not cached across resolutions: it holds nothing captive.
            RuleExample(
                """
                container.register(Checkout.self) { r in Checkout(cart: r.resolve(Cart.self)!) }
                container.register(Cart.self) { _ in Cart() }.inObjectScope(.transient)
                """),
            // Twin of the default scope above: another container's manager leaves `Container`'s
            // factories `unique`, so nothing is kept.
            RuleExample(
                """
                final class AppContainer: SharedContainer {
                    static let shared = AppContainer()
                    let manager = ContainerManager()
                    init() { manager.defaultScope = .singleton }
                }
                extension Container {
                    var currentUser: Factory<CurrentUser> { self { CurrentUser() }.unique }
                    var imageCache: Factory<ImageCache> { self { ImageCache(owner: self.currentUser()) } }
                }
                final class CurrentUser { var token = "" }
                """),
            // Hymns: a factory returning a process-wide instance (`DispatchQueue.main`, `Bundle.main`,
            // `UserDefaults.standard`) builds nothing: the kept queue lives as long as the process.
            // Twin: a factory making a new queue, kept by a singleton, triggers.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register(name: "main") { DispatchQueue.main }
                        register { PDFPreloader() }.scope(.application)
                    }
                }
                final class PDFPreloader { @Injected(name: "main") var mainQueue: DispatchQueue }
                """),
            // Resolver: a factory returning a shared instance is that singleton, whatever its scope;
            // `@WeakLazyInjected` does not keep what it resolves.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { Logger.shared }
                        register { Session() }.scope(.shared)
                        register { AccountStore() }.scope(.application)
                    }
                }
                final class AccountStore {
                    @Injected var logger: Logger
                    @WeakLazyInjected var session: Session?
                }
                """),
            // Factory: singletons keeping singletons, and an `.onPreview` build that runs only in previews.
            RuleExample(
                """
                extension Container {
                    var logger: Factory<Logger> { self { ConsoleLogger() }.singleton }
                    var client: Factory<HTTPClient> { self { URLSessionClient(logger: self.logger()) }.singleton }
                    var formatter: Factory<Formatter> { self { Formatter() } }
                    var clock: Factory<Clock> {
                        self { SystemClock() }.onPreview { FixedClock(formatter: self.formatter()) }.singleton
                    }
                }
                """),
            // Factory: a singleton keeping a stateless value (copied, not shared).
            RuleExample(
                """
                struct KeyManager { init() {}
                    func sign(_ data: Data) -> Data { data } }
                struct VaultOption: OptionSet { let rawValue: Int }
                struct Vault { @Injected(\\.keyManager) var keys
                    @Injected(\\.vaultOptions) var options }
                extension Container {
                    var keyManager: Factory<KeyManager> { self { KeyManager() } }
                    var vaultOptions: Factory<VaultOption> { self { VaultOption(rawValue: 1) } }
                    var vault: Factory<Vault> { self { Vault() }.cached }
                }
                """),
            // swift-dependencies: every key lives as long as the process.
            RuleExample(
                """
                enum CacheKey: DependencyKey {
                    static var liveValue: Cache {
                        @Dependency(\\.apiClient) var apiClient
                        return Cache(client: apiClient)
                    }
                }
                enum APIClientKey: DependencyKey { static let liveValue = APIClient() }
                extension DependencyValues {
                    var cache: Cache { get { self[CacheKey.self] } set { self[CacheKey.self] = newValue } }
                    var apiClient: APIClient { get { self[APIClientKey.self] } set { self[APIClientKey.self] = newValue } }
                }
                """),
            // A container built once at the app root: its lazy properties keep each other, its
            // factory methods (new per call) keep them, and a factory returning a lazy property
            // gives that cached instance, not a new one.
            RuleExample(
                files: [
                    ("AppContainer.swift", """
                    final class AppContainer {
                        lazy var api: APIClient = HTTPAPIClient()
                        lazy var feedStore: FeedStore = FeedStore(api: api)
                        lazy var session: Session = Session()
                        lazy var analytics: Analytics = Analytics(session: makeSession())
                        func makeSession() -> Session { session }
                        func makeFormatter() -> DateFormatter { DateFormatter() }
                        func makeFeedViewModel() -> FeedViewModel { FeedViewModel(store: feedStore, formatter: makeFormatter()) }
                    }
                    """),
                    ("AppDelegate.swift", "final class AppDelegate: UIResponder, UIApplicationDelegate { let container = AppContainer() }"),
                ]),
            // Two test files each declaring their own `private class ServiceImp1`: the eager
            // singleton is built from the one without properties.
            RuleExample(
                files: [
                    ("Tests/ContextTests.swift", """
                    import XCTest
                    import Dip
                    private class ServiceImp1: Service { let injected = Injected<ServiceImp2>() }
                    private class ServiceImp2 {}
                    final class ContextTests: XCTestCase {
                        let container = DependencyContainer()
                        func testInjected() {
                            container.register { ServiceImp2() }
                            container.register { ServiceImp1() as Service }
                        }
                    }
                    """),
                    ("Tests/ScopeTests.swift", """
                    import XCTest
                    import Dip
                    private class ServiceImp1: Service {}
                    final class ScopeTests: XCTestCase {
                        let container = DependencyContainer()
                        func testEager() { container.register(.eagerSingleton, tag: "eager") { ServiceImp1() as Service } }
                    }
                    """),
                ]),
            // ProtonVPN: a shared container keeping one of its own factory's products in a private
            // lazy property chose that product's lifetime; it holds no captive of it.
            RuleExample(
                """
                open class Container {
                    public static var sharedContainer: Container!
                    private lazy var settings: Settings = makeSettings()
                }
                extension Container: SettingsFactory {
                    public func makeSettings() -> Settings { Settings(self) }
                }
                final class Settings { var enabled = true; init(_ factory: Container) {} }
                """),
            // UpcomingMovies: a provider bound by `guard let` only gives the use cases the
            // product keeps; the provider itself is not kept.
            RuleExample(
                """
                container.register(UseCaseProvider.self) { _ in UseCaseProvider() }
                container.register(AuthHandler.self) { r in
                    guard let provider = r.resolve(UseCaseProvider.self) else { fatalError("no provider") }
                    return AuthHandler(authUseCase: provider.authUseCase(), userUseCase: provider.userUseCase())
                }.inObjectScope(.container)
                """),
            // moers: a library registers the loader per resolve, the app registers it again as
            // a singleton; which runs last is not read, so its lifetime is not known.
            RuleExample(
                files: [
                    ("CityOS/Loader.swift", "container.register(HTTPLoader.self) { _ in HTTPLoader() }"),
                    ("App/Networking.swift", """
                    container.register(HTTPLoader.self) { _ in HTTPLoader() }.inObjectScope(.container)
                    container.register(FeedService.self) { r in FeedService(loader: r.resolve(HTTPLoader.self)!) }.inObjectScope(.container)
                    """),
                ]),
            // ios-spain-s: the initializer reads the resolver on the spot and keeps only what it
            // read; a cached holder built with it does not keep it.
            RuleExample(
                """
                final class LocaleManager {
                    private let locale: String
                    init(dependencies: DependenciesResolver) { locale = dependencies.resolve(LocaleProvider.self).current }
                }
                enum WidgetDependencies {
                    static var dependenciesResolver: DependenciesResolver { DependenciesResolver() }
                    static var localeManager: LocaleManager = { LocaleManager(dependencies: dependenciesResolver) }()
                }
                """),
            // tice: only a test's own container registers the kept service where digraph can read it;
            // the app registers it through a wrapper digraph does not read, in another container.
            RuleExample(
                files: [
                    ("App/Registrations.swift", """
                    func registerServices(in container: Container) {
                        container.registerSingleton(LocationManaging.self) { _ in LocationManager() }
                        container.register(AddressLocalizer.self) { r in
                            AddressLocalizer(locations: r.resolve(LocationManaging.self)!)
                        }.inObjectScope(.container)
                    }
                    """),
                    ("AppTests/AddressTests.swift", """
                    import XCTest
                    final class AddressTests: XCTestCase {
                        var container: Container!
                        override func setUp() { container = Container() }
                        func testLocalizes() {
                            container.register(LocationManaging.self) { _ in MockLocationManager() }
                        }
                    }
                    """),
                ],
                programs: [
                    Program(name: "App", kind: .app, source: "Package.swift", files: ["App/Registrations.swift"]),
                    Program(
                        name: "AppTests", kind: .tests, source: "Package.swift", files: ["AppTests/AddressTests.swift"],
                        sees: ["App"]),
                ]),
            // CrisisCleanup: a child component built anew on each access serves one object graph;
            // what it builds once (its view model) is that graph's, not the app's, and keeps the
            // parser no longer than the screen does.
            RuleExample(
                """
                import NeedleFoundation
                final class MainComponent: BootstrapComponent {
                    var phoneNumberParser: PhoneNumberParser { RegexPhoneNumberParser() }
                    var casesComponent: CasesComponent { CasesComponent(parent: self) }
                }
                protocol CasesDependency: Dependency { var phoneNumberParser: PhoneNumberParser { get } }
                final class CasesComponent: Component<CasesDependency> {
                    lazy var casesViewModel: CasesViewModel = CasesViewModel(parser: dependency.phoneNumberParser)
                }
                """),
            // CrisisCleanup: a computed property returning another member cast to the protocol it
            // conforms to (`incidentCacheRepository as! IncidentDataPullReporter`) is that shared
            // member, not a new object each time.
            RuleExample(
                """
                import NeedleFoundation
                final class MainComponent: BootstrapComponent {
                    var cacheRepository: IncidentCacheRepository { shared { IncidentCacheRepository() } }
                    var pullReporter: IncidentDataPullReporter { cacheRepository as! IncidentDataPullReporter }
                    var syncer: AppSyncer { shared { AppSyncer(reporter: pullReporter) } }
                }
                """),
            // The twin of WeiWallet's controllers: a static function returning what it is given
            // (`T` from a `T` argument, not from a `T.Type`) makes nothing of its own, so the
            // registration is an alias of the presenter, not its holder.
            RuleExample(
                """
                enum Screens { static func wrap<T>(_ value: T) -> T { value } }
                container.register(FeedScreen.self) { r in
                    let presenter = r.resolve(FeedPresenter.self)!
                    return Screens.wrap(presenter)
                }.inObjectScope(.container)
                container.register(FeedPresenter.self) { _ in FeedPresenter() }.inObjectScope(.transient)
                """),
            // The twin of the computed `shared`: a getter reading a stored static that holds the
            // type's instance is that one singleton.
            RuleExample(
                """
                final class Keychain {
                    private static let _shared = Keychain()
                    static var shared: Keychain { _shared }
                }
                final class Vault {
                    static let shared = Vault()
                    private let keychain = Keychain.shared
                }
                """),
            // CityDiscover: the public protocol's registration only hands out the container-scoped
            // service; a singleton keeping it keeps that singleton.
            RuleExample(
                """
                import Swinject
                protocol PlaceServiceProtocol: AnyObject {}
                protocol PlaceServicePublicProtocol: AnyObject {}
                final class PlaceService: PlaceServiceProtocol, PlaceServicePublicProtocol { var cache: [String] = [] }
                final class FlowCoordinator {
                    let placeService: PlaceServicePublicProtocol
                    init(placeService: PlaceServicePublicProtocol) { self.placeService = placeService }
                }
                let container = Container()
                container.register(PlaceServiceProtocol.self) { _ in PlaceService() }.inObjectScope(.container)
                container.register(PlaceServicePublicProtocol.self) { $0.resolve(PlaceServiceProtocol.self)! as! PlaceServicePublicProtocol }
                container.register(FlowCoordinator.self) { FlowCoordinator(placeService: $0.resolve(PlaceServicePublicProtocol.self)!) }
                    .inObjectScope(.container)
                """),
            // Adamant's `NodesStorage`: its initializer only calls the merger, it keeps the result.
            RuleExample(
                """
                final class NodesMerger { var merged = 0; func merge(_ nodes: [String]) -> [String] { merged += 1; return nodes } }
                final class NodesStorage {
                    private let nodes: [String]
                    init(saved: [String], merger: NodesMerger) { nodes = merger.merge(saved) }
                }
                container.register(NodesStorage.self) { r in
                    NodesStorage(saved: [], merger: r.resolve(NodesMerger.self)!)
                }.inObjectScope(.container)
                container.register(NodesMerger.self) { _ in NodesMerger() }.inObjectScope(.transient)
                """),
            // Twin of HenriPotier's storyboard controller above: the factory returns the resolved
            // value itself through a local, so the registration is its alias, not its holder.
            RuleExample(
                """
                container.register(FeedPresenting.self) { r in
                    if let presenter = r.resolve(FeedPresenter.self) as FeedPresenter? {
                        return presenter
                    } else {
                        fatalError("no FeedPresenter")
                    }
                }.inObjectScope(.container)
                container.register(FeedPresenter.self) { _ in FeedPresenter() }
                """),
            // Twin of VoiceInk's convenience init above: it hands on a value read from the
            // transient, not the transient itself.
            RuleExample(
                """
                final class LicenseStore {
                    static var shared: LicenseStore { LicenseStore() }
                    var key: String?
                }
                final class LicenseModel {
                    static let shared = LicenseModel()
                    private let key: String?
                    private convenience init() { self.init(key: LicenseStore.shared.key) }
                    init(key: String?) { self.key = key }
                }
                """),
            // Twin of FilamentSwatches' `registerSingleton` above: through `register` the holder
            // is not a singleton. (Its `.weak` is not read yet: a Swinject-shaped `register(T.self) { }`
            // is taken as Swinject's own, at its default scope, whatever receives it.)
            RuleExample(
                files: [
                    ("DependencyContext.swift", ExampleSources.dependencyContext),
                    ("App.swift", """
                final class Session { var token: String? }
                final class Sync { let session: Session; init(session: Session) { self.session = session } }
                DependencyContext.default.register(Session.self) { Session() }
                DependencyContext.default.register(Sync.self) { Sync(session: DependencyContext.default.resolve()) }
                """),
                ]),
            // placer: `Container(defaultObjectScope: .container)` makes what is registered on it
            // without a scope of its own a singleton, which a weak view model may keep.
            RuleExample(
                """
                import Swinject
                final class UserService { var user: String? }
                final class ProfileViewModel { let users: UserService; init(users: UserService) { self.users = users } }
                let services = Container(defaultObjectScope: .container)
                let screens = Container(parent: services)
                services.register(UserService.self) { _ in UserService() }
                screens.register(ProfileViewModel.self) { r in ProfileViewModel(users: r.resolve(UserService.self)!) }
                    .inObjectScope(.weak)
                """),
        ])

    public init() {}

    public func diagnose(_ context: RuleContext) -> [Diagnostic] {
        let graph = context.graph
        let unasked = UnaskedArities.registrations(in: graph)
        return graph.edges.compactMap { edge -> Diagnostic? in
            guard !edge.missing, edge.retained, edge.from != edge.to,
                var holder = graph.service(edge.from), var held = graph.service(edge.to)
            else { return nil }
            // In the container instance where they meet (a test's own container may scope them otherwise).
            if let local = edge.fromLifetime { (holder.lifetime, holder.lifetimeDetail) = (local, nil) }
            if let local = edge.toLifetime { (held.lifetime, held.lifetimeDetail) = (local, nil) }
            guard Self.cachedHolders.contains(holder.lifetime), holder.lifetime.outlives(held.lifetime),
                let location = edge.location ?? holder.locations.first
            else { return nil }
            // `register(P.self) { r in r.resolve(Impl.self)! }`: P is another name for what it
            // forwards to, not a holder of it.
            if Self.forwards(holder, edge: edge, in: graph) { return nil }
            let fallback: Severity = (held.lifetime == .weak || held.lifetime == .scoped) ? .error : .warning
            var message =
                "`\(holder.id)` (\(Self.describe(holder))) keeps `\(held.id)` (\(Self.describe(held))): "
                + "a captive dependency that lives as long as its holder"
            // Structurally captive, harmless: a transient or graph service with no state that can
            // change, kept, is shared but never seen to differ. A scoped or weak one kept past its
            // scope is the stale session's object whatever its state (a token, the last user).
            let harmless = held.holdsNoMutableState && (held.lifetime == .transient || held.lifetime == .graph)
            if harmless { message += "; `\(held.id)` holds no state that can change, so keeping it is harmless" }
            let unaskedHolder = unasked[holder.id]
            if let why = unaskedHolder { message += "; `\(holder.id)`: \(why)" }
            var notes: [Diagnostic.Note] = []
            if let site = held.locations.first {
                notes.append(Diagnostic.Note(message: "`\(held.id)` is \(held.lifetime.rawValue) here", location: site))
            }
            return Diagnostic(
                rule: Self.description.id,
                severity: harmless || unaskedHolder != nil ? .note : context.severity(default: fallback),
                message: message, location: location, services: [holder.id, held.id], notes: notes)
        }
    }

    /// A registration that builds nothing of its own (no implementation read) and whose only
    /// eager request is `edge`: it hands on what it resolves.
    static func forwards(_ holder: Service, edge: Edge, in graph: DependencyGraph) -> Bool {
        guard holder.implementation.isEmpty, !holder.buildsOwnProduct, holder.isRegistration,
            edge.via == .resolve || edge.via == .method
        else {
            return false
        }
        return graph.outgoing(holder.id).filter { $0.timing == .eager && $0.to != holder.id }.count == 1
    }

    /// Lifetimes whose instance outlives one resolution: only they can hold a captive.
    static let cachedHolders: Set<Lifetime> = [.singleton, .scoped, .weak]

    private static func describe(_ service: Service) -> String {
        if let detail = service.lifetimeDetail, detail != service.lifetime.rawValue {
            return "\(service.lifetime.rawValue), \(detail)"
        }
        return service.lifetime.rawValue
    }
}
