import DigraphCore
import Testing

/// Singletons and initializer / property / method injection (talk 000).
@Suite struct SingletonExtractorTests {
    static let network = """
        protocol NetworkProtocol {}
        final class Network: NetworkProtocol {
            static let shared = Network()
        }
        final class UserSession {
            static var shared = UserSession()
        }
        """

    @Test func staticSharedDeclaresASingletonService() throws {
        let g = graph(Self.network)
        #expect(g.service("Network.shared")?.lifetime == .singleton)
        #expect(g.service("Network.shared")?.style == "singleton")
        #expect(g.service("UserSession.shared")?.locations == [Location(file: "App.swift", line: 6, column: 16)])
    }

    /// pocket-casts: `DataManager.sharedManager`, the Objective-C era's name for a shared instance.
    @Test func sharedPrefixedMembersHoldingTheTypesOwnInstanceAreSingletons() throws {
        let g = graph([
            ("DataManager.swift", """
            final class DataManager {
                static let sharedManager = DataManager()
                static let sharedClient: DataManager = makeClient()
            }
            final class Store { static let sharedStore = Self() }
            enum Constants {
                static let sharedDefaults = UserDefaults(suiteName: "group.app")
                static let shareLink = Constants.make()
            }
            """),
            ("Player.swift", """
            final class Player {
                let data = DataManager.sharedManager
                func save() { Store.sharedStore.flush() }
                func defaults() -> UserDefaults { Constants.sharedDefaults }
            }
            """),
        ])
        #expect(g.service("DataManager.sharedManager")?.lifetime == .singleton)
        #expect(g.service("DataManager.sharedClient")?.lifetime == .singleton)
        #expect(g.service("Store.sharedStore")?.lifetime == .singleton)
        // Another type's instance kept in a static is no singleton of the type declaring it.
        #expect(g.service("Constants.sharedDefaults") == nil)
        #expect(g.service("Constants.shareLink") == nil)
        #expect(g.edge("Player", "DataManager.sharedManager")?.retained == true)
        #expect(g.edge("Player", "Store.sharedStore")?.timing == .deferred)
    }

    /// Primal: `IdentityManager.instance`, and `defaultInstance`, name a type's own instance as
    /// `shared` does; a static `instance` holding another type's value is not a singleton.
    @Test func instanceMembersHoldingTheTypesOwnInstanceAreSingletons() throws {
        let g = graph([
            ("IdentityManager.swift", """
            final class IdentityManager { static let instance = IdentityManager() }
            final class Wallet { static let defaultInstance: Wallet = Wallet(network: .main) }
            enum Pool { static let instance = NSCache<NSString, NSData>() }
            """),
            ("Feed.swift", """
            final class Feed {
                let identity = IdentityManager.instance
                func pay() { Wallet.defaultInstance.send() }
                func cache() -> NSCache<NSString, NSData> { Pool.instance }
            }
            """),
        ])
        #expect(g.service("IdentityManager.instance")?.lifetime == .singleton)
        #expect(g.service("Wallet.defaultInstance")?.lifetime == .singleton)
        #expect(g.service("Pool.instance") == nil)
        #expect(g.edge("Feed", "IdentityManager.instance")?.retained == true)
        #expect(g.edge("Feed", "Wallet.defaultInstance")?.timing == .deferred)
    }

    @Test func defaultArgumentsAreEagerInitializerEdges() throws {
        let g = graph([
            ("Network.swift", Self.network),
            ("UserService.swift", """
            final class UserService {
                init(network: NetworkProtocol = Network.shared, jsonDecoder: JSONDecoder = .init()) {}
            }
            final class Other {
                init(session: UserSession = .shared) {}
            }
            """),
        ])
        let edge = try #require(g.edge("UserService", "Network.shared"))
        #expect(edge.timing == .eager && edge.via == .initializer)
        #expect(g.edge("Other", "UserSession.shared")?.via == .initializer)
        #expect(g.service("UserService")?.style == "initializer")
        #expect(g.service("UserService")?.lifetime == .transient)
    }

    @Test func methodDefaultArgumentsAreDeferredMethodEdges() throws {
        let g = graph([
            ("Network.swift", Self.network),
            ("Image.swift", """
            extension UIImageView {
                func setImageFromURL(_ url: URL, network: NetworkProtocol = Network.shared, mainQueue: DispatchQueue = .main) {}
            }
            """),
        ])
        let edge = try #require(g.edge("UIImageView", "Network.shared"))
        #expect(edge.timing == .deferred && edge.via == .method)
    }

    @Test func storedPropertiesInitialisedFromShared() throws {
        let g = graph([
            ("Network.swift", Self.network),
            ("VC.swift", """
            final class ViewController: UIViewController {
                var network: NetworkProtocol = Network.shared
                lazy var session = UserSession.shared
            }
            final class Env {
                static let shared = Env()
                private(set) var userSession: UserSession
                private init() {
                    self.userSession = UserSession.shared
                }
            }
            """),
        ])
        let property = try #require(g.edge("ViewController", "Network.shared"))
        #expect(property.via == .property && property.timing == .eager && property.retained)
        #expect(g.edge("ViewController", "UserSession.shared")?.timing == .deferred)
        let inInit = try #require(g.edge("Env.shared", "UserSession.shared"))
        #expect(inInit.timing == .eager && inInit.retained)
    }

    @Test func platformSingletonsAreNotServices() {
        let g = graph("final class A { let s = URLSession.shared; let d = UserDefaults.standard }")
        #expect(g.services.isEmpty && g.edges.isEmpty)
    }

    @Test func fanInCountsDistinctTypesNotUses() throws {
        let g = graph([
            ("Network.swift", Self.network),
            ("Users.swift", """
            final class A { let n = Network.shared; func f() { Network.shared.get(); Network.shared.get() } }
            final class B { init(n: NetworkProtocol = Network.shared) {} }
            extension A { func g() { _ = Network.shared } }
            """),
        ])
        #expect(g.fanIn("Network.shared") == 2)
    }

    @Test func sharedUsedInsideAFactoryIsAnEdgeFromTheRegistration() {
        let g = graph([
            ("Network.swift", Self.network),
            ("Assembly.swift", "container.register(Feed.self) { _ in Feed(network: Network.shared) }"),
        ])
        #expect(g.edge("Feed", "Network.shared")?.timing == .eager)
    }

    /// A computed `shared` is a singleton when it reads a stored static holding the type's own
    /// instance (`static var shared: Core { instance! }` with `static var instance: Core?`,
    /// unstoppable-wallet's `Core`), and a new instance on every read when it builds one.
    @Test func computedSharedMembersByWhatTheirGetterReturns() {
        let g = graph("""
            public class Core {
                static var instance: Core?
                public static func initApp() { instance = Core() }
                public static var shared: Core { instance! }
            }
            final class Session {
                static var shared: Session { Session() }
            }
            final class Settings {
                private static let _shared = Settings()
                static var shared: Settings { Settings._shared }
            }
            final class Lock {
                static var shared: Lock { LockRegistry.current }
            }
            """)
        #expect(g.service("Core.shared")?.lifetime == .singleton)
        #expect(g.service("Session.shared")?.lifetime == .transient)
        #expect(g.service("Session.shared")?.lifetimeDetail == "computed static")
        #expect(g.service("Settings.shared")?.lifetime == .singleton)
        #expect(g.service("Lock.shared") == nil)
    }
}
