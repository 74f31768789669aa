import DigraphCore
import Testing

/// swift-dependencies: keys, `DependencyValues` properties, `@Dependency` reads (stored,
/// member paths, key types, locals in live values), root assignments, built-in keys, and
/// other libraries' look-alikes.
@Suite struct SwiftDependenciesExtractorTests {
    static let client = """
        struct APIClient: Sendable { var fetch: @Sendable () async throws -> String }
        extension APIClient: DependencyKey {
            static let liveValue = APIClient(fetch: { "live" })
            static let testValue = APIClient(fetch: { "test" })
        }
        extension DependencyValues {
            var apiClient: APIClient {
                get { self[APIClient.self] }
                set { self[APIClient.self] = newValue }
            }
        }
        """

    @Test func keysValuesAndReads() {
        let g = graph([
            ("Client.swift", Self.client),
            ("Feature.swift", """
            @Reducer struct Feature {
                @Dependency(\\.apiClient) var apiClient
                @Dependency(\\.apiClient.fetch) var fetch
                @Dependency(\\DependencyValues.apiClient) var explicit
                @Dependency(\\.date.now) var now
                @Dependency(\\.continuousClock) var clock
            }
            """),
        ])
        let service = g.service("DependencyValues.apiClient")
        #expect(service?.style == "swift-dependencies")
        #expect(service?.lifetime == .singleton)
        #expect(service?.type == "APIClient")
        #expect(service?.implementation == ["APIClient"])
        let edge = g.edge("Feature", "DependencyValues.apiClient")
        #expect(edge?.timing == .deferred)
        #expect(edge?.via == .propertyWrapper)
        #expect(edge?.retained == false)
        #expect(g.edges.filter { $0.from == "Feature" }.count == 1, "\(g.edges)")
        // Built-in keys are the library's: neither services nor misses.
        #expect(!g.edges.contains { $0.to.contains("date") || $0.to.contains("continuousClock") })
    }

    @Test func dependencyEntryAndKeyTypes() {
        let g = graph("""
            extension DependencyValues {
                @DependencyEntry var analytics: AnalyticsClient = .live
            }
            enum SearchKey: DependencyKey { static let liveValue = SearchClient() }
            extension DependencyValues {
                var search: SearchClient {
                    get { self[SearchKey.self] }
                    set { self[SearchKey.self] = newValue }
                }
            }
            struct Feature {
                @Dependency(\\.analytics) var analytics
                @Dependency(SearchKey.self) var search
            }
            """)
        #expect(g.service("DependencyValues.analytics")?.lifetimeDetail == "entry")
        #expect(g.edge("Feature", "DependencyValues.analytics") != nil)
        #expect(g.service("DependencyValues.search")?.implementation == ["SearchClient"])
    }

    @Test func liveValueReadsAreEagerOutsideClosuresAndDeferredInside() {
        let d = diagnostics([("Keys.swift", """
            enum SessionKey: DependencyKey {
                static var liveValue: Session {
                    @Dependency(\\.refresher) var refresher
                    return Session(token: refresher.token())
                }
            }
            enum RefresherKey: DependencyKey {
                static let liveValue: Refresher = {
                    @Dependency(\\.session) var session
                    return Refresher(user: session.user)
                }()
            }
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
                var session: Session { get { self[SessionKey.self] } set { self[SessionKey.self] = newValue } }
                var refresher: Refresher { get { self[RefresherKey.self] } set { self[RefresherKey.self] = newValue } }
                var feed: Feed { get { self[FeedKey.self] } set { self[FeedKey.self] = newValue } }
                var search: Search { get { self[SearchKey.self] } set { self[SearchKey.self] = newValue } }
            }
            """)])
        let cycles = d.filter { $0.rule == "dependency_cycle" }.map(\.services)
        #expect(cycles == [["DependencyValues.refresher", "DependencyValues.session"]])
    }

    @Test func keyWithoutLiveValueReadInLiveCodeIsMissing() {
        let files = [
            ("Flags.swift", """
            extension FeatureFlags: TestDependencyKey {
                static let testValue = FeatureFlags()
                static let previewValue = FeatureFlags()
            }
            enum ConfigKey: TestDependencyKey { static let testValue = Config() }
            enum ClockKey: TestDependencyKey { static let testValue = Clock() }
            enum LiveElsewhereKey: TestDependencyKey { static let testValue = Store() }
            extension LiveElsewhereKey: DependencyKey { static let liveValue = Store.live }
            extension DependencyValues {
                var flags: FeatureFlags { get { self[FeatureFlags.self] } set { self[FeatureFlags.self] = newValue } }
                var config: Config { get { self[ConfigKey.self] } set { self[ConfigKey.self] = newValue } }
                var clock: Clock { get { self[ClockKey.self] } set { self[ClockKey.self] = newValue } }
                var store: Store { get { self[LiveElsewhereKey.self] } set { self[LiveElsewhereKey.self] = newValue } }
            }
            """),
            ("App.swift", """
            @main struct App {
                static func main() {
                    prepareDependencies { $0.config = .live }
                    let store = Store(initialState: .init()) { Root() }
                        withDependencies: { values in values.clock = .system }
                }
            }
            """),
            ("Settings.swift", """
            struct Settings {
                @Dependency(\\.flags) var flags
                @Dependency(\\.config) var config
                @Dependency(\\.clock) var clock
                @Dependency(\\.store) var store
            }
            """),
            ("Tests/SettingsTests.swift", """
            import XCTest
            final class SettingsTests: XCTestCase {
                @Dependency(\\.flags) var flags
            }
            """),
        ]
        let missing = diagnostics(files).filter { $0.rule == "missing_registration" }
        #expect(missing.map(\.services) == [["DependencyValues.flags", "Settings"]])
        #expect(missing.first?.message.contains("no `liveValue`") == true)
    }

    @Test func assignmentsThroughReducersAndScopes() {
        let g = diagnostics([
            ("Keys.swift", """
            enum AKey: TestDependencyKey { static let testValue = A() }
            enum BKey: TestDependencyKey { static let testValue = B() }
            extension DependencyValues {
                var a: A { get { self[AKey.self] } set { self[AKey.self] = newValue } }
                var b: B { get { self[BKey.self] } set { self[BKey.self] = newValue } }
            }
            """),
            ("Root.swift", """
            struct Root: Reducer {
                @Dependency(\\.a) var a
                @Dependency(\\.b) var b
                var body: some ReducerOf<Self> {
                    Child().dependency(\\.a, .live)
                    Other().transformDependency(\\.self) { $0.b = .live }
                }
            }
            """),
        ])
        #expect(!g.contains { $0.rule == "missing_registration" })
    }

    /// `.dependency(value)` gives the key type the value is; a value whose type is not written
    /// there (`.dependency(.preview)`) may be any key's, so no key type is proven unset.
    @Test func aValueGivenToAReducerIsItsKeyTypesValue() {
        let keys = """
            struct Records { var save: () -> Void }
            extension Records: TestDependencyKey { static let testValue = Records(save: {}) }
            struct Clock { var now: () -> Int }
            extension Clock: TestDependencyKey { static let testValue = Clock(now: { 0 }) }
            """
        let typed = diagnostics([
            ("Keys.swift", keys),
            ("Form.swift", """
            struct Form: Reducer { @Dependency(Records.self) var records; @Dependency(Clock.self) var clock; func tick() -> Int { clock.now() } }
            struct Editor: Reducer { var body: some ReducerOf<Self> { Form().dependency(Records(save: {})) } }
            """),
        ]).filter { $0.rule == "missing_registration" && $0.severity == .error }
        #expect(typed.map(\.services) == [["DependencyValues[Clock.self]", "Form"]])
        let untyped = diagnostics([
            ("Keys.swift", keys),
            ("Form.swift", """
            struct Form: Reducer { @Dependency(Records.self) var records; @Dependency(Clock.self) var clock; func tick() -> Int { clock.now() } }
            struct Editor: Reducer { var body: some ReducerOf<Self> { Form().dependency(.preview) } }
            """),
        ]).filter { $0.rule == "missing_registration" && $0.severity == .error }
        #expect(untyped.isEmpty)
    }

    @Test(arguments: [
        // Seed 000's service locator wrapper: no key path.
        "final class VM { @Dependency var tracker: AnalyticsTracking }",
        // Another library's `DependencyKey` (a default value, not swift-dependencies' values).
        "struct ThemeKey: DependencyKey { static let defaultValue = Theme() }\nstruct V { @Dependency(\\.theme) var theme }",
        // SwiftUI's environment.
        "struct ThemeKey: EnvironmentKey { static let defaultValue = Theme() }\nstruct V: View { @Environment(\\.theme) var theme }",
    ])
    func lookAlikesAreNotSwiftDependencies(source: String) {
        let g = graph(source)
        #expect(!g.services.contains { $0.style == "swift-dependencies" })
        #expect(!g.edges.contains { $0.to.hasPrefix("DependencyValues.") })
    }
}

/// babylon: `struct Client: DependencyKey` in one file, its `liveValue` in a plain extension in
/// another file that spells nothing of swift-dependencies but the value's name.
@Suite struct ValuesInAPlainExtensionTests {
    static let interface = """
        struct TokenPricesClient: DependencyKey { let fetch: () -> Void }
        extension TokenPricesClient: TestDependencyKey { static let testValue = Self(fetch: {}) }
        extension DependencyValues {
            var tokenPricesClient: TokenPricesClient {
                get { self[TokenPricesClient.self] }
                set { self[TokenPricesClient.self] = newValue }
            }
        }
        struct Portfolio {
            @Dependency(\\.tokenPricesClient) var tokenPricesClient
            func load() { tokenPricesClient.fetch() }
        }
        """

    @Test func theLiveValueOfAnotherFileCounts() {
        let live = "import Sargon\nextension TokenPricesClient {\n    static let liveValue: TokenPricesClient = .init(fetch: {})\n}"
        let found = diagnostics([("Interface.swift", Self.interface), ("Live.swift", live)])
        #expect(!found.contains { $0.rule == "missing_registration" }, "\(found.map(\.message))")
        #expect(facts(live, path: "Live.swift").members.keys.map(\.values) == [["liveValue"]])
    }

    @Test func withoutItTheKeyStillMisses() {
        let other = "import Sargon\nextension TokenPricesClient {\n    static let currency = \"EUR\"\n}"
        let found = diagnostics([("Interface.swift", Self.interface), ("Other.swift", other)])
        #expect(found.contains { $0.rule == "missing_registration" && $0.severity == .error })
    }

    @Test func aPlainExtensionOfATypeNoDeclarationMakesAKeyIsNoKey() {
        let source = """
            extension Theme { static let liveValue = Theme() }
            extension DependencyValues {
                var theme: Theme { get { self[Theme.self] } set { self[Theme.self] = newValue } }
            }
            """
        let linked = graph(source)
        #expect(!linked.services.contains { $0.id == "Theme" })
        #expect(diagnostics([("App.swift", source)]).allSatisfy { $0.severity != .error })
    }
}
