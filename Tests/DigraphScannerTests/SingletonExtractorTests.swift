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
}
