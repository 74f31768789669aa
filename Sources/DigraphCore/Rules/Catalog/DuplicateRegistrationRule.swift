public struct DuplicateRegistrationRule: Rule {
    public static let description = RuleDescription(
        id: "duplicate_registration", name: "Duplicate registration", defaultSeverity: .warning,
        summary: "The same service id registered twice in the same container.",
        rationale: """
            Swinject silently keeps the last registration; the seed's service locator crashes with \
            `fatalError`. Only registrations in the same container instance of the same program count: \
            an app and its extension, a container built in a function (also when helper functions \
            fill it), a child container and a test re-registering on its fixture container are \
            separate; an `Assembly` nothing constructs, and a DITranquillity part or framework nothing \
            appends, never runs. DITranquillity keeps every \
            registration of a key: only a single resolve of a key registered twice without \
            `.default()` is reported (`many` collects them). Registrations in different branches \
            of the same `#if`, `if`/`else` or `switch` are alternatives, and a name computed at run \
            time duplicates nothing. A project declaring one of swift-dependencies' own keys \
            (`extension DependencyValues { var date: … }`) registers it a second time: the library and \
            other modules keep reading the built-in one; a note, since which version of the library \
            is linked, and whether anything reads its key, is not read. Two registrations written in \
            different functions (a library's register function a demo app may never call, a \
            test-support override called only under a launch argument) are a note too: whether both \
            run on the container, and in which order, is not read. Only a key registered twice in one \
            function, or found twice by one DITranquillity resolve, is proven.
            """,
        triggeringExamples: [
            RuleExample(
                """
                container.register(APIClient.self) { _ in HTTPAPIClient() }
                ↓container.register(APIClient.self) { _ in MockAPIClient() }
                """),
            // DITranquillity: a single resolve finds two registrations and cannot choose.
            RuleExample(
                """
                import DITranquillity
                let container = DIContainer()
                container.register { Store(path: "main.db") }
                ↓container.register { Store(path: "cache.db") }
                let store: Store = container.resolve()
                """),
            // Two DITranquillity parts, both appended: both run.
            RuleExample(
                """
                import DITranquillity
                final class Cart { init(store: Store) {} }
                final class StorePart: DIPart {
                    static func load(container: DIContainer) {
                        container.register { Store(path: "main.db") }
                        container.register { Cart(store: $0) }
                    }
                }
                final class CachePart: DIPart {
                    static func load(container: DIContainer) { ↓container.register { Store(path: "cache.db") } }
                }
                final class AppFramework: DIFramework {
                    static func load(container: DIContainer) {
                        container.append(part: StorePart.self)
                        container.append(part: CachePart.self)
                    }
                }
                """),
            // Twin of the preview below: the override is in code the app runs.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { LiveSearchService() as SearchService }
                        ↓register { MockSearchService() as SearchService }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // 3dollar's demo apps, gnosis's UI-test support: a second registration in another
            // function (a mock module's, maybe never called here) is a note. Twin: the live and mock
            // registrations in one `registerAllServices` (a triggering example above).
            RuleExample(
                """
                import Resolver
                protocol NetworkConfiguration {}
                final class LiveNetworkConfiguration: NetworkConfiguration {}
                final class MockNetworkConfiguration: NetworkConfiguration {}
                enum MockModule {
                    static func registerMocks() {
                        Resolver.register { MockNetworkConfiguration() as NetworkConfiguration }
                    }
                }
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { LiveNetworkConfiguration() as NetworkConfiguration }
                    }
                }
                """),
            // vapor's `Storage`: two generic subscripts forwarding to the store's own `set`; `Key`
            // is each subscript's type parameter, no service.
            RuleExample(
                """
                public protocol StorageKey { associatedtype Value }
                public struct Storage {
                    var storage: [ObjectIdentifier: Any] = [:]
                    public subscript<Key: StorageKey>(_ key: Key.Type) -> Key.Value? {
                        get { storage[ObjectIdentifier(Key.self)] as? Key.Value }
                        set { self.set(Key.self, to: newValue) }
                    }
                    public subscript<Key: StorageKey>(_ key: Key.Type, default make: @autoclosure () -> Key.Value) -> Key.Value {
                        mutating get {
                            if let value = self[key] { return value }
                            let new = make()
                            self.set(Key.self, to: new)
                            return new
                        }
                    }
                    public mutating func set<Key: StorageKey>(_ key: Key.Type, to value: Key.Value?) {
                        storage[ObjectIdentifier(Key.self)] = value
                    }
                }
                enum SessionKey: StorageKey { typealias Value = String }
                var storage = Storage()
                storage.set(SessionKey.self, to: "token")
                """),
            RuleExample(
                """
                #if DEBUG
                container.register(APIClient.self) { _ in MockAPIClient() }
                #else
                container.register(APIClient.self) { _ in HTTPAPIClient() }
                #endif
                """),
            RuleExample(
                """
                container.register(Database.self, name: "primary") { _ in SQLiteDatabase() }
                container.register(Database.self, name: "cache") { _ in InMemoryDatabase() }
                """),
            // Runtime alternatives: only one branch runs.
            RuleExample(
                """
                if ProcessInfo.processInfo.arguments.contains("-uiTests") {
                    container.register(APIClient.self) { _ in StubAPIClient() }
                } else {
                    container.register(APIClient.self) { _ in HTTPAPIClient() }
                }
                switch environment {
                case .staging: container.register(Endpoint.self) { _ in Endpoint.staging }
                case .production: container.register(Endpoint.self) { _ in Endpoint.production }
                }
                """),
            // Names given through different constants are different keys.
            RuleExample(
                """
                enum DatabaseName { static let primary = "primary"; static let cache = "cache" }
                extension String { static let api = "api" }
                container.register(Database.self, name: DatabaseName.primary) { _ in SQLiteDatabase() }
                container.register(Database.self, name: DatabaseName.cache) { _ in InMemoryDatabase() }
                container.register(Session.self, name: .api) { _ in Session() }
                container.register(Session.self, name: SessionNames.upload) { _ in Session() }
                """),
            // Names computed at run time duplicate nothing.
            RuleExample(
                """
                for feature in features {
                    container.register(Feature.self, name: feature.id) { _ in feature }
                }
                container.register(Feature.self, name: "\\(prefix).search") { _ in SearchFeature() }
                """),
            // Containers built in functions, and a child container overriding its parent.
            RuleExample(
                """
                func makePreviewContainer() -> Container {
                    let container = Container()
                    container.register(APIClient.self) { _ in StubAPIClient() }
                    return container
                }
                func makeAppContainer() -> Container {
                    let container = Container()
                    container.register(APIClient.self) { _ in HTTPAPIClient() }
                    let child = Container(parent: container)
                    child.register(APIClient.self) { _ in LoggingAPIClient() }
                    return child
                }
                """),
            // Helper functions each filling the container their caller built.
            RuleExample(
                """
                func registerLive(in container: Container) { container.register(APIClient.self) { _ in HTTPAPIClient() } }
                func registerStubs(in container: Container) { container.register(APIClient.self) { _ in StubAPIClient() } }
                func makeAppContainer() -> Container {
                    let container = Container()
                    registerLive(in: container)
                    return container
                }
                func makePreviewContainer() -> Container {
                    let container = Container()
                    registerStubs(in: container)
                    return container
                }
                """),
            // DITranquillity keeps both: `many` collects them, and `.default()` picks one for a
            // single resolve.
            RuleExample(
                """
                import DITranquillity
                final class Balancer { init(endpoints: [Endpoint]) {} }
                let container = DIContainer()
                container.register { Endpoint(host: "eu.example.com") }
                container.register { Endpoint(host: "us.example.com") }
                container.register { Balancer(endpoints: many($0)) }
                container.register { Store(path: "main.db") }.default()
                container.register { Store(path: "cache.db") }
                let store: Store = container.resolve()
                """),
            // Resolved, then replaced (a playground trying one definition, then another); and
            // runtime arguments of types not written, which may be other keys.
            RuleExample(
                """
                import Dip
                let container = DependencyContainer()
                container.register { ServiceImp1() as Service }
                let first = try! container.resolve() as Service
                container.register { ServiceImp2() as Service }
                container.register { ClientImp(service: $0) as Client }
                container.register { ClientImp(server: $0) as Client }
                """),
            // A test re-registering on the container its setUp built overrides it.
            RuleExample(
                files: [
                    ("Tests/CartTests.swift", """
                    import XCTest
                    final class CartTests: XCTestCase {
                        var container: Container!
                        override func setUp() {
                            container = Container()
                            container.register(PricingService.self) { _ in FixedPricing() }
                        }
                        func testDiscount() {
                            container.register(PricingService.self) { _ in DiscountPricing() }
                        }
                        func testFree() {
                            container.register(PricingService.self) { _ in FreePricing() }
                        }
                    }
                    """)
                ]),
            // Resolver: a child container's registration overrides its parent's; named keys differ.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    static let mock = Resolver(child: main)
                    public static func registerAllServices() {
                        register { HTTPAPIClient() as APIClient }
                        mock.register { MockAPIClient() as APIClient }
                        register(name: .primary) { SQLiteDatabase() as Database }
                        register(name: .cache) { MemoryDatabase() as Database }
                    }
                }
                extension Resolver.Name { static let primary = Self("primary"); static let cache = Self("cache") }
                """),
            // Factory overrides replace the factory: registering again is how mocks work.
            RuleExample(
                """
                extension Container {
                    var api: Factory<APIClient> { self { HTTPAPIClient() } }
                }
                func preview() {
                    Container.shared.api.register { StubAPIClient() }
                    Container.shared.api.register { SlowAPIClient() }
                }
                """),
            // god-ios: a project key named like one of swift-dependencies' own (`\.date` here;
            // `\.notificationCenter` there, which the version it links does not have yet) is a
            // note: the linked version, and whether anything reads the library's key, are not read.
            RuleExample(
                """
                enum ServerDateKey: DependencyKey { static let liveValue = DateGenerator { ServerClock.now() } }
                extension DependencyValues {
                    var date: DateGenerator {
                        get { self[ServerDateKey.self] }
                        set { self[ServerDateKey.self] = newValue }
                    }
                }
                """),
            // A project key under its own name beside the library's built-in `\.date`.
            RuleExample(
                """
                enum ServerDateKey: DependencyKey { static let liveValue = DateGenerator { ServerClock.now() } }
                extension DependencyValues {
                    var serverDate: DateGenerator {
                        get { self[ServerDateKey.self] }
                        set { self[ServerDateKey.self] = newValue }
                    }
                }
                struct Feature {
                    @Dependency(\\.date) var date
                    @Dependency(\\.serverDate) var serverDate
                }
                """),
            // musiq: a SwiftUI preview registers a mock over the app's registration; Xcode's
            // canvas runs it, the app never does.
            RuleExample(
                """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() { register { LiveSearchService() as SearchService } }
                }
                struct SearchView_Previews: PreviewProvider {
                    static var previews: some View {
                        Resolver.register { MockSearchService() as SearchService }
                        return SearchView()
                    }
                }
                """),
            // testyoungst: a part nothing appends (a screen's leftover declaration) never runs.
            RuleExample(
                """
                import DITranquillity
                final class Cart { init(store: Store) {} }
                final class StorePart: DIPart {
                    static func load(container: DIContainer) {
                        container.register { Store(path: "main.db") }
                        container.register { Cart(store: $0) }
                    }
                }
                final class CachePart: DIPart {
                    static func load(container: DIContainer) { container.register { Store(path: "cache.db") } }
                }
                final class AppFramework: DIFramework {
                    static func load(container: DIContainer) {
                        container.append(part: StorePart.self)
                    }
                }
                """),
        ])

    /// The container name of DITranquillity's registrations.
    static let keepsEveryRegistration = "ditranquillity"

    public init() {}

    public func diagnose(_ context: RuleContext) -> [Diagnostic] {
        var earlier: [String: [RegistrationSite]] = [:]
        var findings: [Diagnostic] = []
        let graph = context.graph
        // DITranquillity keeps every registration of a key (`many` collects them all): only a
        // single resolve finds two, and `.default()` picks one of them.
        func key(_ site: RegistrationSite) -> String {
            var key = "\(site.container)\u{0}\(site.containerInstance ?? "")\u{0}\(site.serviceID)"
            // Each test runs on its own: a test re-registering on its fixture container overrides.
            if graph.testFiles.contains(site.location.file) { key += "\u{0}\(site.scope ?? "")" }
            return key
        }
        let preferred = Set(graph.registrationSites.filter(\.isPreferred).map(key))
        for site in graph.registrationSites where !site.hasDynamicName && !site.isUnreachable {
            let key = key(site)
            if site.container == Self.keepsEveryRegistration,
                !site.isResolvedAlone || preferred.contains(key)
            {
                continue
            }
            var clashes = earlier[key, default: []].filter { $0.conditions.isCompatible(with: site.conditions) }
            // Runtime arguments whose types are not written may differ: another key, maybe.
            if graph.service(site.serviceID)?.arguments.contains(ServiceID.unknownArgument) == true { clashes = [] }
            // Used in between, then replaced: the first registration served its purpose.
            clashes.removeAll { usedBetween($0, site, in: graph) }
            if let first = clashes.first {
                // Two functions (a library's register function, a test-support override called
                // under a condition): whether both run on this container, and in which order, is
                // not read. Not proven, so a note.
                let proven = Self.runsTogether(first, site)
                findings.append(
                    Diagnostic(
                        rule: Self.description.id, severity: proven ? context.severity(default: .warning) : .note,
                        message: proven
                            ? "`\(site.serviceID)` is registered again in the same container; the first registration is \(first.location)"
                            : "`\(site.serviceID)` is also registered at \(first.location), in another function: "
                                + "if both run on the same container, the later one replaces the other",
                        location: site.location, services: [site.serviceID],
                        notes: [Diagnostic.Note(message: proven ? "first registered here" : "also registered here", location: first.location)],
                        fingerprintSalt: "\(clashes.count)"))
            }
            earlier[key, default: []].append(site)
        }
        // swift-dependencies registers its own keys (`\.date`, `\.uuid`, …) on the one process-wide
        // `DependencyValues`: a project declaring `var date` there registers the same service id a
        // second time. Not an error (it compiles, and project code reading `\.date` gets the
        // project's key), but the two now differ: the library and other modules read the built-in
        // one, so `withDependencies { $0.date = … }` in a test overrides one and not the other.
        // Not proven, so a note: which version of the library is linked (god-ios pins 1.1.2,
        // which has no `\.notificationCenter` yet) and whether anything reads the library's key
        // are not read.
        for site in graph.shadowedBuiltInKeys {
            let key = String(site.serviceID.split(separator: ".").last ?? "")
            findings.append(
                Diagnostic(
                    rule: Self.description.id, severity: .note,
                    message:
                        "`\(site.serviceID)` is also a key of recent swift-dependencies versions: where the linked version "
                        + "declares `\\.\(key)`, this declaration shadows it for the code that reads the library's",
                    location: site.location, services: [site.serviceID]))
        }
        return findings
    }

    /// Whether two registrations of a key are proven to run one after the other: written in the
    /// same function (or the same file's top-level code), or both DITranquillity registrations a
    /// single resolve finds (parts and frameworks are appended, so both run).
    static func runsTogether(_ first: RegistrationSite, _ second: RegistrationSite) -> Bool {
        if second.container == keepsEveryRegistration { return true }
        return first.location.file == second.location.file && first.scope == second.scope
    }

    /// Code running between two registrations in the same function (or top-level code) of one
    /// file resolves the key, directly or through what it builds: the second registration
    /// replaces one that was used (a playground or test trying one definition, then another).
    private func usedBetween(_ first: RegistrationSite, _ second: RegistrationSite, in graph: DependencyGraph) -> Bool {
        guard first.location.file == second.location.file, first.scope == second.scope else { return false }
        let between = { (edge: Edge) -> Bool in
            ((edge.location.map { [$0] } ?? []) + edge.alsoAt).contains { location in
                location.file == first.location.file && first.location < location && location < second.location
            }
        }
        // Requests that run where they are written: top-level code, a plain type's own code (a
        // test method), not a registration's factory, which runs later.
        var pending = (graph.rootRequests + graph.edges).filter { edge in
            between(edge) && (edge.isFromRoot || graph.service(edge.from)?.isRegistration != true)
        }.map(\.to)
        var reached: Set<String> = []
        while let id = pending.popLast() {
            guard reached.insert(id).inserted else { continue }
            if id == second.serviceID { return true }
            // Also what it asks for after it exists (`resolvingProperties`, `initCompleted`).
            pending += graph.outgoing(id).filter { !$0.missing }.map(\.to)
        }
        return false
    }
}
