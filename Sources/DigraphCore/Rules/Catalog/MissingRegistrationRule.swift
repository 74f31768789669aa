public struct MissingRegistrationRule: Rule {
    public static let description = RuleDescription(
        id: "missing_registration", name: "Missing registration", defaultSeverity: .error,
        summary: "A resolve that no registration in the analysed code satisfies: a crash at run time.",
        rationale: """
            A request is its type, name and argument count in the registry it is resolved from. It is \
            satisfied by a registration in any scanned file, module or assembly of the same program \
            (an app and its extension each run their own container; a test bundle sees its host's), \
            and a container built in the same function sees only its own and its parents' \
            registrations. Near misses (the same type under another name, in another registry or in \
            another program) are listed. A resolve written to tolerate \
            absence (Swinject's `resolve(X.self)` without `!`) is reported as a note; types the container \
            provides itself, such as Swinject's `Resolver`, are never missing. Requests that exist with \
            other arguments are `argument_mismatch` instead. \
            An error is a proof: when the program holds a registration digraph saw but could not \
            read whole (its type or its receiver unknown: a project's wrapper, a container digraph \
            does not know) that may register the key, the container is open and the miss is a note \
            naming that site; `assume_registered:` in the configuration says what such a site \
            registers and closes it. A request in code several programs compile that one of them \
            satisfies is a note in the others: whether they ever run it is not read. A request made \
            by a registration of an `Assembly` that nothing in the program applies is a note: that \
            factory never runs there, and whoever applies the assembly fills the container. Likewise a \
            request made by a registration no request asks for with its arguments, while requests of \
            its type pass other arguments (Swinject's key includes them): that factory may never run.
            """,
        triggeringExamples: [
            // Twin of coctailMaster's coordinator below: nothing registers the controller at all.
            RuleExample(
                files: [
                    ("AppContainer.swift", tranquillityContainer),
                    ("OnboardingCoordinator.swift", """
                    import UIKit
                    final class OnboardingCoordinator {
                        func start() { let controller: OnboardingViewController = ↓AppContainer.shared.resolve() }
                    }
                    """),
                ]),
            // Twin of Homework's module-qualified request below: `Feed.Item` is a type of the scan
            // nested in `Feed`, not the registered `Item`.
            RuleExample(
                """
                final class Feed { final class Item {} }
                final class Item {}
                container.register(Item.self) { _ in Item() }
                let item = ↓container.resolve(Feed.Item.self)!
                """),
            // Twin of RiMovie's generic presenter below: the argument written is not registered.
            RuleExample(
                """
                import Resolver
                final class MoviesInteractor {}
                final class MoviesPresenter<UseCase> { let useCase: UseCase; init(useCase: UseCase) { self.useCase = useCase } }
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { MoviesPresenter<MoviesInteractor>(useCase: ↓resolve()) }
                    }
                }
                """),
            // 3dollar's `Environment` accessors: a nil the code turns into `fatalError` crashes like `!`.
            RuleExample(
                """
                import Swinject
                protocol MyPageInterface {}
                let container = Container()
                enum Environment {
                    static var myPage: MyPageInterface {
                        guard let myPage = ↓container.resolve(MyPageInterface.self) else { fatalError("MyPageInterface") }
                        return myPage
                    }
                }
                """),
            // Twin of whoppah's `Self` below: the type asking is `Category`, and only the
            // material's localizer is registered.
            RuleExample(
                """
                import Resolver
                final class Localizer<Model> {}
                struct Material {}
                struct Category {}
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { Localizer<Material>() }
                    }
                }
                extension Category: Resolving {
                    var localizer: Localizer<Self> { ↓resolver.resolve() }
                }
                """),
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
                    func logIn() { tracker.track("login") }
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
            // The widget runs its own container: what only the app registers is missing there.
            RuleExample(
                files: [
                    ("App/AppContainer.swift", """
                    let appContainer = Container()
                    appContainer.register(PriceFormatter.self) { _ in PriceFormatter() }
                    """),
                    ("Widget/WidgetContainer.swift", """
                    let widgetContainer = Container()
                    let formatter = ↓widgetContainer.resolve(PriceFormatter.self)!
                    """),
                ],
                programs: [
                    Program(name: "App", kind: .app, source: "Package.swift", files: ["App/AppContainer.swift"]),
                    Program(name: "Widget", kind: .extension, source: "Package.swift", files: ["Widget/WidgetContainer.swift"]),
                ]),
            // Factory library: a `promised()` service nothing registers.
            RuleExample(
                """
                extension Container {
                    var analytics: Factory<AnalyticsTracking?> { promised() }
                }
                final class CheckoutViewModel {
                    ↓@Injected(\\.analytics) var analytics
                }
                """),
            // swift-dependencies: a key with no `liveValue`, read in live code, never assigned at the root.
            RuleExample(
                """
                extension FeatureFlags: TestDependencyKey {
                    static let testValue = FeatureFlags()
                }
                extension DependencyValues {
                    var flags: FeatureFlags {
                        get { self[FeatureFlags.self] }
                        set { self[FeatureFlags.self] = newValue }
                    }
                }
                struct Settings {
                    ↓@Dependency(\\.flags) var flags
                    var isBeta: Bool { flags.beta }
                }
                """),
            // swift-dependencies keyed by type (`@Dependency(Flags.self)`, no `DependencyValues`
            // accessor): the key type is the service; without `liveValue` live code crashes.
            RuleExample(
                """
                struct Flags { var beta = false }
                extension Flags: TestDependencyKey {
                    static let testValue = Flags()
                }
                struct Profile {
                    ↓@Dependency(Flags.self) var flags
                    var isBeta: Bool { flags.beta }
                }
                """),
            // DITranquillity: an initializer's parameter nothing registers (its container, which
            // registers itself, is no miss).
            RuleExample(
                """
                import DITranquillity
                final class Router { init(container: DIContainer, api: APIClient) {} }
                let container = DIContainer()
                ↓container.register(Router.init)
                """),
            // A key-path container's `LazyDependencyKey` that nothing gives a value (seed 004).
            RuleExample(
                """
                struct BServiceKey: LazyDependencyKey { static var currentValue: BService? }
                extension DependencyContainer {
                    var bService: BService {
                        get { Self[BServiceKey.self] }
                        set { Self[BServiceKey.self] = newValue }
                    }
                }
                final class BViewModel {
                    ↓@Dependency(\\.bService) var bService
                    func load() { bService.fetch() }
                }
                """),
            // A `Has…` requirement the environment handed over does not provide.
            RuleExample(
                """
                protocol HasUserSession { var userSession: UserSession { get } }
                protocol HasTracker { var tracker: Tracker { get } }
                final class AppEnvironment: HasUserSession {
                    static let shared = AppEnvironment()
                    let userSession = UserSession()
                }
                final class ProfileViewModel {
                    typealias Dependencies = HasUserSession & HasTracker
                    init(↓dependencies: Dependencies = AppEnvironment.shared) {}
                }
                """),
            // Needle: no ancestor of `GameComponent` has a `scoreStream: ScoreStream` (its own does not count).
            RuleExample(
                """
                import NeedleFoundation
                protocol GameDependency: Dependency {
                    var ↓scoreStream: ScoreStream { get }
                }
                final class RootComponent: BootstrapComponent {
                    var gameComponent: GameComponent { GameComponent(parent: self) }
                }
                final class GameComponent: Component<GameDependency> {
                    var scoreStream: ScoreStream { ScoreStreamImpl() }
                }
                """),
            // Weaver: a reference no container above the referencing type registers.
            RuleExample(
                """
                final class AppDelegate {
                    // weaver: home = HomeViewController
                }
                final class HomeViewController {
                    ↓// weaver: logger <- Logger
                }
                """),
            // Seed 001's protocol injector: a requirement the injector never sets is nil when read.
            RuleExample(
                """
                protocol Injectable: AnyObject {
                    var store: Store! { get set }
                    var context: Context! { get set }
                }
                let injector = Injector<Injectable, Store>(callback: { controller, store in controller.store = store })
                ↓final class ListViewController: UIViewController, Injectable {
                    var store: Store!
                    var context: Context!
                }
                """),
            // Twin of the open container below: a table view's cell registration is UIKit's, so
            // the container is closed and the miss proven.
            RuleExample(
                """
                tableView.register(ProductCell.self, forCellReuseIdentifier: "product")
                collectionView.register(cellType: BannerCell.self)
                container.register(Cart.self) { r in Cart(api: ↓r.resolve(APIClient.self)!) }
                """),
            // Twin of the shared-code example below: the widget's own code asks for what only the
            // app registers, in a file only the widget compiles.
            RuleExample(
                files: [
                    ("Shared/Locator.swift", "let locator = Container()"),
                    ("App/AppSetup.swift", "func setUp() { locator.register(PriceFormatter.self) { _ in PriceFormatter() } }"),
                    ("Widget/WidgetView.swift", "let formatter = ↓locator.resolve(PriceFormatter.self)!"),
                ],
                programs: [
                    Program(name: "App", kind: .app, source: "project.pbxproj", files: ["App/AppSetup.swift", "Shared/Locator.swift"]),
                    Program(
                        name: "Widget", kind: .extension, source: "project.pbxproj",
                        files: ["Shared/Locator.swift", "Widget/WidgetView.swift"]),
                ]),
            // A project's property wrapper over the container's resolve, force-unwrapped: a wrapped
            // property nothing registers crashes when its holder is built.
            RuleExample(
                """
                @propertyWrapper struct Inject<T> {
                    let wrappedValue: T
                    init() { wrappedValue = AppContainer.shared.resolve(T.self)! }
                }
                final class Feed { @Inject var ↓api: APIClient }
                container.register(Logger.self) { _ in Logger() }
                """),
            // A test bundle compiling the app's code registers a mock of what the app never
            // registers: the app's miss stands (the shared-code note needs a product program).
            RuleExample(
                files: [
                    ("Shared/Locator.swift", "let locator = Container()"),
                    ("App/Feature.swift", "let formatter = ↓locator.resolve(PriceFormatter.self)!"),
                    ("AppTests/FeatureTests.swift", """
                    import XCTest
                    final class FeatureTests: XCTestCase {
                        override func setUp() { locator.register(PriceFormatter.self) { _ in MockPriceFormatter() } }
                    }
                    """),
                ],
                programs: [
                    Program(name: "App", kind: .app, source: "project.pbxproj", files: ["App/Feature.swift", "Shared/Locator.swift"]),
                    Program(
                        name: "AppTests", kind: .tests, source: "project.pbxproj",
                        files: ["App/Feature.swift", "AppTests/FeatureTests.swift", "Shared/Locator.swift"], sees: ["App"]),
                ]),
            // Twin of the feature store below: a lookup that stops the program when the key was
            // never stored is a locator whose misses crash.
            RuleExample(
                """
                final class FeatureStore {
                    private var values: [String: Any] = [:]
                    func setValue<T>(_ type: T.Type, _ value: T) { values[String(describing: type)] = value }
                    func getValue<T>(for type: T.Type) -> T {
                        guard let value = values[String(describing: type)] as? T else { fatalError("\\(type) was never set") }
                        return value
                    }
                }
                let store = FeatureStore()
                final class Player { let accelerator: Accelerator = ↓store.getValue(for: Accelerator.self) }
                """),
            // Twin of the library's test bundle below: the test's own code asks for what nothing
            // registers, so the bundle's run is proven to miss it.
            RuleExample(
                files: [
                    ("Course/Locator.swift", "let locator = Container()"),
                    ("Course/VideoView.swift", "final class VideoView { let model = locator.resolve(PlayerModel.self)! }"),
                    ("CourseTests/VideoViewTests.swift", """
                    import XCTest
                    final class VideoViewTests: XCTestCase {
                        func testModel() { XCTAssertNotNil(↓locator.resolve(PlayerModel.self)!) }
                    }
                    """),
                ],
                programs: [
                    Program(name: "Course", kind: .library, source: "Package.swift", files: ["Course/Locator.swift", "Course/VideoView.swift"]),
                    Program(
                        name: "CourseTests", kind: .tests, source: "Package.swift",
                        files: ["Course/Locator.swift", "Course/VideoView.swift", "CourseTests/VideoViewTests.swift"],
                        sees: ["Course"]),
                ]),
            // Twin of TheFeels' module-qualified keys below: the key answers its own name, and the
            // use case asks for another one nothing registers.
            RuleExample(
                """
                import Swinject
                let container = Container()
                container.register(Domain.UserRepository.self) { _ in AppData.UserRepository() }
                container.register(SearchTweetsUseCase.self) { r in SearchTweetsUseCase(repository: ↓r.resolve(TweetRepository.self)!) }
                let useCase = container.resolve(SearchTweetsUseCase.self)!
                """),
            // FilamentSwatches' `DependencyContext`: `@Injected` reads `resolve(key:)`, which hands
            // on to a private `resolve(key:in:)` that fails; `registerSingleton` reaches Swinject's
            // `register(_:name:) { … }` through a private wrapper. Nothing registers `Clock`.
            RuleExample(
                files: [
                    ("DependencyContext.swift", ExampleSources.dependencyContext),
                    ("App.swift", """
                final class Sync {}
                final class Feed { @Injected var sync: Sync; @Injected var ↓clock: Clock; func refresh() { _ = sync; _ = clock.now } }
                DependencyContext.default.registerSingleton(Sync.self) { Sync() }
                Feed().refresh()
                """),
                ]),
            // Twin of falcon's `factory: ApiMigrationsManager.init` below: the type read from the
            // initializer handed over is registered, the one asked for is not.
            RuleExample(
                """
                import Dip
                final class ApiMigrationsManager { init() {} }
                final class SyncAction { init(migrations: ApiMigrationsManager, user: UserRepository) {} }
                let container = DependencyContainer()
                container.register(.singleton, factory: ApiMigrationsManager.init)
                container.register { SyncAction(migrations: try container.resolve(), user: try ↓container.resolve()) }
                """),
            // Twin of Wehoop's locator below: nothing registers `NetworkService` on it.
            RuleExample(
                files: [
                    ("Locator.swift", ExampleSources.simpleDependencyContainer),
                    ("App.swift", """
                func configureDependencyContainer() -> DependencyContainer {
                    let container = SimpleDependencyContainer()
                    container.register(Repository.self) { Repository(network: ↓container.resolve()) }
                    return container
                }
                """),
                ]),
            // Twin of YandexWeatherTest's nested alias below: it names a type nothing registers.
            RuleExample(
                """
                import Resolver
                final class SvgImageProviderInteractor {}
                final class PngImageProviderInteractor {}
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() { register { SvgImageProviderInteractor() } }
                }
                final class ImageView {
                    typealias ImageProvider = PngImageProviderInteractor
                    private let imageProvider: ImageProvider = ↓Resolver.resolve()
                }
                """),
            // toduck's `DIContainer`: a generic wrapper hands its metatype parameter on to Swinject
            // (`container.register(serviceType) { _ in object }`). It registers only what its
            // callers name, and none names `API`, so the container is still closed for it.
            RuleExample(
                files: [
                    ("DIContainer.swift", ExampleSources.genericRegisterWrapper),
                    ("App.swift", """
                import Swinject
                struct DataAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(Repository.self) { r in Repository(api: ↓r.resolve(API.self)!) }
                    }
                }
                DIContainer.shared.assemble([DataAssembly()])
                let repository = DIContainer.shared.resolve(Repository.self)
                """),
                ]),
            // cleema's keys: `private enum EmailValidatorKey` nested in the `extension DependencyValues`
            // whose accessor reads it: that nested key, with no `liveValue`, is the one read.
            RuleExample(
                """
                struct EmailValidator { var validate: (String) -> String? }
                extension DependencyValues {
                    var emailValidator: EmailValidator {
                        get { self[EmailValidatorKey.self] }
                        set { self[EmailValidatorKey.self] = newValue }
                    }
                    private enum EmailValidatorKey: TestDependencyKey {
                        static let testValue = EmailValidator { _ in nil }
                    }
                }
                struct SignUp: Reducer { ↓@Dependency(\\.emailValidator) var emailValidator; func check() { _ = emailValidator.validate("a") } }
                """),
            // Twin of CHALLA's composition root below: only a SwiftUI preview gives the key a value,
            // and the app never runs a preview.
            RuleExample(
                """
                struct PhotoClient { var upload: () -> Void }
                enum PhotoClientKey: TestDependencyKey { static let testValue = PhotoClient(upload: {}) }
                extension DependencyValues {
                    var photoClient: PhotoClient { get { self[PhotoClientKey.self] } set { self[PhotoClientKey.self] = newValue } }
                }
                struct CameraFeature: Reducer { ↓@Dependency(\\.photoClient) var photoClient; func shoot() { photoClient.upload() } }
                #Preview {
                    CameraView(store: Store(initialState: .init()) { CameraFeature() } withDependencies: { $0.photoClient = PhotoClient(upload: {}) })
                }
                @main struct ChallaApp { static func main() { prepareDependencies { _ in } } }
                """),
            // Twin of Schuylkill's runtime-typed registration below: every registration is read,
            // and none is of the named `LocationService` asked for.
            RuleExample(
                """
                import Resolver
                extension Resolver {
                    static func registerAllServices() {
                        register { Logger() }
                    }
                }
                final class ExtensionDelegate {
                    func launch() { let location = ↓Resolver.resolve(LocationService.self, name: "LocationService") }
                }
                """),
            // Twin of ios-spain-s's operative container below: the keyed store conforms to the
            // protocol the screen asks through, so its lookup is the one that runs, and fails.
            RuleExample(
                """
                protocol ValueStore { func get<T>() -> T }
                final class MemoryStorage: ValueStore {
                    var storedData: [String: Any] = [:]
                    func store<Data>(_ data: Data, type: Data.Type) { storedData[String(describing: type)] = data }
                    func get<Data>() -> Data { storedData[String(describing: Data.self)] as! Data }
                }
                final class Screen {
                    let store: ValueStore
                    init(store: ValueStore) { self.store = store }
                    func load() { let data: OperativeData = ↓store.get() }
                }
                func setUp(storage: MemoryStorage) { storage.store(Session(), type: Session.self) }
                """),
            // Twin of the workspace's framework below: the test itself asks for what nothing in
            // its bundle registers, so the bundle's run is proven to miss it.
            courseWorkspace(test: "func testModel() { XCTAssertNotNil(↓locator.resolve(PlayerModel.self)!) }"),
            // Twin of the unreadable Resolver registration below: it is unnamed, so a named key
            // stays closed.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { Firestore.firestore().enableLogging(on: true) }.scope(.application)
                    }
                }
                final class RemindersRepository { @Injected(name: "audit") var ↓log: AuditLog }
                """),
            // Twin of the lazy property nothing reads below: this one is read, so it resolves.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() { register { Clock() } }
                }
                final class SettingsViewModel {
                    @LazyInjected var ↓tracker: AnalyticsTracking
                    func open() { tracker.track("settings") }
                }
                """),
            // Twin of the lazy wrapper's unread property below: this one is read.
            RuleExample(
                """
                @propertyWrapper final class Inject<T> {
                    private var storage: T?
                    init() {}
                    var wrappedValue: T {
                        if let storage { return storage }
                        let value = AppContainer.shared.resolve(T.self)!
                        storage = value
                        return value
                    }
                }
                final class Feed {
                    @Inject private var ↓api: APIClient
                    func load() { api.fetch() }
                }
                container.register(Logger.self) { _ in Logger() }
                """),
            // Twin of the feature demo below: the app applies the feature's assembly, so the
            // factory runs and its miss is proven.
            RuleExample(
                files: [
                    ("Feature/FeatureAssembly.swift", """
                    final class FeatureAssembly: Assembly {
                        func assemble(container: Container) {
                            container.register(ProfileViewModel.self) { r in ProfileViewModel(repo: ↓r.resolve(ProfileRepository.self)!) }
                        }
                    }
                    """),
                    ("App/AppDelegate.swift", """
                    let assembler = Assembler([FeatureAssembly()])
                    let model = assembler.resolver.resolve(ProfileViewModel.self)!
                    """),
                ],
                programs: [
                    Program(name: "App", kind: .app, source: "Project.swift", files: ["App/AppDelegate.swift", "Feature/FeatureAssembly.swift"]),
                ]),
            // The twin of tice's screenshot-only factory: asked for without arguments, it runs.
            RuleExample(
                """
                container.register(APIClient.self) { _ in APIClient() }
                container.register(SignUpViewModel.self) { r, flow in
                    SignUpViewModel(flow: flow, api: r.resolve(APIClient.self)!)
                }
                container.register(SignUpViewModel.self) { r in
                    SignUpViewModel(timeout: ↓r.resolve(TimeInterval.self)!)
                }
                let model = container.resolve(SignUpViewModel.self, argument: flow)!
                let preview = container.resolve(SignUpViewModel.self)!
                """),
            // Twin of tice's own `registerSingleton` below: what no registration provides, wrapper or not.
            RuleExample(
                """
                extension Container {
                    func registerSingleton<Service>(
                        _ serviceType: Service.Type, name: String? = nil, factory: @escaping (Resolver) -> Service
                    ) {
                        register(serviceType, name: name, factory: factory).inObjectScope(.container)
                    }
                }
                container.registerSingleton(APIClient.self) { _ in HTTPAPIClient() }
                container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!, db: ↓r.resolve(Database.self)!) }
                """),
            // Twin of clipninja's generic view below: a parameter that is no generic one still asks.
            RuleExample(
                """
                import SwinjectAutoregistration
                protocol ClipboardViewModel {}
                final class ClipboardViewModelImpl: ClipboardViewModel { init() {} }
                final class SystemKeyboardObserver: KeyboardObserver { init() {} }
                struct ClipboardView<ViewModel: ClipboardViewModel> {
                    init(viewModel: ViewModel, keyboard: KeyboardObserver) {}
                }
                container.autoregister(ClipboardViewModelImpl.self, initializer: ClipboardViewModelImpl.init)
                ↓container.autoregister(ClipboardView<ClipboardViewModelImpl>.self, initializer: ClipboardView.init)
                """),
            // Twin of clipninja's `.implements` below: the app registers the implementation only.
            RuleExample(
                files: [
                    ("Core/ClipboardAssembly.swift", """
                    container.register(Clipboard.self) { r in Clipboard(keyboard: ↓r.resolve(KeyboardObserver.self)!) }
                    """),
                    ("App/KeyboardAssembly.swift", """
                    container.register(SystemKeyboardObserver.self) { _ in SystemKeyboardObserver() }
                    """),
                    ("CoreTests/ClipboardTests.swift", """
                    import XCTest
                    final class ClipboardTests: XCTestCase { func testEmpty() { XCTAssertTrue(Clipboard.empty.isEmpty) } }
                    """),
                ],
                programs: [
                    Program(
                        name: "App", kind: .app, source: "Package.swift",
                        files: ["App/KeyboardAssembly.swift", "Core/ClipboardAssembly.swift"]),
                    Program(
                        name: "CoreTests", kind: .tests, source: "Package.swift",
                        files: ["Core/ClipboardAssembly.swift", "CoreTests/ClipboardTests.swift"]),
                ]),
            // vIOS: a helper beside the call registers one fixed type under the name it is given;
            // it cannot register `TxTransponder`, which nothing does.
            RuleExample(
                """
                final class EventServiceProvider {
                    let container = Container()
                    func register() {
                        self.register(name: "config") { r in ConfigurationSubscriber(api: r.resolve(APIClient.self)!) }
                        container.register(SendViewModel.self) { r in SendViewModel(transponder: ↓r.resolve(TxTransponder.self)!) }
                    }
                    private func register(name: String, factory: @escaping (Resolver) -> SubscriberProtocol) {
                        container.register(SubscriberProtocol.self, name: name) { r in factory(r) }
                    }
                }
                container.register(APIClient.self) { _ in HTTPAPIClient() }
                """),
            // Whisperboard's shape: the key's conformance is an empty extension and its only value,
            // `testValue`, is in another one; live code reading it has no live value.
            RuleExample(
                """
                import Dependencies
                struct BuildClient { var version: () -> String }
                extension BuildClient: TestDependencyKey {}
                extension BuildClient {
                    static var testValue = BuildClient(version: { "0" })
                }
                extension DependencyValues {
                    var build: BuildClient { get { self[BuildClient.self] } set { self[BuildClient.self] = newValue } }
                }
                final class SettingsModel {
                    ↓@Dependency(\\.build) var build
                    func title() -> String { build.version() }
                }
                """),
            // testyoungst's module links: a registration whose factory returns a closure registers
            // a function type, so it cannot be what registers the service a screen asks for.
            RuleExample(
                """
                import DITranquillity
                final class EditProfileEnvironment { init(profileService: ProfileService) {} }
                protocol ProfileService {}
                let container = DIContainer()
                container.register { env in { (input: ProfileInput) in ProfileController(input: input, env: env) } }
                ↓container.register(EditProfileEnvironment.init)
                """),
            // plantgress: the only registration of a use case is made by a helper that only
            // previews (and tests) call; the app never makes it.
            RuleExample(
                """
                import SwiftUI
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() { register { LiveClock() as Clock } }
                    static func registerMocks() { register { MockFeed() as FeedService } }
                }
                final class FeedViewModel: ObservableObject {
                    @Injected var ↓feed: FeedService
                    func load() { feed.load() }
                }
                #Preview {
                    Resolver.registerMocks()
                    return FeedView(model: FeedViewModel())
                }
                """),
            // race-weather's builders: `register { Builder.build() }` is keyed by what `build()`
            // is declared to return, so the screens it registers are read and the one left out is
            // a proven miss.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { ComingScreenBuilder.build() }
                        register { SettingsBuilder.build() }.scope(.application)
                    }
                }
                enum ComingScreenBuilder { static func build() -> ComingScreenView { ComingScreenView() } }
                enum SettingsBuilder { static func build() -> SettingsView { SettingsView() } }
                final class Router {
                    @Injected var coming: ComingScreenView
                    @Injected var ↓series: SeriesListView
                    func show() { _ = coming; _ = series }
                }
                """),
            // The same builders under DITranquillity and Dip: `register { Builder.build() }` is
            // keyed by what `build()` is declared to return, so the screen left out is a miss.
            RuleExample(
                """
                import DITranquillity
                enum FeedBuilder { static func build() -> FeedScreen { FeedScreen() } }
                final class Router { init(feed: FeedScreen, settings: SettingsScreen) {} }
                let container = DIContainer()
                container.register { FeedBuilder.build() }.lifetime(.single)
                ↓container.register(Router.init)
                """),
            RuleExample(
                """
                import Dip
                enum FeedBuilder { static func build() -> FeedScreen { FeedScreen() } }
                final class Router { init(feed: FeedScreen, settings: SettingsScreen) {} }
                let container = DependencyContainer()
                container.register { FeedBuilder.build() }
                container.register { Router(feed: try container.resolve(), settings: try ↓container.resolve()) }
                """),
            // The twin of RssReeder's state: one property without a value, so the memberwise
            // initializer is the only one and asks for it.
            RuleExample(
                """
                import DITranquillity
                struct AppState {
                    var news = NewsState()
                    var settings: SettingsState
                }
                let container = DIContainer()
                container.register(NewsState.init)
                ↓container.register(AppState.init)
                """),
            // The twin of SuperArc's `resolveOnDemand`: a locator resolve that stops the app when
            // nothing is registered, instead of building one.
            RuleExample(
                """
                final class InterfaceRegistry {
                    private var instances: [String: Any] = [:]
                    func register<T>(_ instance: T, for type: T.Type) { instances[String(describing: type)] = instance }
                    func resolve<T>(type: T.Type) -> T {
                        guard let instance = instances[String(describing: type)] as? T else { fatalError("\\(type) missing") }
                        return instance
                    }
                }
                final class Navigator {
                    let registry = InterfaceRegistry()
                    func videos() -> VideosInterface { ↓registry.resolve(type: VideosInterface.self) }
                }
                """),
            // The twin: the assembly is declared in the scan and registers no `FeedStore`.
            RuleExample(
                """
                import Swinject
                final class Feed { init(api: APIClient, store: FeedStore) {} }
                final class NetworkAssembly: Assembly {
                    func assemble(container: Container) { container.register(APIClient.self) { _ in LiveAPIClient() } }
                }
                let container = Container()
                container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!, store: ↓r.resolve(FeedStore.self)!) }
                let assembler = Assembler([NetworkAssembly()], container: container)
                let feed = container.resolve(Feed.self)!
                """),
            // The twin: a helper typed by its own result asks for that type, and nothing registers it.
            RuleExample(
                """
                import DITranquillity
                final class Settings {}
                enum AppDI {
                    static let container = DIContainer()
                    static func resolve<T>() -> T { container.resolve() }
                    static func settings() -> Settings { ↓container.resolve() }
                }
                """),
            // The twin: the app applies the assembly, so the coordinator is built and its miss
            // is proven.
            RuleExample(
                """
                import Swinject
                protocol AlbumsCoordinating { func showDetail() }
                final class AlbumsCoordinator: AlbumsCoordinating {
                    private let resolver: Resolver
                    init(resolver: Resolver) { self.resolver = resolver }
                    func showDetail() { let builder = ↓resolver.resolve(AlbumDetailBuilder.self)!; builder.build() }
                }
                final class AlbumsFeatureAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(AlbumsCoordinating.self) { resolver in AlbumsCoordinator(resolver: resolver) }
                    }
                }
                let assembler = Assembler([AlbumsFeatureAssembly()])
                """),
            // The twin: only `Collection` registers its `Module`, so `Detail.Module` is missing.
            RuleExample(
                """
                import Swinject
                enum Detail { typealias Module = (router: DetailRouter, input: String) }
                enum Collection {}
                extension Collection {
                    typealias Module = (router: CollectionRouter, input: Int)
                    struct Assembly: Swinject.Assembly {
                        func assemble(container: Container) { container.register(Module.self) { _ in (router: CollectionRouter(), input: 1) } }
                    }
                }
                final class MainRouter {
                    let resolver: Resolver
                    init(resolver: Resolver) { self.resolver = resolver }
                    func openDetail() { let (router, input) = ↓resolver.resolve(Detail.Module.self)!; _ = (router, input) }
                }
                let assembler = Assembler([Collection.Assembly()])
                """),
            // The twin: `Clients` is a type of the scan, so `Clients.WebSocketClient` is another
            // type, and the key read has no `liveValue`.
            RuleExample(
                """
                import Dependencies
                enum Clients { struct WebSocketClient { var connect: () -> Void } }
                struct WebSocketClient { var connect: () -> Void }
                extension Clients.WebSocketClient: DependencyKey {
                    static let liveValue = Clients.WebSocketClient(connect: {})
                }
                extension WebSocketClient: TestDependencyKey { static let testValue = WebSocketClient(connect: {}) }
                extension DependencyValues {
                    var websocket: WebSocketClient {
                        get { self[WebSocketClient.self] }
                        set { self[WebSocketClient.self] = newValue }
                    }
                }
                struct WebSocketFeature { ↓@Dependency(\\.websocket) var websocket; func go() { websocket.connect() } }
                """),
            // Twin of JogTracker's below: a type named in the resolve, never registered.
            RuleExample(
                """
                import Swinject
                final class Coordinator {
                    let container = Container()
                    func pushJogs() {
                        let controller = ↓container.resolve(JogsViewController.self)!
                        _ = controller
                    }
                    func start() { container.register(SettingsViewController.self) { _ in SettingsViewController() } }
                }
                final class JogsViewController {}
                final class SettingsViewController {}
                """),
            // EffectiveMobileTestTask: a locator keyed by the static type of the value it is given;
            // the Core Data service is never registered.
            RuleExample(
                """
                final class ServiceLocator {
                    private var services: [String: Any] = [:]
                    static let shared = ServiceLocator()
                    func register<T>(_ service: T) { services[String(describing: T.self)] = service }
                    func resolve<T>() -> T {
                        guard let service = services[String(describing: T.self)] as? T else { fatalError("not registered") }
                        return service
                    }
                }
                protocol NetworkServiceProtocol {}
                protocol CoreDataServiceProtocol {}
                final class NetworkService: NetworkServiceProtocol {}
                final class TaskInteractor {
                    init(network: NetworkServiceProtocol = ServiceLocator.shared.resolve(),
                         store: CoreDataServiceProtocol = ↓ServiceLocator.shared.resolve()) {}
                }
                func configureServices() {
                    let networkService: NetworkServiceProtocol = NetworkService()
                    ServiceLocator.shared.register(networkService)
                }
                """),
            // MoviePosterApp: a project's `resolve<T>() -> T` over Swinject's, typed by the
            // parameter of the initializer it is passed to; nothing registers the watch list.
            RuleExample(
                """
                import Swinject
                extension Resolver {
                    func resolve<T>() -> T { return resolve(T.self)! }
                }
                final class FilmService {}
                final class WatchListService {}
                final class FilmInteractor {
                    init(filmService: FilmService, watchListService: WatchListService) {}
                }
                final class FilmModuleBuilder {
                    private let resolver: Resolver
                    init(resolver: Resolver) { self.resolver = resolver }
                    func build() -> FilmInteractor {
                        FilmInteractor(filmService: resolver.resolve(), watchListService: ↓resolver.resolve())
                    }
                }
                final class NetworkAssembly: Assembly {
                    func assemble(container: Container) { container.register(FilmService.self) { _ in FilmService() } }
                }
                """),
            // The twin: nothing registers the keychain, and the lookup stops the app.
            RuleExample(
                """
                final class DependencyContainer {
                    static let shared = DependencyContainer()
                    private var services: [String: Any] = [:]
                    func register<T>(_ service: T, forType type: T.Type) { services[String(describing: type)] = service }
                    func resolve<T>() -> T {
                        guard let service: T = lookupService() else { fatalError("No registered service for type \\(T.self)") }
                        return service
                    }
                    private func lookupService<T>() -> T? { services[String(describing: T.self)] as? T }
                }
                final class NetworkClient {}
                final class KeychainManager {}
                final class TokenProvider {
                    private let networkClient: NetworkClient = DependencyContainer.shared.resolve()
                    private let keychain: KeychainManager = ↓DependencyContainer.shared.resolve()
                }
                func registerServices() { DependencyContainer.shared.register(NetworkClient(), forType: NetworkClient.self) }
                """),
            // Twin of alonesocialclub's generic helper below: every key is concrete, and none is
            // the one asked for, so the container is closed for it.
            RuleExample(
                """
                import Swinject
                struct ScreenFactory<Screen> { let make: () -> Screen }
                final class Splash {}
                final class Banner {}
                enum AppDependency {
                    static let container = Container()
                    static func resolve() -> ScreenFactory<Banner> {
                        container.register(ScreenFactory<Splash>.self) { _ in ScreenFactory(make: { Splash() }) }
                        return ↓container.resolve(ScreenFactory<Banner>.self)!
                    }
                }
                """),
            // Twin of moc's parenthesised cast below: it registers `any ChatService`, not the
            // `MessageService` asked for.
            RuleExample(
                """
                import Resolver
                protocol ChatService {}
                protocol MessageService {}
                final class TdChatService: ChatService {}
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() { register { TdChatService() as (any ChatService) } }
                }
                final class ChatViewModel { @Injected var ↓messages: any MessageService }
                """),
            // An `@autoclosure () -> Logger` parameter is given an expression of `Logger`
            // (weather-color's vendored Pure `Factory(dependency:)`).
            RuleExample(
                """
                import Swinject
                extension Resolver { func resolve<Service>() -> Service { resolve(Service.self)! } }
                final class Logger {}
                final class Feed { init(logger: @autoclosure @escaping () -> Logger) {} }
                let container = Container()
                container.register(Feed.self) { r in Feed(logger: ↓r.resolve()) }
                let feed = container.resolve(Feed.self)!
                """),
            // Twin of Dissonance's `.self.self` below: the key registered is another type.
            RuleExample(
                """
                import Swinject
                protocol Router {}
                protocol Routing {}
                final class AppRouter: Router {}
                let container = Container()
                container.register(Router.self.self) { _ in AppRouter() }
                let router = ↓container.resolve(Routing.self)!
                """),
            // Twin of fews' helper below: it gives the task client a value, not the goal client.
            RuleExample(
                """
                struct TaskClient { var fetch: () -> [String] }
                struct GoalClient { var fetch: () -> [String] }
                enum TaskClientKey: TestDependencyKey { static let testValue = TaskClient(fetch: { [] }) }
                enum GoalClientKey: TestDependencyKey { static let testValue = GoalClient(fetch: { [] }) }
                extension DependencyValues {
                    var taskClient: TaskClient { get { self[TaskClientKey.self] } set { self[TaskClientKey.self] = newValue } }
                    var goalClient: GoalClient { get { self[GoalClientKey.self] } set { self[GoalClientKey.self] = newValue } }
                }
                extension DependencyValues {
                    mutating func prepareDependencies(context: ModelContext) { taskClient = TaskClient(fetch: { [] }) }
                }
                struct Goals: Reducer { ↓@Dependency(\\.goalClient) var goalClient; @Dependency(\\.taskClient) var taskClient; func load() { _ = goalClient.fetch() } }
                @main struct MultisApp {
                    let container: ModelContainer
                    var body: some Scene {
                        WindowGroup { MainView(store: Store(initialState: .init()) { Goals() } withDependencies: { $0.prepareDependencies(context: container.mainContext) }) }
                    }
                }
                """),
            // Twin of the inferred `SearchViewModel<RunLoop>` below: the view asks for another
            // specialisation, which nothing registers.
            RuleExample(
                """
                import Resolver
                import Combine
                final class SearchViewModel<S: Scheduler>: ObservableObject {
                    init(scheduler: S, debounce: S.SchedulerTimeType.Stride) {}
                }
                extension RunLoop.SchedulerTimeType.Stride { static let searchDebounce: Self = .milliseconds(300) }
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { SearchViewModel(scheduler: RunLoop.main, debounce: .searchDebounce) }
                    }
                }
                struct SearchView { @InjectedObject var ↓viewModel: SearchViewModel<DispatchQueue> }
                """),
        ],
        nonTriggeringExamples: [
            // Twin of 3dollar's accessor above: a nil handed on is an optional use, a note.
            RuleExample(
                """
                import Swinject
                protocol MyPageInterface {}
                let container = Container()
                enum Environment {
                    static var myPage: MyPageInterface? {
                        guard let myPage = container.resolve(MyPageInterface.self) else { return nil }
                        return myPage
                    }
                }
                """),
            // whoppah: `Self` in a requested type, in an extension of a struct, is that struct.
            RuleExample(
                """
                import Resolver
                final class Localizer<Model> {}
                struct Material {}
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { Localizer<Material>() }
                    }
                }
                extension Material: Resolving {
                    var localizer: Localizer<Self> { resolver.resolve() }
                }
                """),
            // An error is a proof: a registration call digraph cannot read (a project's wrapper
            // keyed by a value, a container it does not know) may register anything, so a miss
            // there is a note naming it, not an error.
            RuleExample(
                """
                extension Container {
                    func registerService(_ type: Any.Type, _ make: @escaping () -> Any) { register(type) { _ in make() } }
                }
                container.registerService(APIClient.self) { HTTPAPIClient() }
                container.register(Cart.self) { r in Cart(api: r.resolve(APIClient.self)!) }
                """),
            // A request in code the app and its widget both compile, satisfied in the app: whether
            // the widget ever runs it is not read, so it is no error there.
            RuleExample(
                files: [
                    ("Shared/Locator.swift", "let locator = Container()"),
                    ("Shared/PriceLabel.swift", """
                    final class PriceLabel {
                        let formatter = locator.resolve(PriceFormatter.self)!
                    }
                    """),
                    ("App/AppSetup.swift", "func setUp() { locator.register(PriceFormatter.self) { _ in PriceFormatter() } }"),
                ],
                programs: [
                    Program(
                        name: "App", kind: .app, source: "project.pbxproj",
                        files: ["App/AppSetup.swift", "Shared/Locator.swift", "Shared/PriceLabel.swift"]),
                    Program(
                        name: "Widget", kind: .extension, source: "project.pbxproj",
                        files: ["Shared/Locator.swift", "Shared/PriceLabel.swift"]),
                ]),
            // ProtonVPN: a type-keyed store whose lookup hands back a default when nothing was
            // stored is no locator that can miss (`getValue(for: Feature.self)`).
            RuleExample(
                """
                final class FeatureStore {
                    private var values: [String: Any] = [:]
                    func setValue<T>(_ type: T.Type, _ value: T) { values[String(describing: type)] = value }
                    func getValue<T: DefaultableFeature>(for type: T.Type) -> T {
                        guard let value = values[String(describing: type)] as? T else { return T.defaultValue }
                        return value
                    }
                }
                let store = FeatureStore()
                final class Player { let accelerator: Accelerator = store.getValue(for: Accelerator.self) }
                """),
            // openedx: a library's test bundle compiles the library's screens, which resolve from a
            // container the apps linking the library fill; whether its tests run them is not read.
            RuleExample(
                files: [
                    ("Course/Locator.swift", "let locator = Container()"),
                    ("Course/VideoView.swift", "final class VideoView { let model = locator.resolve(PlayerModel.self)! }"),
                    ("CourseTests/VideoViewTests.swift", """
                    import XCTest
                    final class VideoViewTests: XCTestCase {
                        func testTitle() { XCTAssertEqual(VideoView.title, "Video") }
                    }
                    """),
                ],
                programs: [
                    Program(name: "Course", kind: .library, source: "Package.swift", files: ["Course/Locator.swift", "Course/VideoView.swift"]),
                    Program(
                        name: "CourseTests", kind: .tests, source: "Package.swift",
                        files: ["Course/Locator.swift", "Course/VideoView.swift", "CourseTests/VideoViewTests.swift"],
                        sees: ["Course"]),
                ]),
            // TheFeels: `Domain.UserRepository.self` keys the type `UserRepository` of the module
            // `Domain`, which the use case (in that module) asks for by its own name.
            RuleExample(
                """
                import Swinject
                let container = Container()
                container.register(Domain.UserRepository.self) { _ in AppData.UserRepository() }
                container.register(SearchUserUseCase.self) { r in SearchUserUseCase(repository: r.resolve(UserRepository.self)!) }
                let useCase = container.resolve(SearchUserUseCase.self)!
                """),
            // CHALLA: the app root hands the values to a composition root's helpers, each taking
            // `inout DependencyValues`; what they assign is given at the root.
            RuleExample(
                """
                struct PhotoClient { var upload: () -> Void }
                enum PhotoClientKey: TestDependencyKey { static let testValue = PhotoClient(upload: {}) }
                extension DependencyValues {
                    var photoClient: PhotoClient { get { self[PhotoClientKey.self] } set { self[PhotoClientKey.self] = newValue } }
                }
                struct CameraFeature: Reducer { @Dependency(\\.photoClient) var photoClient; func shoot() { photoClient.upload() } }
                enum CompositionRoot {
                    static func register(into values: inout DependencyValues) { registerPhoto(into: &values) }
                    private static func registerPhoto(into values: inout DependencyValues) { values.photoClient = PhotoClient(upload: {}) }
                }
                @main struct ChallaApp { static func main() { prepareDependencies { CompositionRoot.register(into: &$0) } } }
                """),
            // Schuylkill: the project's `register(instance:)` registers on Resolver under
            // `type(of: instance)` and a name computed from it: any key may be registered there.
            RuleExample(
                """
                import Resolver
                protocol ServiceNaming { var name: String { get }; init() }
                extension Resolver {
                    static func register<R: ServiceNaming>(instance: R) {
                        let typeOf = type(of: instance)
                        Resolver.main.register(typeOf, name: Resolver.Name(instance.name), factory: { typeOf.init() })
                    }
                    static func registerAllServices() {
                        Resolver.register(instance: LocationService())
                        register { Logger() }
                    }
                }
                final class ExtensionDelegate {
                    func launch() { let location = Resolver.resolve(LocationService.self, name: "LocationService") }
                }
                """),
            // ios-spain-s: a keyed store's `get<Data>() -> Data?` has the shape of the operative
            // container protocol's `get<T>() -> T`, but the store does not conform to it: the
            // screen's `container.get()` is the operative container's, which is no locator.
            RuleExample(
                """
                protocol OperativeContainerProtocol { func get<T>() -> T; func save<T>(_ parameter: T) }
                final class OperativeContainer: OperativeContainerProtocol {
                    private var parameters: [Any] = []
                    func get<T>() -> T { parameters.first { $0 is T } as! T }
                    func save<T>(_ parameter: T) { parameters.append(parameter) }
                }
                protocol Storage { func get<Data>() -> Data? }
                final class MemoryStorage: Storage {
                    var storedData: [String: Any] = [:]
                    func store<Data>(_ data: Data, type: Data.Type) { storedData[String(describing: type)] = data }
                    func get<Data>() -> Data? { storedData[String(describing: Data.self)] as? Data }
                }
                final class Screen {
                    let container: OperativeContainerProtocol
                    init(container: OperativeContainerProtocol) { self.container = container }
                    func load() { let data: OperativeData = container.get() }
                }
                func setUp(storage: MemoryStorage) { storage.store(Session(), type: Session.self) }
                """),
            // openedx in its workspace: the framework is linked into the app, whose registration
            // digraph cannot read (a project's wrapper with arguments), so the app's miss is a note;
            // the framework's test bundle compiles the same screen without the app's setup, and
            // whether its tests run that screen is not read: no error there either.
            courseWorkspace(test: #"func testTitle() { XCTAssertEqual(VideoView.title, "Video") }"#),
            // Resolver: a registration whose type the scanner cannot read leaves every unnamed key
            // of the container open, whatever its closure spells.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { Firestore.firestore().enableLogging(on: true) }.scope(.application)
                    }
                }
                final class RemindersRepository { @Injected var store: DocumentStore }
                """),
            // Resolver (RockMap): a generic type registered with arguments the compiler infers
            // (`AnyRepository(UserRepository())`) may be the `AnyRepository<UserRepository.R>` asked for.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() { register { AnyRepository(UserRepository()) } }
                }
                struct SetUser { @Injected var repository: AnyRepository<UserRepository.R> }
                """),
            // swift-dependencies (zashi): the live value comes from a conformance the app adds to a
            // library's key, `@retroactive`.
            RuleExample(
                files: [
                    ("SDK/SDKEnvironment.swift", """
                    extension SDKEnvironment: TestDependencyKey { static let testValue = SDKEnvironment.mock }
                    extension DependencyValues {
                        var sdkEnvironment: SDKEnvironment { get { self[SDKEnvironment.self] } set { self[SDKEnvironment.self] = newValue } }
                    }
                    """),
                    ("App/App.swift", """
                    extension SDKEnvironment: @retroactive DependencyKey { static let liveValue = SDKEnvironment.live }
                    struct Wallet { @Dependency(\\.sdkEnvironment) var sdkEnvironment }
                    """),
                ]),
            // Windscribe: a resolve spelling a top-level `typealias` of what is registered.
            RuleExample(
                """
                typealias LocationsManagerType = LocationsManager
                protocol LocationsManager {}
                final class VM { init(lm: LocationsManagerType) {} }
                container.register(LocationsManager.self) { _ in LocationsManagerImpl() }
                container.register(VM.self) { r in VM(lm: r.resolve(LocationsManagerType.self)!) }
                """),
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
            // Tests see their host's registrations; a shared module is compiled into each program.
            RuleExample(
                files: [
                    ("Core/Services.swift", "final class Feed { init(api: APIClient) {} }"),
                    ("App/AppAssembly.swift", """
                    container.register(APIClient.self) { _ in HTTPAPIClient() }
                    container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!) }
                    """),
                    ("AppTests/FeedTests.swift", """
                    import XCTest
                    final class FeedTests: XCTestCase {
                        func testFeed() { XCTAssertNotNil(AppAssembly.container.resolve(Feed.self)!) }
                    }
                    """),
                ],
                programs: [
                    Program(name: "App", kind: .app, source: "Package.swift", files: ["App/AppAssembly.swift", "Core/Services.swift"]),
                    Program(
                        name: "AppTests", kind: .tests, source: "Package.swift", files: ["AppTests/FeedTests.swift"],
                        sees: ["App"]),
                ]),
            // A name given through a constant is the constant's literal.
            RuleExample(
                """
                enum DatabaseName { static let primary = "primary" }
                container.register(Database.self, name: "primary") { _ in SQLiteDatabase() }
                container.register(Analytics.self) { r in
                    Analytics(db: r.resolve(Database.self, name: DatabaseName.primary)!)
                }
                """),
            // SwinjectAutoregistration: what `FeedService.init` takes, declared in another file.
            RuleExample(
                files: [
                    ("Services.swift", "final class FeedService { init(api: APIClient) {} }"),
                    ("Assembly.swift", """
                    import SwinjectAutoregistration
                    container.autoregister(APIClient.self, initializer: HTTPAPIClient.init)
                    container.autoregister(Feed.self, initializer: FeedService.init)
                    let feed = container ~> Feed.self
                    """),
                ]),
            // Resolver: keyed by what the closure returns and what `.implements` adds.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { HTTPAPIClient() as APIClient }
                        register { KeychainStorage() }.implements(SecureStorage.self).scope(.application)
                    }
                }
                final class LoginViewModel {
                    @Injected var api: APIClient
                    @LazyInjected var storage: SecureStorage
                }
                """),
            // A project's own locator, found from its implementation whatever its labels.
            RuleExample(
                """
                final class Store {
                    private var factories: [String: () -> Any] = [:]
                    func register<T>(dependencyFactory: @escaping () -> Any, forType type: T.Type) {
                        factories[String(describing: type)] = dependencyFactory
                    }
                    func get<T>(_ type: T.Type) -> T? { factories[String(describing: type)]?() as? T }
                }
                store.register(dependencyFactory: { HTTPClient() }, forType: HTTPClientProtocol.self)
                let client = store.get(HTTPClientProtocol.self)!
                """),
            // Dip: an unknown tag falls back to the untagged registration; a resolve without
            // arguments reaches a factory taking some, whose arguments Dip resolves (auto-wiring).
            RuleExample(
                """
                import Dip
                let container = DependencyContainer()
                container.register { ListWireframe(presenter: $0) }
                container.register { ListPresenter() }
                let wireframe = try container.resolve() as ListWireframe
                let presenter = try container.resolve(tag: "list") as ListPresenter
                """),
            // DITranquillity: `Lazy<T>` and `Provider<T>` resolve `T`; `many` and `[T]` collect
            // whatever is registered (maybe nothing); `arg($0)` is passed by the caller; the
            // container registers itself when it is made (SimpleWeather's routers take it).
            RuleExample(
                """
                import DITranquillity
                final class Feed { init(api: Lazy<APIClient>, clock: Provider<Clock>, plugins: [Plugin]) {} }
                final class Report { init(title: String, feed: Feed) {} }
                final class Router { init(container: DIContainer, feed: Feed) {} }
                let container = DIContainer()
                container.register(Router.init)
                container.register(Feed.init)
                container.register(APIClient.init)
                container.register(Clock.init)
                container.register { Report(title: arg($0), feed: $1) }
                let extensions: [Plugin] = many(container.resolve())
                """),
            // Dip: collaborating containers resolve what the others register.
            RuleExample(
                """
                import Dip
                let container = DependencyContainer()
                func collaborate() {
                    let collaborator = DependencyContainer()
                    container.register { "something" }
                    container.collaborate(with: collaborator)
                    let text = try! collaborator.resolve() as String
                }
                """),
            // Factory: a promised service registered at launch, and members declared in a module
            // that was not scanned (the compiler guarantees they exist).
            RuleExample(
                """
                extension Container {
                    var crashReporter: Factory<CrashReporting?> { promised() }
                }
                extension Container: AutoRegistering {
                    func autoRegister() { crashReporter.register { ConsoleCrashReporter() } }
                }
                final class CheckoutViewModel {
                    @Injected(\\.crashReporter) var crashReporter
                    @Injected(\\.networkMonitor) var monitor
                }
                """),
            // swift-dependencies: a live value in another file, a value assigned at the root, and
            // the library's own keys.
            RuleExample(
                files: [
                    ("APIClient.swift", """
                    enum APIClientKey: TestDependencyKey { static let testValue = APIClient.mock }
                    enum ConfigKey: TestDependencyKey { static let testValue = Config.test }
                    extension DependencyValues {
                        var apiClient: APIClient { get { self[APIClientKey.self] } set { self[APIClientKey.self] = newValue } }
                        var config: Config { get { self[ConfigKey.self] } set { self[ConfigKey.self] = newValue } }
                    }
                    """),
                    ("APIClientLive.swift", "extension APIClientKey: DependencyKey { static let liveValue = APIClient.live }"),
                    ("App.swift", """
                    @main struct App {
                        static func main() { prepareDependencies { $0.config = .production } }
                    }
                    struct Feature {
                        @Dependency(\\.apiClient) var apiClient
                        @Dependency(\\.config) var config
                        @Dependency(\\.date.now) var now
                        @Dependency(\\.continuousClock) var clock
                    }
                    """),
                ]),
            // App Intents' `@Dependency` (MoeMemos): given by `AppDependencyManager`, which digraph
            // does not read; twin of the project's own `@Dependency` wrapper, whose miss is an error.
            RuleExample(
                """
                import AppIntents
                struct SaveMemoIntent: AppIntent {
                    @Dependency var accountManager: AccountManager
                    func perform() async throws -> some IntentResult { accountManager.save(); return .result() }
                }
                @main struct MemosApp: App {
                    init() { AppDependencyManager.shared.add(dependency: AccountManager()) }
                }
                """),
            // swift-dependencies keyed by type: a key with `liveValue` in another file, one
            // without that the app root gives a value through the subscript (Mohanyang's
            // clients), and one each reducer that runs it is given (approach's
            // `Form().dependency(RecordPersistence(…))`).
            RuleExample(
                files: [
                    ("Clients.swift", """
                    struct Flags { var beta = false }
                    extension Flags: TestDependencyKey { static let testValue = Flags() }
                    struct Timer { var start: () -> Void }
                    extension Timer: TestDependencyKey { static let testValue = Timer(start: {}) }
                    struct Records { var save: () -> Void }
                    extension Records: TestDependencyKey { static let testValue = Records(save: {}) }
                    """),
                    ("TimerLive.swift", "extension Timer: DependencyKey { static let liveValue = Timer(start: {}) }"),
                    ("App.swift", """
                    @main struct App {
                        static func main() { prepareDependencies { $0[Flags.self] = Flags(beta: true) } }
                    }
                    struct Profile {
                        @Dependency(Flags.self) var flags
                        @Dependency(Timer.self) var timer
                    }
                    struct Form: Reducer { @Dependency(Records.self) var records }
                    struct Editor: Reducer {
                        var body: some ReducerOf<Self> {
                            Scope(state: \\.form, action: \\.form) { Form().dependency(Records(save: {})) }
                        }
                    }
                    """),
                ]),
            // swift-dependencies without `liveValue`: a value set by a method of
            // `extension DependencyValues` that a reducer applies (isowords' `gameOnboarding()`),
            // and product code run by a test bundle, where the library reads `testValue`.
            RuleExample(
                files: [
                    ("Clients/Clients.swift", """
                    enum DatabaseKey: TestDependencyKey { static let testValue = Database.mock }
                    enum AudioPlayerKey: TestDependencyKey { static let testValue = AudioPlayer.mock }
                    extension DependencyValues {
                        var database: Database { get { self[DatabaseKey.self] } set { self[DatabaseKey.self] = newValue } }
                        var audioPlayer: AudioPlayer { get { self[AudioPlayerKey.self] } set { self[AudioPlayerKey.self] = newValue } }
                        mutating func onboarding() { self.database = .noop }
                    }
                    """),
                    ("Game/Game.swift", """
                    struct Game: Reducer { @Dependency(\\.database) var database }
                    struct Onboarding: Reducer {
                        var body: some ReducerOf<Self> {
                            Scope(state: \\.game, action: \\.game) { Game() }.transformDependency(\\.self) { $0.onboarding() }
                        }
                    }
                    struct GameSounds: Reducer { @Dependency(\\.audioPlayer) var audioPlayer }
                    """),
                    ("App/App.swift", """
                    @main struct GameApp {
                        static func main() { prepareDependencies { $0.audioPlayer = .live } }
                    }
                    """),
                    ("GameTests/GameSoundsTests.swift", """
                    import XCTest
                    final class GameSoundsTests: XCTestCase { func testSounds() { _ = GameSounds() } }
                    """),
                ],
                programs: [
                    Program(
                        name: "GameApp", kind: .app, source: "Package.swift",
                        files: ["App/App.swift", "Clients/Clients.swift", "Game/Game.swift"]),
                    Program(
                        name: "GameTests", kind: .tests, source: "Package.swift",
                        files: ["Clients/Clients.swift", "Game/Game.swift", "GameTests/GameSoundsTests.swift"]),
                ]),
            // A key-path container's lazy key set at launch (seed 004), and a `Has…` environment
            // that provides what its consumer requires.
            RuleExample(
                """
                struct BServiceKey: LazyDependencyKey { static var currentValue: BService? }
                extension DependencyContainer {
                    var bService: BService { get { Self[BServiceKey.self] } set { Self[BServiceKey.self] = newValue } }
                }
                func setupDependencies() { DependencyContainer.set(initialValue: BService(), key: BServiceKey.self) }
                final class BViewModel { @Dependency(\\.bService) var bService }
                protocol HasUserSession { var userSession: UserSession { get } }
                final class AppEnvironment: HasUserSession {
                    static let shared = AppEnvironment()
                    let userSession = UserSession()
                }
                final class ProfileViewModel {
                    typealias Dependencies = HasUserSession
                    init(dependencies: Dependencies = AppEnvironment.shared) {}
                }
                """),
            // Seed 002's tuple dependencies filled in part by the factory's runtime argument, a
            // value and an optional: only the services are asked of the container.
            RuleExample(
                """
                final class CategoryViewModel {
                    typealias Dependency = (APIClientProtocol, Int, Filter?)
                    init(dependency: Dependency) {}
                }
                container.register(APIClientProtocol.self) { _ in APIClient() }
                container.register(CategoryViewModel.self) { (r, categoryId: Int) in
                    CategoryViewModel(dependency: (r.resolve(APIClientProtocol.self)!, categoryId, nil))
                }
                """),
            // A coordinator hands on the context it was given (`let context: Service`, its own
            // `typealias Service = HasApiService`): a requirement, which the compiler checked, not
            // an environment; another type of the project called `Service` is not that context.
            RuleExample(
                files: [
                    ("AppContext.swift", """
                    protocol HasApiService { var apiService: ApiService { get } }
                    class AppContext: HasApiService { lazy var apiService = ApiService() }
                    class AppCoordinator {
                        let appContext = AppContext()
                        private lazy var campus = CampusPlanCoordinator(context: appContext)
                    }
                    """),
                    ("CampusPlanCoordinator.swift", """
                    class CampusPlanCoordinator {
                        typealias Service = HasApiService
                        let context: Service
                        init(context: Service) { self.context = context }
                        func make() -> CampusPlanViewModel { CampusPlanViewModel(context: context) }
                    }
                    final class CampusPlanViewModel { init(context: HasApiService) {} }
                    """),
                    ("Service.swift", "class Service {}"),
                ]),
            // Resolver: a registration whose type the scanner cannot read (a method chained on a
            // static factory) may be of a type its closure spells: not a guess of a miss.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { Firestore.firestore().enableLogging(on: true) }.scope(.application)
                        register { RemindersRepository() }.scope(.application)
                    }
                }
                final class RemindersRepository { @Injected var db: Firestore }
                """),
            // Factories build concrete types: nothing to register. A factory declared outside the
            // scan is not a miss either, and a requirement an injector does not set is still set
            // where the app assigns it.
            RuleExample(
                """
                enum APIFactory { static func make() -> APIClient { HTTPAPIClient(session: .shared) } }
                enum FeedFactory {
                    static func make() -> FeedViewController { FeedViewController(api: APIFactory.make(), store: FeedStore()) }
                }
                let feed = FeedFactory.make()
                let settings = SettingsFactory.make()
                protocol Injectable: AnyObject {
                    var store: Store! { get set }
                    var context: Context! { get set }
                }
                let injector = Injector<Injectable, Store>(callback: { controller, store in controller.store = store })
                final class ListViewController: UIViewController, Injectable {
                    var store: Store!
                    var context: Context!
                    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                        (segue.destination as? Injectable)?.context = context
                    }
                }
                """),
            // Dotori: a feature's demo app compiles the feature's assembly but never applies it;
            // its factories never run there, and the app that applies it fills the container.
            RuleExample(
                files: [
                    ("Feature/FeatureAssembly.swift", """
                    final class FeatureAssembly: Assembly {
                        func assemble(container: Container) {
                            container.register(ProfileViewModel.self) { r in ProfileViewModel(repo: r.resolve(ProfileRepository.self)!) }
                        }
                    }
                    """),
                    ("Demo/DemoApp.swift", """
                    let container = Container()
                    let view = ProfileView()
                    """),
                ],
                programs: [
                    Program(name: "FeatureDemo", kind: .app, source: "Project.swift", files: ["Demo/DemoApp.swift", "Feature/FeatureAssembly.swift"]),
                ]),
            // babylon: the key's `liveValue` is in a plain extension in another file than the
            // type's `DependencyKey` conformance.
            RuleExample(
                files: [
                    ("Clients/TransactionClient+Interface.swift", """
                    struct TransactionClient: DependencyKey { var submit: () -> Void }
                    extension TransactionClient { static let testValue = Self(submit: {}) }
                    extension DependencyValues {
                        var transactionClient: TransactionClient {
                            get { self[TransactionClient.self] }
                            set { self[TransactionClient.self] = newValue }
                        }
                    }
                    struct Checkout {
                        @Dependency(\\.transactionClient) var transactionClient
                        func pay() { transactionClient.submit() }
                    }
                    """),
                    ("Clients/TransactionClient+Live.swift", """
                    extension TransactionClient {
                        static var liveValue: Self { Self(submit: { print("submitted") }) }
                    }
                    """),
                ]),
            // bit-therapy: a lazily resolved property nothing in its type reads never asks.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() { register { Clock() } }
                }
                final class SettingsViewModel {
                    @LazyInjected var tracker: AnalyticsTracking
                    func title() -> String { "Settings" }
                }
                """),
            // bit-therapy: a project's wrapper resolving on first read, on a property nothing reads.
            RuleExample(
                """
                @propertyWrapper final class Inject<T> {
                    private var storage: T?
                    init() {}
                    var wrappedValue: T {
                        if let storage { return storage }
                        let value = AppContainer.shared.resolve(T.self)!
                        storage = value
                        return value
                    }
                }
                final class Feed {
                    @Inject private var api: APIClient
                    func title() -> String { "Feed" }
                }
                container.register(Logger.self) { _ in Logger() }
                """),
            // tice: registered without arguments for screenshot builds, while every resolve passes
            // one: Swinject's key includes the arguments, so this factory may never run.
            RuleExample(
                """
                container.register(APIClient.self) { _ in APIClient() }
                container.register(SignUpViewModel.self) { r, flow in
                    SignUpViewModel(flow: flow, api: r.resolve(APIClient.self)!)
                }
                container.register(SignUpViewModel.self) { r in
                    SignUpViewModel(timeout: r.resolve(TimeInterval.self)!)
                }
                let model = container.resolve(SignUpViewModel.self, argument: flow)!
                """),
            // tice: a project's `registerSingleton` passing key and factory on to Swinject's
            // `register` registers what it is given.
            RuleExample(
                """
                extension Container {
                    func registerSingleton<Service>(
                        _ serviceType: Service.Type, name: String? = nil, factory: @escaping (Resolver) -> Service
                    ) {
                        register(serviceType, name: name, factory: factory).inObjectScope(.container)
                    }
                }
                container.registerSingleton(APIClient.self) { _ in HTTPAPIClient() }
                container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!) }
                """),
            // clipninja: `ClipboardView<ViewModel>.init(viewModel: ViewModel, …)` registered as
            // `ClipboardView<ClipboardViewModelImpl>`: the parameter asks for the argument.
            RuleExample(
                """
                import SwinjectAutoregistration
                protocol ClipboardViewModel {}
                final class ClipboardViewModelImpl: ClipboardViewModel { init() {} }
                final class SystemKeyboardObserver: KeyboardObserver { init() {} }
                struct ClipboardView<ViewModel: ClipboardViewModel> {
                    init(viewModel: ViewModel, keyboard: KeyboardObserver) {}
                }
                container.autoregister(ClipboardViewModelImpl.self, initializer: ClipboardViewModelImpl.init)
                container.autoregister(KeyboardObserver.self, initializer: SystemKeyboardObserver.init)
                container.autoregister(ClipboardView<ClipboardViewModelImpl>.self, initializer: ClipboardView.init)
                """),
            // clipninja: the app registers `KeyboardObserver` through `.implements`; the package's
            // tests, which compile the same assembly, may never run it.
            RuleExample(
                files: [
                    ("Core/ClipboardAssembly.swift", """
                    container.register(Clipboard.self) { r in Clipboard(keyboard: r.resolve(KeyboardObserver.self)!) }
                    """),
                    ("App/KeyboardAssembly.swift", """
                    container.register(SystemKeyboardObserver.self) { _ in SystemKeyboardObserver() }.implements(KeyboardObserver.self)
                    """),
                    ("CoreTests/ClipboardTests.swift", """
                    import XCTest
                    final class ClipboardTests: XCTestCase { func testEmpty() { XCTAssertTrue(Clipboard.empty.isEmpty) } }
                    """),
                ],
                programs: [
                    Program(
                        name: "App", kind: .app, source: "Package.swift",
                        files: ["App/KeyboardAssembly.swift", "Core/ClipboardAssembly.swift"]),
                    Program(
                        name: "CoreTests", kind: .tests, source: "Package.swift",
                        files: ["Core/ClipboardAssembly.swift", "CoreTests/ClipboardTests.swift"]),
                ]),
            // Twin of vIOS's helper: one registering the type it is given may register anything.
            RuleExample(
                """
                final class EventServiceProvider {
                    let container = Container()
                    func register() {
                        self.register(name: "config") { r in ConfigurationSubscriber(api: r.resolve(APIClient.self)!) }
                        container.register(SendViewModel.self) { r in SendViewModel(transponder: r.resolve(TxTransponder.self)!) }
                    }
                    private func register(name: String, type: Any.Type = SubscriberProtocol.self, factory: @escaping (Resolver) -> SubscriberProtocol) {
                        container.register(type, name: name) { r in factory(r) }
                    }
                }
                container.register(APIClient.self) { _ in HTTPAPIClient() }
                """),
            // The twin: the empty conformance's `liveValue` is in another extension.
            RuleExample(
                """
                import Dependencies
                struct BuildClient { var version: () -> String }
                extension BuildClient: DependencyKey {}
                extension BuildClient {
                    static var liveValue = BuildClient(version: { Bundle.main.version })
                    static var testValue = BuildClient(version: { "0" })
                }
                extension DependencyValues {
                    var build: BuildClient { get { self[BuildClient.self] } set { self[BuildClient.self] = newValue } }
                }
                final class SettingsModel {
                    @Dependency(\\.build) var build
                    func title() -> String { build.version() }
                }
                """),
            // The twin: a factory returning what a method gives (its type unread) may be what
            // registers the service, so the miss is only a note.
            RuleExample(
                """
                import DITranquillity
                final class EditProfileEnvironment { init(profileService: ProfileService) {} }
                protocol ProfileService {}
                let container = DIContainer()
                container.register { ($0 as ServiceFactory).makeProfileService() }
                container.register(EditProfileEnvironment.init)
                """),
            // Whisperboard: the key's `liveValue` is declared in both branches of an `#if` inside
            // its conformance.
            RuleExample(
                """
                import Dependencies
                struct SubscriptionClient { var isSubscribed: () -> Bool }
                extension SubscriptionClient: DependencyKey {
                    #if APPSTORE
                    static let liveValue = SubscriptionClient(isSubscribed: { StoreKitBridge.isSubscribed() })
                    #else
                    static let liveValue = SubscriptionClient(isSubscribed: { false })
                    #endif
                }
                extension DependencyValues {
                    var subscription: SubscriptionClient {
                        get { self[SubscriptionClient.self] } set { self[SubscriptionClient.self] = newValue }
                    }
                }
                final class PaywallModel {
                    @Dependency(\\.subscription) var subscription
                    func show() -> Bool { !subscription.isSubscribed() }
                }
                """),
            // RssReeder: every property of the state has a value, so Swift writes `init()` beside
            // the memberwise initializer and a bare `AppState.init` may mean either: no miss.
            RuleExample(
                """
                import DITranquillity
                struct AppState {
                    var news = NewsState()
                    var settings = SettingsState()
                }
                let container = DIContainer()
                container.register(NewsState.init)
                container.register(AppState.init)
                """),
            // SuperArc's `resolveOnDemand(type:)`: a locator resolve that builds the key's type
            // itself when nothing is registered never misses.
            RuleExample(
                """
                protocol OnDemandInterface { init(onDemandWith navigator: Navigator) }
                final class InterfaceRegistry {
                    private var instances: [String: Any] = [:]
                    func register<T>(_ instance: T, for type: T.Type) { instances[String(describing: type)] = instance }
                    func resolveOnDemand<T: OnDemandInterface>(type: T.Type, navigator: Navigator) -> T {
                        guard let instance = instances[String(describing: type)] as? T else {
                            let made = type.init(onDemandWith: navigator)
                            register(made, for: type)
                            return made
                        }
                        return instance
                    }
                }
                final class Navigator {
                    let registry = InterfaceRegistry()
                    func videos() -> VideosInterface { registry.resolveOnDemand(type: VideosInterface.self, navigator: self) }
                }
                """),
            // The twin of race-weather's builders: a builder declared in no scanned file may
            // register anything, so the miss is only a note.
            RuleExample(
                """
                import Resolver
                import ScreensKit
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { ComingScreenBuilder.build() }
                        register { SeriesListBuilder.build() }
                    }
                }
                enum ComingScreenBuilder { static func build() -> ComingScreenView { ComingScreenView() } }
                final class Router {
                    @Injected var coming: ComingScreenView
                    @Injected var series: SeriesListView
                    func show() { _ = coming; _ = series }
                }
                """),
            // The twin of the DITranquillity builders: a builder declared in no scanned file may
            // register anything, so the screen it may build is only a note.
            RuleExample(
                """
                import DITranquillity
                import ScreensKit
                enum FeedBuilder { static func build() -> FeedScreen { FeedScreen() } }
                final class Router { init(feed: FeedScreen, settings: SettingsScreen) {} }
                let container = DIContainer()
                container.register { FeedBuilder.build() }.lifetime(.single)
                container.register { SettingsBuilder.build() }
                container.register(Router.init)
                """),
            // The twin: the app calls the helper too (when launched for UI tests), so its
            // registration is one the app makes.
            RuleExample(
                """
                import SwiftUI
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() { register { LiveClock() as Clock } }
                    static func registerMocks() { register { MockFeed() as FeedService } }
                }
                final class FeedViewModel: ObservableObject {
                    @Injected var feed: FeedService
                    func load() { feed.load() }
                }
                @main struct FeedApp: App {
                    init() { if CommandLine.arguments.contains("-ui-testing") { Resolver.registerMocks() } }
                    var body: some Scene { WindowGroup { FeedView(model: FeedViewModel()) } }
                }
                #Preview {
                    Resolver.registerMocks()
                    return FeedView(model: FeedViewModel())
                }
                """),
            // An assembly from a package outside the scan (NetworkKit's) may register anything:
            // the miss is only a note until that package is scanned too.
            RuleExample(
                """
                import Swinject
                import NetworkKit
                final class Feed { init(api: APIClient, store: FeedStore) {} }
                let container = Container()
                container.register(APIClient.self) { _ in LiveAPIClient() }
                container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!, store: r.resolve(FeedStore.self)!) }
                let assembler = Assembler([NetworkAssembly()], container: container)
                let feed = container.resolve(Feed.self)!
                """),
            // DoTask's pass-through: `resolve<T>() -> T` passes on what its callers ask for; the
            // resolve in its body is no request of `T`.
            RuleExample(
                """
                import DITranquillity
                final class Settings {}
                enum AppDI {
                    static let container = DIContainer()
                    static func configure() { container.register(Settings.init) }
                    static func resolve<T>() -> T { container.resolve() }
                    static func settings() -> Settings { container.resolve() }
                }
                """),
            // Music-Player's demo program: the coordinator is built only by the factory of an
            // assembly nothing in the program applies, so what its methods ask never runs there.
            RuleExample(
                """
                import Swinject
                protocol AlbumsCoordinating { func showDetail() }
                final class AlbumsCoordinator: AlbumsCoordinating {
                    private let resolver: Resolver
                    init(resolver: Resolver) { self.resolver = resolver }
                    func showDetail() { let builder = resolver.resolve(AlbumDetailBuilder.self)!; builder.build() }
                }
                final class AlbumsFeatureAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(AlbumsCoordinating.self) { resolver in AlbumsCoordinator(resolver: resolver) }
                    }
                }
                """),
            // CityDiscover: each screen's `Module` is a typealias nested in its namespace, registered
            // unqualified inside it; `Detail.Module` requested is the one `Detail.Assembly` registers.
            RuleExample(
                """
                import Swinject
                enum Detail {}
                enum Collection {}
                extension Detail {
                    typealias Module = (router: DetailRouter, input: String)
                    struct Assembly: Swinject.Assembly {
                        func assemble(container: Container) { container.register(Module.self) { _ in (router: DetailRouter(), input: "") } }
                    }
                }
                extension Collection {
                    typealias Module = (router: CollectionRouter, input: Int)
                    struct Assembly: Swinject.Assembly {
                        func assemble(container: Container) { container.register(Module.self) { _ in (router: CollectionRouter(), input: 1) } }
                    }
                }
                final class MainRouter {
                    let resolver: Resolver
                    init(resolver: Resolver) { self.resolver = resolver }
                    func openDetail() { let (router, input) = resolver.resolve(Detail.Module.self)!; _ = (router, input) }
                }
                let assembler = Assembler([Detail.Assembly(), Collection.Assembly()])
                """),
            // gertrude: the key's `liveValue` is declared on its module-qualified name; the module
            // is no type of the scan (a type nested in that extension makes it none), so the key
            // is `WebSocketClient`.
            RuleExample(
                """
                import Dependencies
                import ClientInterfaces
                struct WebSocketClient { var connect: () -> Void }
                extension ClientInterfaces.WebSocketClient: @retroactive DependencyKey {
                    public static let liveValue = WebSocketClient(connect: {})
                    enum Error: Swift.Error { case noConnectionForSend }
                }
                extension DependencyValues {
                    var websocket: WebSocketClient {
                        get { self[WebSocketClient.self] }
                        set { self[WebSocketClient.self] = newValue }
                    }
                }
                struct WebSocketFeature { @Dependency(\\.websocket) var websocket; func go() { websocket.connect() } }
                """),
            // JogTracker: a helper resolving the metatype it is given (`push<T>(_ type: T.Type)`):
            // `type.self` is whatever its callers pass, never a type named `type`.
            RuleExample(
                """
                import Swinject
                final class Coordinator {
                    let container = Container()
                    func push<T>(_ type: T.Type) {
                        let controller = container.resolve(type.self)!
                        _ = controller
                    }
                    func start() { container.register(JogsViewController.self) { _ in JogsViewController() } }
                }
                final class JogsViewController {}
                """),
            // Twin of EffectiveMobileTestTask's above: both values are registered, one annotated,
            // one built on the spot.
            RuleExample(
                """
                final class ServiceLocator {
                    private var services: [String: Any] = [:]
                    static let shared = ServiceLocator()
                    func register<T>(_ service: T) { services[String(describing: T.self)] = service }
                    func resolve<T>() -> T {
                        guard let service = services[String(describing: T.self)] as? T else { fatalError("not registered") }
                        return service
                    }
                }
                protocol NetworkServiceProtocol {}
                final class CoreDataService {}
                final class NetworkService: NetworkServiceProtocol {}
                final class TaskInteractor {
                    init(network: NetworkServiceProtocol = ServiceLocator.shared.resolve(),
                         store: CoreDataService = ServiceLocator.shared.resolve()) {}
                }
                func configureServices() {
                    let networkService: NetworkServiceProtocol = NetworkService()
                    ServiceLocator.shared.register(networkService)
                    ServiceLocator.shared.register(CoreDataService())
                }
                """),
            // Twin of MoviePosterApp's above: both parameters' types are registered.
            RuleExample(
                """
                import Swinject
                extension Resolver {
                    func resolve<T>() -> T { return resolve(T.self)! }
                }
                final class FilmService {}
                final class WatchListService {}
                final class FilmInteractor {
                    init(filmService: FilmService, watchListService: WatchListService) {}
                }
                final class FilmModuleBuilder {
                    private let resolver: Resolver
                    init(resolver: Resolver) { self.resolver = resolver }
                    func build() -> FilmInteractor {
                        FilmInteractor(filmService: resolver.resolve(), watchListService: resolver.resolve())
                    }
                }
                final class NetworkAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(FilmService.self) { _ in FilmService() }
                        container.register(WatchListService.self) { _ in WatchListService() }
                    }
                }
                """),
            // Gitty: `resolve<T>()` hands the key on through its context (`guard let service: T =
            // lookupService()`) to a keyed lookup; both keys asked for are registered.
            RuleExample(
                """
                final class DependencyContainer {
                    static let shared = DependencyContainer()
                    private var services: [String: Any] = [:]
                    func register<T>(_ service: T, forType type: T.Type) { services[String(describing: type)] = service }
                    func resolve<T>() -> T {
                        guard let service: T = lookupService() else { fatalError("No registered service for type \\(T.self)") }
                        return service
                    }
                    private func lookupService<T>() -> T? { services[String(describing: T.self)] as? T }
                }
                final class NetworkClient {}
                final class KeychainManager {}
                final class TokenProvider {
                    private let networkClient: NetworkClient = DependencyContainer.shared.resolve()
                    private let keychain: KeychainManager = DependencyContainer.shared.resolve()
                }
                func registerServices() {
                    DependencyContainer.shared.register(NetworkClient(), forType: NetworkClient.self)
                    DependencyContainer.shared.register(KeychainManager(), forType: KeychainManager.self)
                }
                """),
            // Legacy-iOS: the feature module's product is decided when its manifest runs, so what
            // it is (an app, or a framework the app links and registers for) is not read. Its
            // twin is the widget above, an extension.
            RuleExample(
                files: [
                    ("Feature/LoginModel.swift", """
                    final class LoginModel { let auth = DependencyProvider.shared.container.resolve(AuthRepository.self)! }
                    """),
                    ("App/AppAssembly.swift", """
                    DependencyProvider.shared.container.register(Session.self) { _ in Session() }
                    """),
                ],
                programs: [
                    Program(name: "Feature", kind: .unknown, source: "Project.swift", files: ["Feature/LoginModel.swift"]),
                    Program(name: "Legacy", kind: .app, source: "Project.swift", files: ["App/AppAssembly.swift"]),
                ]),
            // RiMovie: `init(useCase: UseCase)` takes the presenter's generic parameter, which the call
            // fixes to a registered type; the parameter's own name is no key.
            RuleExample(
                """
                import Resolver
                final class MoviesInteractor {}
                final class MoviesPresenter<UseCase> { let useCase: UseCase; init(useCase: UseCase) { self.useCase = useCase } }
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { MoviesInteractor() }
                        register { MoviesPresenter<MoviesInteractor>(useCase: resolve()) }
                    }
                }
                """),
            // Homework: `Swinject.Assembler` names the module; the scan declares no type `Swinject`,
            // so it is the registered `Assembler`.
            RuleExample(
                """
                import Swinject
                container.register(Assembler.self) { _ in Assembler([]) }
                container.register(AccountList.self) { r in AccountList(assembler: r.resolve(Swinject.Assembler.self)!) }
                """),
            // coctailMaster: a DITranquillity container typed in another file, called without importing
            // the library; its `register { … }` is read by no one, so the container is open.
            RuleExample(
                files: [
                    ("AppContainer.swift", tranquillityContainer),
                    ("OnboardingCoordinator.swift", """
                    import UIKit
                    final class OnboardingCoordinator {
                        func start() {
                            AppContainer.shared.register { OnboardingViewController(nibName: nil, bundle: nil) }
                                .as(OnboardingViewController.self)
                                .lifetime(.objectGraph)
                            let controller: OnboardingViewController = AppContainer.shared.resolve()
                        }
                    }
                    """),
                ]),
            // Twin of cleema's nested key above: the nested key has its `liveValue`, and a
            // top-level key of the same name without one is not the one read.
            RuleExample(
                """
                struct EmailValidator { var validate: (String) -> String? }
                enum EmailValidatorKey: TestDependencyKey { static let testValue = EmailValidator { _ in nil } }
                extension DependencyValues {
                    var emailValidator: EmailValidator {
                        get { self[EmailValidatorKey.self] }
                        set { self[EmailValidatorKey.self] = newValue }
                    }
                    private enum EmailValidatorKey: DependencyKey {
                        static let liveValue = EmailValidator { $0.isEmpty ? "empty" : nil }
                    }
                }
                struct SignUp: Reducer { @Dependency(\\.emailValidator) var emailValidator; func check() { _ = emailValidator.validate("a") } }
                """),
            // Twin of toduck's wrapper above: a caller hands it `API`, so `API` may be registered.
            RuleExample(
                files: [
                    ("DIContainer.swift", ExampleSources.genericRegisterWrapper),
                    ("App.swift", """
                import Swinject
                struct DataAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(Repository.self) { r in Repository(api: r.resolve(API.self)!) }
                    }
                }
                DIContainer.shared.register(API.self, LiveAPI())
                DIContainer.shared.assemble([DataAssembly()])
                let repository = DIContainer.shared.resolve(Repository.self)
                """),
                ]),
            // Twin of FilamentSwatches' context above: `registerSingleton` registers `Clock` too.
            RuleExample(
                files: [
                    ("DependencyContext.swift", ExampleSources.dependencyContext),
                    ("App.swift", """
                final class Sync {}
                final class Feed { @Injected var sync: Sync; @Injected var clock: Clock; func refresh() { _ = sync; _ = clock.now } }
                DependencyContext.default.registerSingleton(Sync.self) { Sync() }
                DependencyContext.default.registerSingleton(Clock.self) { SystemClock() }
                Feed().refresh()
                """),
                ]),
            // falcon: Dip's `register(.singleton, factory: ApiMigrationsManager.init)` registers the
            // type whose initializer it is given.
            RuleExample(
                """
                import Dip
                final class ApiMigrationsManager { init() {} }
                final class UserRepository { init() {} }
                final class SyncAction { init(migrations: ApiMigrationsManager, user: UserRepository) {} }
                let container = DependencyContainer()
                container.register(.singleton, factory: ApiMigrationsManager.init)
                container.register(factory: UserRepository.init)
                container.register { SyncAction(migrations: try container.resolve(), user: try container.resolve()) }
                """),
            // Wehoop: a Swinject-shaped `register(P.self) { … }` in code that imports no Swinject is
            // the project's own locator's, and so is the `resolve()` its factory asks.
            RuleExample(
                files: [
                    ("Locator.swift", ExampleSources.simpleDependencyContainer),
                    ("App.swift", """
                func configureDependencyContainer() -> DependencyContainer {
                    let container = SimpleDependencyContainer()
                    container.register(NetworkService.self) { URLNetworkService() }
                    container.register(Repository.self) { Repository(network: container.resolve()) }
                    return container
                }
                """),
                ]),
            // YandexWeatherTest: a type's own `typealias ImageProvider = SvgImageProviderInteractor`
            // names what is registered.
            RuleExample(
                """
                import Resolver
                final class SvgImageProviderInteractor {}
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() { register { SvgImageProviderInteractor() } }
                }
                final class SvgImageView {
                    typealias ImageProvider = SvgImageProviderInteractor
                    private let imageProvider: ImageProvider = Resolver.resolve()
                }
                """),
            // alonesocialclub: a generic helper registers `ScreenFactory<Screen>` for whatever
            // `Screen` each caller gives; no one call says which keys, so its container is open.
            RuleExample(
                """
                import Swinject
                struct ScreenFactory<Screen> { let make: () -> Screen }
                final class Splash {}
                enum AppDependency {
                    static let container = Container()
                    static func resolve() -> ScreenFactory<Splash> {
                        register(Splash.self) { Splash() }
                        return container.resolve(ScreenFactory<Splash>.self)!
                    }
                    private static func register<Screen>(_ screen: Screen.Type, make: @escaping () -> Screen) {
                        container.register(ScreenFactory<Screen>.self) { _ in ScreenFactory(make: make) }
                    }
                }
                """),
            // moc: a cast to `(any ChatService)` registers `any ChatService`: the parentheses
            // around one type are that type.
            RuleExample(
                """
                import Resolver
                protocol ChatService {}
                final class TdChatService: ChatService {}
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() { register { TdChatService() as (any ChatService) } }
                }
                final class ChatViewModel { @Injected var service: any ChatService }
                """),
            // The autoclosure's result is what is asked for: `Logger`, registered.
            RuleExample(
                """
                import Swinject
                extension Resolver { func resolve<Service>() -> Service { resolve(Service.self)! } }
                final class Logger {}
                final class Feed { init(logger: @autoclosure @escaping () -> Logger) {} }
                let container = Container()
                container.register(Logger.self) { _ in Logger() }
                container.register(Feed.self) { r in Feed(logger: r.resolve()) }
                let feed = container.resolve(Feed.self)!
                """),
            // Dissonance: `Router.self.self` is `Router.self`, the `.self` of a metatype being
            // that metatype: the same key.
            RuleExample(
                """
                import Swinject
                protocol Router {}
                final class AppRouter: Router {}
                let container = Container()
                container.register(Router.self.self) { _ in AppRouter() }
                let router = container.resolve(Router.self)!
                """),
            // A generic type registered without its arguments: the compiler infers them from the
            // initializer, and so does digraph. `.searchDebounce` is declared on
            // `RunLoop.SchedulerTimeType.Stride` only, so `S` is `RunLoop`.
            RuleExample(
                """
                import Resolver
                import Combine
                final class SearchViewModel<S: Scheduler>: ObservableObject {
                    init(scheduler: S, debounce: S.SchedulerTimeType.Stride) {}
                }
                extension RunLoop.SchedulerTimeType.Stride { static let searchDebounce: Self = .milliseconds(300) }
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { SearchViewModel(scheduler: RunLoop.main, debounce: .searchDebounce) }
                    }
                }
                struct SearchView { @InjectedObject var viewModel: SearchViewModel<RunLoop> }
                """),
            // fews: the values are given in a helper of `extension DependencyValues` the scoping
            // closure calls, assigning its properties by their bare names.
            RuleExample(
                """
                struct TaskClient { var fetch: () -> [String] }
                struct GoalClient { var fetch: () -> [String] }
                enum TaskClientKey: TestDependencyKey { static let testValue = TaskClient(fetch: { [] }) }
                enum GoalClientKey: TestDependencyKey { static let testValue = GoalClient(fetch: { [] }) }
                extension DependencyValues {
                    var taskClient: TaskClient { get { self[TaskClientKey.self] } set { self[TaskClientKey.self] = newValue } }
                    var goalClient: GoalClient { get { self[GoalClientKey.self] } set { self[GoalClientKey.self] = newValue } }
                }
                extension DependencyValues {
                    mutating func prepareDependencies(context: ModelContext) {
                        taskClient = TaskClient(fetch: { [] })
                        goalClient = GoalClient(fetch: { [] })
                    }
                }
                struct Goals: Reducer { @Dependency(\\.goalClient) var goalClient; @Dependency(\\.taskClient) var taskClient; func load() { _ = goalClient.fetch() } }
                @main struct MultisApp {
                    let container: ModelContainer
                    var body: some Scene {
                        WindowGroup { MainView(store: Store(initialState: .init()) { Goals() } withDependencies: { $0.prepareDependencies(context: container.mainContext) }) }
                    }
                }
                """),
            // A method of the values declared outside the scan (a module digraph does not read),
            // called where they are given: it may give any key its value.
            RuleExample(
                """
                struct TaskClient { var fetch: () -> [String] }
                struct GoalClient { var fetch: () -> [String] }
                enum TaskClientKey: TestDependencyKey { static let testValue = TaskClient(fetch: { [] }) }
                enum GoalClientKey: TestDependencyKey { static let testValue = GoalClient(fetch: { [] }) }
                extension DependencyValues {
                    var taskClient: TaskClient { get { self[TaskClientKey.self] } set { self[TaskClientKey.self] = newValue } }
                    var goalClient: GoalClient { get { self[GoalClientKey.self] } set { self[GoalClientKey.self] = newValue } }
                }
                struct Goals: Reducer { @Dependency(\\.goalClient) var goalClient; @Dependency(\\.taskClient) var taskClient; func load() { _ = goalClient.fetch() } }
                @main struct MultisApp {
                    var body: some Scene {
                        WindowGroup { MainView(store: Store(initialState: .init()) { Goals() } withDependencies: { $0.useLiveClients() }) }
                    }
                }
                """),
            // EkSnacks: the tests declare an injector of the same name whose `load(_:name:)`
            // defaults the name to "stub"; the app's code cannot reach it, so its call asks for
            // what the app's own injector defaults to (no name).
            RuleExample(
                files: [
                    ("App/Injector.swift", """
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
                    """),
                    ("Tests/InjectorTests.swift", """
                    import XCTest
                    import Swinject
                    final class Injector {
                        static let shared = Injector()
                        let container = Container()
                        func load<Service>(_ serviceType: Service.Type, name: String? = "stub") -> Service {
                            guard let resolved = container.resolve(serviceType, name: name) else { fatalError() }
                            return resolved
                        }
                    }
                    final class RouterTests: XCTestCase { func testRouter() { _ = Injector.shared.load(Router.self, name: nil) } }
                    """),
                ]),
        ])

    /// openedx in its workspace: the app links the Course framework and registers the screen's
    /// model through a wrapper digraph cannot read; `CourseTests` compiles Course without the
    /// app's setup, and its test is `test`. One example and its twin differ only there.
    static func courseWorkspace(test: String) -> RuleExample {
        RuleExample(
            files: [
                ("Course/Locator.swift", "let locator = Container()"),
                ("Course/CourseSetup.swift", "func setUpCourse() { locator.register(Logger.self) { _ in Logger() } }"),
                ("Course/VideoView.swift", "final class VideoView { let model = locator.resolve(PlayerModel.self)! }"),
                ("App/AppSetup.swift", """
                extension Container {
                    func registerScreen<S>(_ type: S.Type, mainActorFactory: @escaping @MainActor (Resolver, URL?) -> S) {}
                }
                func setUpApp() { locator.registerScreen(PlayerModel.self) { r, url in PlayerModel(url: url) } }
                """),
                ("CourseTests/VideoViewTests.swift", """
                import XCTest
                final class VideoViewTests: XCTestCase {
                    \(test)
                }
                """),
            ],
            programs: [
                Program(
                    name: "App", kind: .app, source: "project.pbxproj",
                    files: ["App/AppSetup.swift", "Course/CourseSetup.swift", "Course/Locator.swift", "Course/VideoView.swift"]),
                Program(
                    name: "CourseTests", kind: .tests, source: "project.pbxproj",
                    files: ["Course/CourseSetup.swift", "Course/Locator.swift", "Course/VideoView.swift", "CourseTests/VideoViewTests.swift"]),
            ])
    }

    /// Opens the note naming a site that may provide a miss (read back by the run's summary).
    public static let openSiteNotePrefix = "not read, may register "

    /// The site a finding's note names as one that may provide its miss, and how it is written:
    /// read back by the run's summaries (from the findings, so a run from the cache says the same).
    public static func openSite(in note: Diagnostic.Note) -> (what: String, location: SourceLocation)? {
        guard note.message.hasPrefix(openSiteNotePrefix), let location = note.location else { return nil }
        let what = note.message.split(separator: ": ", maxSplits: 1).last?.split(separator: " (say").first
        return (String(what ?? ""), location)
    }

    /// Near misses named in the message; every one still gets a note.
    static let nearMissesShown = 3

    /// coctailMaster's app container, shared by the example and its twin: a DITranquillity
    /// container typed in this file only.
    private static let tranquillityContainer = """
        import DITranquillity
        final class AppContainer {
            static let shared: DIContainer = {
                let container = DIContainer()
                container.append(framework: UIFramework.self)
                return container
            }()
        }
        public class UIFramework: DIFramework {
            public static func load(container: DIContainer) {
                container.register { MainViewController(nibName: nil, bundle: nil) }.lifetime(.objectGraph)
            }
        }
        """

    public init() {}

    public func diagnose(_ context: RuleContext) -> [Diagnostic] {
        let unasked = UnaskedArities.registrations(in: context.graph)
        return UnsatisfiedRequest.all(in: context.graph).compactMap { unsatisfied -> Diagnostic? in
            let (edge, near) = (unsatisfied.edge, unsatisfied.near)
            guard near.otherArguments.isEmpty else { return nil }
            var message = "no registration for `\(edge.to)`"
            if !edge.isFromRoot { message += " (requested by `\(edge.from)`)" }
            if let reason = edge.missingReason { message += ": \(reason)" }
            if !near.otherNames.isEmpty {
                let shown = near.otherNames.prefix(Self.nearMissesShown).map { "`\($0.id)`" }.joined(separator: ", ")
                let more = near.otherNames.count - Self.nearMissesShown
                message += "; near miss: " + shown + (more > 0 ? " and \(more) more" : "")
            }
            if edge.optional { message += UnsatisfiedRequest.optionalSuffix }
            var notes = near.otherNames.map(\.registrationNote)
            // Not a proof: a site digraph could not read may register it (its container is open).
            let open = !edge.openedBy.isEmpty
            if let first = edge.openedBy.first {
                let more = edge.openedBy.count > 1 ? " (and \(edge.openedBy.count - 1) more)" : ""
                message += "; may be registered by what digraph could not read at \(first.location)\(more)"
                notes += edge.openedBy.map { site in
                    Diagnostic.Note(
                        message: Self.openSiteNotePrefix + "`\(edge.to)`: \(site.what) (say what it registers with `assume_registered:`)",
                        location: site.location)
                }
            }
            // A preview's miss crashes Xcode's canvas, not the app.
            if edge.isDesignTime { message += "; asked only from a SwiftUI preview" }
            // A lazy wrapper resolves on the first read: a property nothing in its type reads may
            // never ask (bit-therapy's `@Inject var headerBuilder`).
            let maybeNeverAsked = edge.isNeverRead && edge.timing == .deferred
            if maybeNeverAsked { message += "; the property is resolved when first read, and nothing in its type reads it" }
            // The factory of an assembly nothing here applies never runs here; whoever applies it
            // fills the container (Dotori's feature demo apps compile their feature's assembly).
            if let assembly = edge.unappliedAssembly {
                message += "; asked in `\(assembly)`, which nothing in this program applies"
            }
            let unaskedFactory = unasked[edge.from]
            if let why = unaskedFactory { message += "; asked by `\(edge.from)`: \(why)" }
            let unproven =
                edge.optional || open || edge.isDesignTime || maybeNeverAsked || edge.unappliedAssembly != nil
                || unaskedFactory != nil
            return Diagnostic(
                rule: Self.description.id, severity: unproven ? .note : context.severity(default: .error),
                message: message, location: unsatisfied.location, services: unsatisfied.services, notes: notes)
        }
    }
}
