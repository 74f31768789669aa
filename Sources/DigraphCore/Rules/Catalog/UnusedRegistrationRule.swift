public struct UnusedRegistrationRule: Rule {
    public static let description = RuleDescription(
        id: "unused_registration", name: "Unused registration", defaultSeverity: .note,
        summary: "A registration nothing in the analysed code asks for.",
        rationale: """
            Dead registrations keep their implementation types alive and mislead readers. Only \
            container registrations are checked, not singletons or plain types.
            """,
        triggeringExamples: [
            // Twin of the unread wrapper below: every request here is read.
            RuleExample(
                """
                import Cleanse
                ↓container.register(Legacy.self) { _ in Legacy() }
                final class Feed { var legacy: Legacy? }
                """),
            RuleExample(
                """
                ↓container.register(LegacyCache.self) { _ in LegacyCache() }
                """),
            // Twin of the project's wrapper below: a wrapper that reads no container resolves nothing.
            RuleExample(
                """
                @propertyWrapper struct Inject<T> {
                    let wrappedValue: T
                    init() { wrappedValue = Defaults.value(for: T.self) }
                }
                final class Feed { @Inject var api: APIClient }
                ↓container.register(APIClient.self) { _ in HTTPAPIClient() }
                """),
            // Twin of gallery-app's below: the view controller asks for another factory.
            RuleExample(
                """
                import Factory
                final class GalleryFeaturesContainer: SharedContainer {
                    static let shared = GalleryFeaturesContainer()
                    let manager = ContainerManager()
                    var ↓viewModel: Factory<ImagesViewModel> { self { ImagesViewModel() } }
                    var router: Factory<Router> { self { Router() } }
                }
                extension Container { var galleryFeaturesContainer: GalleryFeaturesContainer { .shared } }
                final class ImagesViewModel {}
                final class Router {}
                final class ImagesViewController { @LazyInjected(\\.galleryFeaturesContainer.router) var router }
                """),
            // Twin of Dissonance's Rx binder below: written as a `Factory`, the same body declares one.
            RuleExample(
                """
                import Factory
                final class Post {}
                final class PostViewController: SharedContainer {
                    var ↓postFactory: Factory<Post> { .init(self) { Post() } }
                }
                """),
            // Twin of weather-color's untyped resolve below: the initializer is read, so is its request.
            RuleExample(
                """
                import Swinject
                extension Resolver { func resolve<Service>() -> Service! { resolve(Service.self) } }
                final class Logger {}
                final class Feed { init(logger: Logger) {} }
                let container = Container()
                ↓container.register(Cache.self) { _ in Cache() }
                container.register(Logger.self) { _ in Logger() }
                container.register(Feed.self) { r in Feed(logger: r.resolve()) }
                let feed = container.resolve(Feed.self)!
                """),
            // Twin of movies-tca's `_current` read below: nothing reads the person service.
            RuleExample(
                """
                import Dependencies
                struct TMDb { var people: PersonService }
                struct PersonService {}
                enum TMDbKey: DependencyKey { static let liveValue = TMDb(people: PersonService()) }
                enum PersonServiceKey: DependencyKey {
                    static var liveValue: PersonService { DependencyValues._current.tmdb.people }
                }
                extension DependencyValues {
                    var tmdb: TMDb { get { self[TMDbKey.self] } set { self[TMDbKey.self] = newValue } }
                    var ↓personService: PersonService { get { self[PersonServiceKey.self] } set { self[PersonServiceKey.self] = newValue } }
                }
                """),
            // Twin of MovieKO's decoder below: the formatter is made on the spot, not resolved.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        ↓register { DateFormatter() }
                        register { () -> JSONDecoder in
                            let decoder = JSONDecoder()
                            decoder.dateDecodingStrategy = .formatted(DateFormatter())
                            return decoder
                        }
                    }
                }
                final class MoviesRepository { @Injected var decoder: JSONDecoder }
                """),
            // Twin of EkSnacks' injector below: the test passes `name: nil`, so the stub is unused.
            RuleExample(
                """
                import Swinject
                final class SnackNetwork {}
                final class Injector {
                    static let shared = Injector()
                    let container = Container()
                    func load<Service>(_ serviceType: Service.Type, name: String? = "stub") -> Service {
                        guard let resolved = container.resolve(serviceType, name: name) else { fatalError() }
                        return resolved
                    }
                    func registerStubs() { ↓container.register(SnackNetwork.self, name: "stub") { _ in SnackNetwork() } }
                }
                final class SnackNetworkTests { func testLoad() { _ = Injector.shared.load(SnackNetwork.self, name: nil) } }
                """),
        ],
        nonTriggeringExamples: [
            // A request-like site digraph cannot read (a wrapper of a library it does not know)
            // may resolve any registration (issue 30: 17 false notes on one app).
            RuleExample(
                """
                import Cleanse
                container.register(Legacy.self) { _ in Legacy() }
                final class Feed { @OptionalInjected var legacy: Legacy? }
                """),
            RuleExample(
                """
                container.register(Cache.self) { _ in Cache() }
                let cache = container.resolve(Cache.self)!
                """),
            // A project's property wrapper over the container's resolve (Trio's own `@Injected`,
            // in code importing no library that defines one): each wrapped property asks for its type.
            RuleExample(
                """
                import Swinject
                @propertyWrapper struct Injected<T> {
                    let wrappedValue: T
                    init() { wrappedValue = AppContainer.shared.resolve(T.self)! }
                }
                final class Feed { @Injected var api: APIClient }
                container.register(APIClient.self) { _ in HTTPAPIClient() }
                """),
            // Factory: `@DynamicInjected` resolves its service on every access (PodHaven).
            RuleExample(
                """
                extension Container {
                    var cachePurger: Factory<CachePurger> { Factory(self) { CachePurger() }.scope(.cached) }
                }
                final class AppDelegate { @DynamicInjected(\\.cachePurger) private var cachePurger }
                """),
            // gallery-app: a key path through `Container`'s property returning a custom container
            // (`\.galleryFeaturesContainer.viewModel`) asks for that container's factory.
            RuleExample(
                """
                import Factory
                final class GalleryFeaturesContainer: SharedContainer {
                    static let shared = GalleryFeaturesContainer()
                    let manager = ContainerManager()
                    var viewModel: Factory<ImagesViewModel> { self { ImagesViewModel() } }
                }
                extension Container { var galleryFeaturesContainer: GalleryFeaturesContainer { .shared } }
                final class ImagesViewModel {}
                final class ImagesViewController { @LazyInjected(\\.galleryFeaturesContainer.viewModel) var viewModel }
                """),
            // A factory method nothing calls is dead code, not a registration: factories build
            // concrete types on demand.
            RuleExample(
                """
                final class AppContainer {
                    lazy var api: APIClient = HTTPAPIClient()
                    func makeFeed() -> Feed { Feed(api: api) }
                    func makeSettings() -> Settings { Settings(api: api) }
                }
                let feed = AppContainer().makeFeed()
                """),
            // Dissonance: a computed property written as RxSwift's `Binder<Post>` is a binder,
            // though its body (`.init(self) { … }`) looks like a Factory declaration's.
            RuleExample(
                """
                import Factory
                import RxSwift
                final class Post { let title = "" }
                extension Container { var api: Factory<APIClient> { self { APIClient() } } }
                final class PostViewController {
                    @Injected(\\.api) var api
                    var title = ""
                    var postBinder: Binder<Post> { .init(self) { owner, post in owner.title = post.title } }
                }
                """),
            // weather-color: a `resolve()` typed only by the parameter it is passed to, of an
            // initializer not in the sources, may ask for any key: nothing is known unused.
            RuleExample(
                """
                import Swinject
                extension Resolver { func resolve<Service>() -> Service! { resolve(Service.self) } }
                let container = Container()
                container.register(Cache.self) { _ in Cache() }
                container.register(Feed.self) { r in Feed(cache: r.resolve()) }
                let feed = container.resolve(Feed.self)!
                """),
            // movies-tca: a key's value read on the spot from the current dependencies
            // (`DependencyValues._current.tmdb`), in another key's `liveValue` or in a method.
            RuleExample(
                """
                import Dependencies
                struct TMDb { var people: PersonService }
                struct PersonService {}
                enum TMDbKey: DependencyKey { static let liveValue = TMDb(people: PersonService()) }
                enum PersonServiceKey: DependencyKey {
                    static var liveValue: PersonService { DependencyValues._current.tmdb.people }
                }
                extension DependencyValues {
                    var tmdb: TMDb { get { self[TMDbKey.self] } set { self[TMDbKey.self] = newValue } }
                    var personService: PersonService { get { self[PersonServiceKey.self] } set { self[PersonServiceKey.self] = newValue } }
                }
                final class PeopleModel { func load() { _ = DependencyValues._current.personService } }
                """),
            // EkSnacks: a test injector's `load(_:name:)` hands its `name` on to Swinject's resolve
            // and defaults it to "stub": a call that leaves it out asks for the stub.
            RuleExample(
                """
                import Swinject
                final class SnackNetwork {}
                final class Injector {
                    static let shared = Injector()
                    let container = Container()
                    func load<Service>(_ serviceType: Service.Type, name: String? = "stub") -> Service {
                        guard let resolved = container.resolve(serviceType, name: name) else { fatalError() }
                        return resolved
                    }
                    func registerStubs() { container.register(SnackNetwork.self, name: "stub") { _ in SnackNetwork() } }
                }
                final class SnackNetworkTests { func testLoad() { _ = Injector.shared.load(SnackNetwork.self) } }
                """),
            // MovieKO: a resolve handed to a function of a type not in the sources
            // (`.formatted(_:)`) asks for a key digraph cannot tell: none is proven unused.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { DateFormatter() }
                        register { () -> JSONDecoder in
                            let decoder = JSONDecoder()
                            decoder.dateDecodingStrategy = .formatted(Resolver.resolve())
                            return decoder
                        }
                    }
                }
                final class MoviesRepository { @Injected var decoder: JSONDecoder }
                """),
            // gotchai: a key read through the library's live values (`DependencyValues.live`).
            RuleExample(
                """
                import Dependencies
                struct NetworkClient {}
                struct ProfileService { let networkClient: NetworkClient }
                enum NetworkClientKey: DependencyKey { static let liveValue = NetworkClient() }
                extension ProfileService: DependencyKey {
                    static let liveValue: ProfileService = { ProfileService(networkClient: DependencyValues.live.networkClient) }()
                }
                extension DependencyValues {
                    var networkClient: NetworkClient { get { self[NetworkClientKey.self] } set { self[NetworkClientKey.self] = newValue } }
                    var profileService: ProfileService { get { self[ProfileService.self] } set { self[ProfileService.self] = newValue } }
                }
                struct Profile { @Dependency(\\.profileService) var profileService }
                """),
            // EkSnacks in its project: the app's injector defaults the name to nil, the tests' one
            // (a type of the same name) to "stub". The app's code reaches only its own; a test's
            // call may reach either, so it asks for both names, a miss of neither proven.
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
                        func setUp() { container.register(Router.self, name: "stub") { _ in Router() } }
                    }
                    final class RouterTests: XCTestCase { func testRouter() { _ = Injector.shared.load(Router.self) } }
                    """),
                ]),
        ])

    public static let reportsAbsence = true

    public init() {}

    /// What some request of the graph asks for. A member declared but never given a value
    /// (`promised()`, a lazy key) is requested all the same: its miss says why.
    static func requested(in graph: DependencyGraph) -> Set<String> {
        Set(graph.allRequests.filter { !$0.missing || $0.missingReason != nil }.map(\.to))
    }

    /// A registration nothing in the analysed code resolves. Under a name read at run time, any
    /// request may be for it: never unused. A Needle component's property is read through the
    /// component (its builder protocol, `root.rootViewController`), which no request names.
    static func isUnused(_ service: Service, requested: Set<String>) -> Bool {
        service.isRegistration && service.style != Registry.needle.style && service.name != ServiceID.dynamicName
            && !requested.contains(service.id)
    }

    public func diagnose(_ context: RuleContext) -> [Diagnostic] {
        let graph = context.graph
        // A request digraph could not read may ask for any of them: "nothing resolves it" is not known.
        guard graph.unreadRequestSites.isEmpty else { return [] }
        let requested = Self.requested(in: graph)
        return graph.services.compactMap { service -> Diagnostic? in
            guard Self.isUnused(service, requested: requested), let location = service.locations.first else { return nil }
            return Diagnostic(
                rule: Self.description.id, severity: context.severity(default: .note),
                message: "`\(service.id)` is registered but nothing in the analysed code resolves it",
                location: location, services: [service.id])
        }
    }
}
