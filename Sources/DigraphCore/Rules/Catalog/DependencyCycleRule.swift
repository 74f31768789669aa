public struct DependencyCycleRule: Rule {
    public static let description = RuleDescription(
        id: "dependency_cycle", name: "Dependency cycle", defaultSeverity: .error,
        summary: "Services that need each other while being built: resolving any of them recurses forever.",
        rationale: """
            Only eager edges count (a resolve inside a factory, an initializer parameter, a default \
            argument `= B.shared`). A cycle broken by a deferred edge (Swinject `initCompleted`, a lazily \
            resolving property wrapper) is fine, and so is a diamond. One finding per strongly connected \
            set, with the shortest cycle through its first service as notes at each edge's site.
            """,
        triggeringExamples: [
            // Twin of sora's overloads below: the factory taking nothing calls itself.
            RuleExample(
                """
                final class ChainRegistry { init(storage: Storage, runtime: RuntimeService) {} }
                final class ChainRegistryFactory {
                    static func createDefaultRegistry() -> ChainRegistry {
                        let storage = Storage.shared
                        return ↓createDefaultRegistry()
                    }
                    static func createDefaultRegistry(from storage: Storage) -> ChainRegistry {
                        ChainRegistry(storage: storage, runtime: createRuntimeService())
                    }
                    static func createRuntimeService() -> RuntimeService { RuntimeService(queue: OperationQueue()) }
                }
                final class Storage { static let shared = Storage() }
                let registry = ChainRegistryFactory.createDefaultRegistry()
                """),
            // Twin of XcodesApp's below: `shared` is a `Shell`, and building it reads itself.
            RuleExample(
                """
                final class XcodesShell { let unxip: () -> Void = {} }
                public struct Shell {
                    static let shared = Shell()
                    public var unxip = ↓Shell.shared.unxip
                }
                """),
            RuleExample(
                """
                container.register(CartService.self) { r in
                    CartService(pricing: ↓r.resolve(PricingService.self)!)
                }
                container.register(PricingService.self) { r in
                    PricingService(cart: r.resolve(CartService.self)!)
                }
                """),
            RuleExample(
                """
                container.register(Logger.self) { r in ↓r.resolve(Logger.self)! }
                """),
            // Twin of session-ios's assigned singleton below: a static built on first read,
            // read by its own init, never finishes building.
            RuleExample(
                """
                final class SessionEnvironment {
                    static let shared = SessionEnvironment()
                    let locale: String
                    init() { locale = ↓SessionEnvironment.shared.locale }
                }
                """),
            RuleExample(
                files: [
                    ("A.swift", "final class AAssembly: Assembly { func assemble(container: Container) { container.register(A.self) { r in A(b: ↓r.resolve(B.self)!) } } }"),
                    ("B.swift", "final class BAssembly: Assembly { func assemble(container: Container) { container.register(B.self) { r in B(c: r.resolve(C.self)!) } } }"),
                    ("C.swift", "final class CAssembly: Assembly { func assemble(container: Container) { container.register(C.self) { r in C(a: r.resolve(A.self)!) } } }"),
                ]),
            // Resolver: `@Injected` resolves while its owner is being built.
            RuleExample(
                """
                import Resolver
                extension Resolver { static func registerWallet() { register { Wallet() }; register { History() } } }
                final class Wallet { @Injected var history: History }
                final class History { @Injected var ↓wallet: Wallet }
                """),
            // Factory library: each factory builds the other.
            RuleExample(
                """
                extension Container {
                    var cart: Factory<CartService> { self { CartService(pricing: ↓self.pricing()) } }
                    var pricing: Factory<PricingService> { self { PricingService(cart: self.cart()) } }
                }
                """),
            // Factory's global `resolve(\.detail)`, `resolve(\AppContainer.list)`: each view model's initializer asks for the other.
            RuleExample(
                """
                import Factory
                final class ListModel { let detail: DetailModel = ↓resolve(\\.detail) }
                final class DetailModel { let list: ListModel = resolve(\\AppContainer.list) }
                extension Container { var detail: Factory<DetailModel> { self { DetailModel() } } }
                final class AppContainer: SharedContainer {
                    static let shared = AppContainer()
                    let manager = ContainerManager()
                    var list: Factory<ListModel> { self { ListModel() } }
                }
                """),
            // swift-dependencies: two live values read each other while they are built.
            RuleExample(
                """
                enum SessionKey: DependencyKey {
                    static var liveValue: Session {
                        @Dependency(\\.refresher) var refresher
                        return Session(token: refresher.token())
                    }
                }
                enum RefresherKey: DependencyKey {
                    static var liveValue: Refresher {
                        ↓@Dependency(\\.session) var session
                        return Refresher(user: session.user)
                    }
                }
                extension DependencyValues {
                    var session: Session { get { self[SessionKey.self] } set { self[SessionKey.self] = newValue } }
                    var refresher: Refresher { get { self[RefresherKey.self] } set { self[RefresherKey.self] = newValue } }
                }
                """),
            // Hand-written factories: each builds the other.
            RuleExample(
                """
                enum CartFactory {
                    static func make() -> CartService { CartService(pricing: ↓PricingFactory.make()) }
                }
                enum PricingFactory {
                    static func make() -> PricingService { PricingService(cart: CartFactory.make()) }
                }
                """),
            // A container's lazy properties each reading the other on first use.
            RuleExample(
                """
                final class AppContainer {
                    lazy var session: Session = Session(refresher: refresher)
                    lazy var refresher: TokenRefresher = TokenRefresher(session: ↓session)
                }
                """),
            // A type of any name (an app's `Core`, ReactorKit's `ServiceProvider`) whose lazy
            // properties build each other is a container: two of them need each other.
            RuleExample(
                """
                final class Core {
                    lazy var store = Store(engine: engine)
                    lazy var engine = Engine(store: ↓store, runner: runner)
                    lazy var runner = Runner()
                }
                """),
            // Twin of ZeroWasteReminder's hand-off below: the factory asks its own container.
            RuleExample(
                """
                final class StorageRecorder {
                    private let mainContainer: Container
                    private let remoteContainer: Container
                    init(main: Container, remote: Container) { mainContainer = main; remoteContainer = remote }
                    func register() {
                        mainContainer.register(ItemsRepository.self) { r in ↓r.resolve(ItemsRepository.self)! }
                        remoteContainer.register(ItemsRepository.self) { _ in CloudKitItemsRepository() }
                    }
                }
                """),
            // swift-dependencies: a key's live value built by a static helper of the key that reads
            // another key's endpoint in its body, not in a closure: building one builds the other.
            RuleExample(
                """
                struct FeedClient { var load: () -> [String] }
                extension FeedClient: DependencyKey {
                    static let liveValue = Self.live()
                    static func live() -> Self {
                        ↓@Dependency(\\.searchClient) var search
                        let find = search.find
                        return FeedClient(load: { find() })
                    }
                }
                struct SearchClient { var find: () -> [String] }
                extension SearchClient: DependencyKey {
                    static let liveValue = Self.live()
                    static func live() -> Self {
                        @Dependency(\\.feedClient) var feed
                        let load = feed.load
                        return SearchClient(find: { load() })
                    }
                }
                extension DependencyValues {
                    var feedClient: FeedClient { get { self[FeedClient.self] } set { self[FeedClient.self] = newValue } }
                    var searchClient: SearchClient { get { self[SearchClient.self] } set { self[SearchClient.self] = newValue } }
                }
                """),
            // The twin: read in a closure applied on the spot, while the value is built.
            RuleExample(
                """
                import Dependencies
                struct PushClient {
                    var badge: Int
                    var clear: @Sendable () async -> Void
                }
                extension DependencyValues {
                    var push: PushClient {
                        get { self[PushClient.self] }
                        set { self[PushClient.self] = newValue }
                    }
                }
                struct InboxFeature { @Dependency(\\.push) var push; func open() async { await push.clear() } }
                extension PushClient: DependencyKey {
                    static let liveValue: PushClient = {
                        ↓@Dependency(\\.push) var push
                        return PushClient(badge: push.badge, clear: {})
                    }()
                }
                """),
            // Twin of winston's static below: an instance's stored property reading the shared
            // instance is read while that instance is built.
            RuleExample(
                """
                final class Router {}
                final class Nav {
                    static let shared = Nav()
                    let router = ↓Nav.shared.activeRouter
                    var activeRouter: Router { Router() }
                }
                """),
            // Twin of BuyOrNot's client below: here `shared` is the client, and building it reads
            // itself.
            RuleExample(
                """
                final class UserDefaultsClient {
                    static let shared = UserDefaultsClient()
                    private let store: UserDefaultsClient?
                    init(store: UserDefaultsClient? = ↓UserDefaultsClient.shared) { self.store = store }
                }
                """),
            // movies-tca's shape: a key's `liveValue` reads the current value of another key on the
            // spot (`DependencyValues._current`), and that key's `liveValue` reads it back.
            RuleExample(
                """
                import Dependencies
                struct Session {}
                struct Profile {}
                enum SessionKey: DependencyKey {
                    static var liveValue: Session {
                        let profile = DependencyValues._current.profile
                        return Session()
                    }
                }
                enum ProfileKey: DependencyKey {
                    static var liveValue: Profile {
                        let session = ↓DependencyValues._current.session
                        return Profile()
                    }
                }
                extension DependencyValues {
                    var session: Session { get { self[SessionKey.self] } set { self[SessionKey.self] = newValue } }
                    var profile: Profile { get { self[ProfileKey.self] } set { self[ProfileKey.self] = newValue } }
                }
                final class Screen { @Dependency(\\.session) var session }
                """),
        ],
        nonTriggeringExamples: [
            // A factory choosing an implementation by argument: the one the user starts asks for
            // the one the device starts, under the same key; not the same object, not a cycle.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { (_, args) -> StandaloneController in
                            switch args.get() as Origin {
                            case .device: return DeviceStandaloneController() as StandaloneController
                            case .user: return UserStandaloneController() as StandaloneController
                            }
                        }
                    }
                }
                final class UserStandaloneController: StandaloneController {
                    private let device: StandaloneController = Resolver.resolve(StandaloneController.self, args: Origin.device)
                }
                """),
            // XcodesApp: `Shell`'s static `shared` is another type's instance; building it never
            // builds a `Shell`, whose properties read it.
            RuleExample(
                """
                final class XcodesShell { let unxip: () -> Void = {}; let archs: () -> Void = {} }
                public struct Shell {
                    private static let shared = XcodesShell()
                    public var unxip = Shell.shared.unxip
                    public var archs = Shell.shared.archs
                }
                """),
            // session-ios: a singleton declared without a value, which its own init publishes
            // (`if Self.shared == nil { Self.shared = self }`): reading it builds nothing.
            RuleExample(
                """
                final class SessionEnvironment {
                    static var shared: SessionEnvironment?
                    let locale: String
                    init(locale: String) {
                        self.locale = locale
                        if SessionEnvironment.shared == nil { SessionEnvironment.shared = self }
                    }
                }
                """),
            // home-assistant: the delegate UIKit makes sets the singleton; nothing builds it.
            RuleExample(
                """
                final class AppDelegate {
                    private(set) static var shared: AppDelegate?
                    override init() {
                        super.init()
                        AppDelegate.shared = self
                    }
                }
                """),
            RuleExample(
                """
                container.register(Parent.self) { r in Parent(child: r.resolve(Child.self)!) }
                    .initCompleted { r, parent in parent.child = r.resolve(Child.self)! }
                container.register(Child.self) { _ in Child() }
                    .initCompleted { r, child in child.parent = r.resolve(Parent.self)! }
                """),
            RuleExample(
                """
                container.register(A.self) { r in A(b: r.resolve(B.self)!, c: r.resolve(C.self)!) }
                container.register(B.self) { r in B(d: r.resolve(D.self)!) }
                container.register(C.self) { r in C(d: r.resolve(D.self)!) }
                container.register(D.self) { _ in D() }
                """),
            // Resolver: `@LazyInjected` resolves on first use, after both exist.
            RuleExample(
                """
                import Resolver
                extension Resolver { static func registerWallet() { register { Wallet() }; register { History() } } }
                final class Wallet { @Injected var history: History }
                final class History { @LazyInjected var wallet: Wallet }
                """),
            // DITranquillity: a cycle broken on purpose with property injection.
            RuleExample(
                files: [
                    ("Types.swift", "final class Parent { init(child: Child) {} }\nfinal class Child { weak var parent: Parent? }"),
                    ("Part.swift", """
                    import DITranquillity
                    container.register(Parent.init)
                    container.register(Child.init).injection(cycle: true, \\.parent)
                    """),
                ]),
            // Each test method builds its own container (XCTest makes a test case per method):
            // one test wiring `Client -> Server` and another `Server -> Client` make no cycle.
            RuleExample(
                files: [
                    ("Tests/ScopeTests.swift", """
                    import XCTest
                    import Dip
                    final class ScopeTests: XCTestCase {
                        let container = DependencyContainer()
                        func testSharedServer() {
                            container.register { Client(server: try self.container.resolve() as Server) as Client }
                            container.register { Server() as Server }
                        }
                        func testWeakClient() {
                            container.register { Server(client: try self.container.resolve() as Client) as Server }
                            container.register { Client() as Client }
                        }
                    }
                    """)
                ]),
            // Twin of the global `resolve(\.detail)` above: the detail asks for the list only when shown.
            RuleExample(
                """
                import Factory
                final class ListModel { let detail: DetailModel = resolve(\\.detail) }
                final class DetailModel { func back() { let list: ListModel = resolve(\\AppContainer.list); _ = list } }
                extension Container { var detail: Factory<DetailModel> { self { DetailModel() } } }
                final class AppContainer: SharedContainer {
                    static let shared = AppContainer()
                    let manager = ContainerManager()
                    var list: Factory<ListModel> { self { ListModel() } }
                }
                """),
            // Factory: `@LazyInjected` resolves on first use, after both exist.
            RuleExample(
                """
                final class ProfileStore { @LazyInjected(\\.settings) var settings }
                final class SettingsStore { @LazyInjected(\\.profile) var profile }
                extension Container {
                    var profile: Factory<ProfileStore> { self { ProfileStore() }.shared }
                    var settings: Factory<SettingsStore> { self { SettingsStore() }.shared }
                }
                """),
            // swift-dependencies: a live value that reads another only inside an endpoint closure.
            RuleExample(
                """
                enum FeedKey: DependencyKey {
                    static var liveValue: Feed {
                        @Dependency(\\.search) var search
                        return Feed(load: { search.run() })
                    }
                }
                enum SearchKey: DependencyKey {
                    static var liveValue: Search {
                        @Dependency(\\.feed) var feed
                        return Search(run: { feed.load() })
                    }
                }
                extension DependencyValues {
                    var feed: Feed { get { self[FeedKey.self] } set { self[FeedKey.self] = newValue } }
                    var search: Search { get { self[SearchKey.self] } set { self[SearchKey.self] = newValue } }
                }
                """),
            // A container whose list screen gets a closure that makes the detail screen later, and a
            // factory recursing over its input.
            RuleExample(
                """
                final class AppContainer {
                    func makeList() -> ListViewController { ListViewController(makeDetail: { self.makeDetail() }) }
                    func makeDetail() -> DetailViewController { DetailViewController(list: makeList()) }
                    func makeNode(depth: Int) -> Node { Node(children: depth > 0 ? [makeNode(depth: depth - 1)] : []) }
                }
                """),
            // ZeroWasteReminder: the main container's factory hands the key on to another container.
            RuleExample(
                """
                final class StorageRecorder {
                    private let mainContainer: Container
                    private let remoteContainer: Container
                    init(main: Container, remote: Container) { mainContainer = main; remoteContainer = remote }
                    func register() {
                        mainContainer.register(ItemsRepository.self) { r in remoteContainer.resolve(ItemsRepository.self)! }
                        remoteContainer.register(ItemsRepository.self) { _ in CloudKitItemsRepository() }
                    }
                }
                """),
            // The twin: the helper reading the other key in its body is only the preview's; the
            // live value reads nothing while it is built.
            RuleExample(
                """
                struct FeedClient { var load: () -> [String] }
                extension FeedClient: DependencyKey {
                    static let liveValue = FeedClient(load: { [] })
                    static let previewValue = Self.preview()
                    static func preview() -> Self {
                        @Dependency(\\.searchClient) var search
                        let find = search.find
                        return FeedClient(load: { find() })
                    }
                }
                struct SearchClient { var find: () -> [String] }
                extension SearchClient: DependencyKey {
                    static let liveValue = Self.live()
                    static func live() -> Self {
                        @Dependency(\\.feedClient) var feed
                        let load = feed.load
                        return SearchClient(find: { load() })
                    }
                }
                extension DependencyValues {
                    var feedClient: FeedClient { get { self[FeedClient.self] } set { self[FeedClient.self] = newValue } }
                    var searchClient: SearchClient { get { self[SearchClient.self] } set { self[SearchClient.self] = newValue } }
                }
                """),
            // playola: the client reads itself inside an endpoint closure, when the endpoint runs,
            // long after its value is built.
            RuleExample(
                """
                import Dependencies
                struct PushClient {
                    var badge: Int
                    var clear: @Sendable () async -> Void
                }
                extension DependencyValues {
                    var push: PushClient {
                        get { self[PushClient.self] }
                        set { self[PushClient.self] = newValue }
                    }
                }
                struct InboxFeature { @Dependency(\\.push) var push; func open() async { await push.clear() } }
                extension PushClient: DependencyKey {
                    static let liveValue = Self(badge: 0, clear: {
                        @Dependency(\\.push) var push
                        _ = push.badge
                    })
                }
                """),
            // Twin of `Core` above: the engine reads the store in a closure it keeps, after both are built.
            RuleExample(
                """
                final class Core {
                    lazy var store = Store(engine: engine)
                    lazy var engine = Engine(store: { [unowned self] in self.store }, runner: runner)
                    lazy var runner = Runner()
                }
                """),
            // Telegram's `DrawingContext`: a local shadowing a parameter reads the parameter in its
            // own value, not the member it is stored in after.
            RuleExample(
                """
                final class Session {
                    let client: HTTPClient
                    let store: Store
                    let sync: SyncService
                    init(client: HTTPClient) {
                        let client = LoggingClient(wrapping: client)
                        self.client = client
                        self.store = Store(client: client)
                        self.sync = SyncService(client: client, store: store)
                    }
                }
                """),
            // sora: `createDefaultRegistry()` calls its overload `createDefaultRegistry(from:)`, not itself.
            RuleExample(
                """
                final class ChainRegistry { init(storage: Storage, runtime: RuntimeService) {} }
                final class ChainRegistryFactory {
                    static func createDefaultRegistry() -> ChainRegistry {
                        let storage = Storage.shared
                        return createDefaultRegistry(from: storage)
                    }
                    static func createDefaultRegistry(from storage: Storage) -> ChainRegistry {
                        ChainRegistry(storage: storage, runtime: createRuntimeService())
                    }
                    static func createRuntimeService() -> RuntimeService { RuntimeService(queue: OperationQueue()) }
                }
                final class Storage { static let shared = Storage() }
                let registry = ChainRegistryFactory.createDefaultRegistry()
                """),
            // winston: `static let router` is built when it is first read, after `shared`; building
            // `shared` (`Nav()`) never reads it.
            RuleExample(
                """
                final class Router {}
                final class Nav {
                    static let shared = Nav()
                    static let router = Nav.shared.activeRouter
                    let routers = [Router()]
                    var activeRouter: Router { routers[0] }
                }
                """),
            // BuyOrNot: the client's static `shared` is the `UserDefaults` it wraps (`made ?? fallback`
            // holds what `made` makes); building it never builds a client.
            RuleExample(
                """
                import Foundation
                final class UserDefaultsClient {
                    private static let suiteName = "com.buyornot.app"
                    public static let shared = UserDefaults(suiteName: suiteName) ?? .standard
                    private let userDefaults: UserDefaults
                    init(userDefaults: UserDefaults = UserDefaultsClient.shared) { self.userDefaults = userDefaults }
                }
                """),
        ])

    public init() {}

    public func diagnose(_ context: RuleContext) -> [Diagnostic] {
        let graph = context.graph
        var successors: [String: [String]] = [:]
        var sites: [String: SourceLocation] = [:]
        /// The test runs asking for each pair (nil: code outside test methods does).
        var runs: [String: [String]?] = [:]
        for edge in graph.edges where edge.timing == .eager && !edge.missing {
            // One implementation of a key asking for the key again (a factory choosing among
            // several by argument or branch, a decorator around another) may get another
            // implementation: that self-loop is not proven.
            if edge.from == edge.to, (graph.service(edge.from)?.implementation.count ?? 0) > 1 { continue }
            // A singleton the app assigns (`static var shared: T?`, set from `init`) is not built
            // by reading it: its own init reading it does not recurse.
            if edge.from == edge.to, graph.service(edge.from)?.lifetimeDetail == SharedMember.assignedDetail { continue }
            successors[edge.from, default: []].append(edge.to)
            let key = "\(edge.from)\u{0}\(edge.to)"
            if sites[key] == nil, let location = edge.location { sites[key] = location }
            runs[key] = runs[key].map { Edge.unionOfRuns($0, edge.testRuns) } ?? edge.testRuns
        }
        for key in successors.keys { successors[key] = Array(Set(successors[key]!)).sorted() }

        var reported: Set<[String]> = []
        var findings: [Diagnostic] = []
        let components = StronglyConnectedComponents.find(nodes: graph.services.map(\.id), successors: successors)
        for component in components where Self.isCycle(component, successors) {
            for (cycle, within) in Self.cyclesWithinOneRun(component, successors: successors, runs: runs)
            where reported.insert(cycle).inserted {
                if let finding = diagnostic(cycle, successors: within, sites: sites, graph: graph, context: context) {
                    findings.append(finding)
                }
            }
        }
        return findings
    }

    private static func isCycle(_ component: [String], _ successors: [String: [String]]) -> Bool {
        component.count > 1 || successors[component[0], default: []].contains(component[0])
    }

    /// Each test method builds its own container (XCTest makes a test case per method): a cycle
    /// joining registrations of two test methods never happens. The component's cycles using
    /// only edges of one run (its method's, its type's shared code's, and code outside tests).
    private static func cyclesWithinOneRun(
        _ component: [String], successors: [String: [String]], runs: [String: [String]?]
    ) -> [(cycle: [String], successors: [String: [String]])] {
        let members = Set(component)
        func key(_ from: String, _ to: String) -> String { "\(from)\u{0}\(to)" }
        var testRuns: Set<String> = []
        for from in component {
            for to in successors[from, default: []] where members.contains(to) {
                if let pairRuns = runs[key(from, to)] ?? nil { testRuns.formUnion(pairRuns) }
            }
        }
        guard !testRuns.isEmpty else { return [(component, successors)] }
        var cycles: [(cycle: [String], successors: [String: [String]])] = []
        // nil: the edges of code outside test methods alone.
        for run in [nil] + testRuns.sorted().map(Optional.some) {
            let shared = run.map { TestRun.split($0) }.flatMap { $0.method == nil ? nil : String($0.type) }
            var restricted: [String: [String]] = [:]
            for from in component {
                restricted[from] = successors[from, default: []].filter { to in
                    guard members.contains(to) else { return false }
                    guard let pairRuns = runs[key(from, to)] ?? nil else { return true }
                    return pairRuns.contains { $0 == run || $0 == shared }
                }
            }
            for sub in StronglyConnectedComponents.find(nodes: component, successors: restricted)
            where isCycle(sub, restricted) {
                cycles.append((sub, restricted))
            }
        }
        return cycles
    }

    private func diagnostic(
        _ component: [String], successors: [String: [String]], sites: [String: SourceLocation], graph: DependencyGraph,
        context: RuleContext
    ) -> Diagnostic? {
        let start = component[0]
        let path = StronglyConnectedComponents.shortestCycle(
            through: start, members: Set(component), successors: successors)
        let hops = zip(path, path.dropFirst()).map { (from: $0, to: $1) }
        let notes = hops.map { hop in
            Diagnostic.Note(
                message: "`\(hop.from)` needs `\(hop.to)` while being built",
                location: sites["\(hop.from)\u{0}\(hop.to)"])
        }
        guard let location = notes.compactMap(\.location).first ?? graph.service(start)?.locations.first else {
            return nil
        }
        let shown = path.map { "`\($0)`" }.joined(separator: " -> ")
        var message = "dependency cycle: \(shown)"
        if component.count > path.count - 1 {
            message += " (\(component.count) services are strongly connected)"
        }
        return Diagnostic(
            rule: Self.description.id, severity: context.severity(default: .error), message: message,
            location: location, services: component, path: path, notes: notes)
    }
}
