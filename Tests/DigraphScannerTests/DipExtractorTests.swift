import DigraphCore
import Testing

/// Dip (AliSoftware/Dip): scopes, tags, runtime arguments and auto-wiring, `resolve()` typed from
/// context, `resolvingProperties`, auto-injected properties.
@Suite struct DipExtractorTests {
    @Test(arguments: [
        ("unique", Lifetime.transient), ("shared", .graph), ("singleton", .singleton), ("eagerSingleton", .singleton),
        ("weakSingleton", .weak),
    ])
    func scopes(scope: String, lifetime: Lifetime) throws {
        let f = facts("import Dip\ncontainer.register(.\(scope), tag: \"t\") { ServiceImp() as Service }")
        let reg = try #require(f.registrations.first)
        #expect(reg.serviceID == "Service#t" && reg.registry == .dip && reg.implementationTypes == ["ServiceImp"])
        #expect(reg.lifetime == lifetime && reg.lifetimeDetail == scope)
    }

    @Test func registrationsResolvesAndTheirEdges() throws {
        let g = graph([
            ("Providers.swift", """
            final class SWAPIPersonProvider { let webService: NetworkLayer; init(webService: NetworkLayer) { self.webService = webService } }
            final class FakeStarshipProvider { init(dummy: StarshipProviderAPI, hardCoded: StarshipProviderAPI) {} }
            """),
            ("Containers.swift", """
            import Dip
            enum DependencyTags: Int, DependencyTagConvertible { case hardcoded, dummy }
            func configure(container dip: DependencyContainer) {
                dip.register(.singleton) { URLSessionNetworkLayer(baseURL: "http://swapi.dev/api/")! as NetworkLayer }
                dip.register() { SWAPIPersonProvider(webService: try dip.resolve()) as PersonProviderAPI }
                dip.register(tag: DependencyTags.hardcoded) { HardCodedStarshipProvider() as StarshipProviderAPI }
                dip.register(tag: DependencyTags.dummy) { DummyStarshipProvider(pilotName: $0) as StarshipProviderAPI }
                dip.register(type: StarshipProviderAPI.self) {
                    FakeStarshipProvider(
                        dummy: try dip.resolve(tag: DependencyTags.dummy, arguments: "Main Pilot"),
                        hardCoded: try dip.resolve(tag: DependencyTags.hardcoded))
                }
                dip.register { ServerImp() as Server }
                    .resolvingProperties { container, server in
                        (server as! ServerImp).client = try container.resolve() as Client
                    }
            }
            """),
            ("AppDelegate.swift", """
            import Dip
            final class AppDelegate {
                let container = DependencyContainer()
                func start() {
                    let person = try! container.resolve() as PersonProviderAPI
                    let starships: StarshipProviderAPI = try! container.resolve()
                    let optional = try? container.resolve(Clock.self)
                }
            }
            """),
        ])
        #expect(g.service("NetworkLayer")?.lifetime == .singleton)
        let web = try #require(g.edge("PersonProviderAPI", "NetworkLayer"))
        #expect(web.timing == .eager && web.retained && !web.missing)
        #expect(g.edge("StarshipProviderAPI", "StarshipProviderAPI#DependencyTags.dummy(_)")?.missing == false)
        #expect(g.edge("StarshipProviderAPI", "StarshipProviderAPI#DependencyTags.hardcoded")?.missing == false)
        #expect(g.edge("Server", "Client")?.timing == .deferred)
        #expect(g.edge("AppDelegate", "PersonProviderAPI")?.missing == false)
        #expect(g.edge("AppDelegate", "StarshipProviderAPI")?.missing == false)
        #expect(g.edge("AppDelegate", "Clock")?.optional == true)
        #expect(g.unanalyzable.isEmpty)
    }

    @Test func autoWiringUntaggedFallbackAndReset() {
        let d = diagnostics([("App.swift", """
            import Dip
            let container = DependencyContainer()
            container.register { ListWireframe(presenter: $0, router: $1) }
            container.register { ListPresenter() }
            container.register { AppRouter() }
            let wireframe = try container.resolve() as ListWireframe
            let tagged = try container.resolve(tag: "other") as ListPresenter
            container.reset()
            container.register { ListPresenter() }
            """)])
        #expect(!d.contains { ["argument_mismatch", "missing_registration", "duplicate_registration"].contains($0.rule) }, "\(d)")
    }

    @Test func autoInjectedPropertiesOfTypesDipBuilds() throws {
        let g = graph("""
            import Dip
            class ServiceImp: Service {
                private let injectedLogger = Injected<Logger>()
                private let injectedDelegate = InjectedWeak<ServiceDelegate>()
                private let injectedTracker = Injected<Tracker>(required: false)
            }
            class NotBuiltByDip {
                let client = Injected<Client>()
            }
            container.register { ServiceImp() as Service }
            """)
        let logger = try #require(g.edge("Service", "Logger"))
        #expect(logger.timing == .deferred && logger.retained && logger.via == .propertyWrapper)
        #expect(g.edge("Service", "ServiceDelegate")?.retained == false)
        #expect(g.edge("Service", "Tracker")?.optional == true)
        #expect(g.edge("NotBuiltByDip", "Client") == nil)
    }

    /// Dip's own test suite: each test method builds its own container (no cycle across them),
    /// a key used and then replaced is no duplicate, collaborating containers see each other,
    /// and a private type of one test file is not another file's type of the same name.
    @Test func testMethodsCollaborationAndReplacement() {
        let d = diagnostics([
            ("Tests/ScopeTests.swift", """
            import XCTest
            import Dip
            private class ServiceImp1: Service {}
            final class ScopeTests: XCTestCase {
                let container = DependencyContainer()
                func testSharedClient() {
                    container.register { Client(server: try self.container.resolve() as Server) as Client }
                    container.register { Server() as Server }
                }
                func testOverride() {
                    container.register { ServiceImp1() as Service }
                    let first = try! container.resolve() as Service
                    container.register { ServiceImp2() as Service }
                    let second = try! container.resolve() as Service
                }
                func testEager() {
                    container.register(.eagerSingleton, tag: "eager") { ServiceImp1() as Service }
                }
                func testCollaboration() {
                    let collaborator = DependencyContainer()
                    container.register { "something" }
                    container.collaborate(with: collaborator)
                    let text = try! collaborator.resolve() as String
                }
            }
            """),
            ("Tests/OtherTests.swift", """
            import XCTest
            import Dip
            private class ServiceImp1: Service { let injected = Injected<ServiceImp2>() }
            final class OtherTests: XCTestCase {
                let container = DependencyContainer()
                func testWeakServer() {
                    container.register { Server(client: try self.container.resolve() as Client) as Server }
                    container.register { Client() as Client }
                }
                func testInjected() {
                    container.register { ServiceImp2() }
                    container.register { ServiceImp1() as ServiceImp1 }
                }
            }
            """),
        ])
        #expect(d.filter { $0.severity != .note }.isEmpty, "\(d)")
    }

    /// Dip-UI: a storyboard builds the controller, Dip fills its properties.
    @Test func storyboardControllers() throws {
        let g = graph("""
            import Dip
            func register(container: DependencyContainer) {
                container.register(storyboardType: InitialController.self, tag: "initial")
                    .resolvingProperties { container, controller in
                        controller.fetchData = try container.resolve() as FetchData
                    }
            }
            """)
        #expect(g.service("InitialController#initial")?.implementation == ["InitialController"])
        let edge = try #require(g.edge("InitialController#initial", "FetchData"))
        #expect(edge.timing == .deferred && edge.missing)
    }

    /// A `private extension` hides its members, not its type: code in it still speaks for the
    /// registrations the type implements.
    @Test func aPrivateExtensionIsNotAPrivateType() {
        let g = graph([
            ("Feed.swift", "final class FeedImpl: Feed {}\nfinal class Logger { static let shared = Logger() }"),
            ("FeedImpl+Logging.swift", "private extension FeedImpl { func log() { Logger.shared.write() } }"),
            ("DI.swift", "import Dip\nlet container = DependencyContainer()\ncontainer.register { FeedImpl() as Feed }"),
        ])
        #expect(g.edge("Feed", "Logger.shared") != nil && g.service("FeedImpl") == nil, "\(g.edges)")
    }

    @Test(arguments: [
        // No `import Dip`.
        "container.register(.singleton) { ServiceImp() as Service }",
        "let logger = Injected<Logger>()",
        "import Dip\ntableView.register(UITableViewCell.self, forCellReuseIdentifier: \"c\")",
        "import Dip\npromise.resolve(value)",
    ])
    func lookAlikes(source: String) {
        let g = graph(source)
        #expect(!g.services.contains { $0.style == "dip" } && g.edges.isEmpty, "\(g.services)")
    }
}
