import Foundation
import Testing

/// The Swift code of the talk the product was designed from (seed 000, line numbers stripped):
/// every DI shape in it must be understood, with no false findings.
@Suite struct SeedTests {
    struct Report {
        var services: [String: [String: Any]]
        var edges: Set<String>
        var summary: [String: Int]
    }

    static func report() throws -> Report {
        let r = try DigraphProcess.run(["report", "Tests/DigraphCLITests/Fixtures/Seed000"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let services = (doc["services"] as? [[String: Any]] ?? []).map { ($0["id"] as! String, $0) }
        let edges = (doc["edges"] as? [[String: Any]] ?? []).map { e in
            "\(e["from"]!) -> \(e["to"]!) \(e["timing"]!) \(e["via"]!)\(e["missing"] as? Bool == true ? " missing" : "")"
        }
        return Report(
            services: Dictionary(uniqueKeysWithValues: services), edges: Set(edges),
            summary: doc["summary"] as? [String: Int] ?? [:])
    }

    @Test func serviceLocatorRegistrationsAndLifetimes() throws {
        let r = try Self.report()
        #expect(r.services["URLSession"]?["lifetime"] as? String == "singleton")
        #expect(r.services["LoginServiceProtocol"]?["lifetime"] as? String == "weak")
        #expect(r.services["LoginServiceProtocol"]?["implementation"] as? [String] == ["LoginService"])
        #expect(r.services["UserSessionProtocol"]?["implementation"] as? [String] == ["UserSession"])
        #expect(r.edges.contains("LoginServiceProtocol -> URLSession eager resolve"))
    }

    @Test func resolvesAutoResolvesAndPropertyWrappers() throws {
        let r = try Self.report()
        for expected in [
            "LoginViewModel -> LoginServiceProtocol eager resolve",
            "LoginViewModel -> UserSessionProtocol eager resolve",
            "OtherLoginViewModel -> LoginServiceProtocol eager resolve",
            "OtherLoginViewModel -> UserSessionProtocol eager resolve",
            "ViewModelWithoutPropertyWrappers -> LoginServiceProtocol eager resolve",
            "ViewModelWithPropertyWrappers -> LoginServiceProtocol deferred property_wrapper",
            "LoginViewEnvironment -> UserSessionProtocol deferred property_wrapper",
        ] {
            #expect(r.edges.contains(expected), "\(expected)")
        }
    }

    @Test func singletonsAndInitializerPropertyMethodInjection() throws {
        let r = try Self.report()
        for singleton in ["Network.shared", "UserSession.shared", "AppDependenciesEnvironment.shared", "PersistencyManager.shared", "ServiceLocator.shared"] {
            #expect(r.services[singleton]?["lifetime"] as? String == "singleton", "\(singleton)")
        }
        for expected in [
            "UserService -> Network.shared eager initializer",
            "ViewController -> Network.shared eager property",
            "UIImageView -> Network.shared deferred method",
            "AppDependenciesEnvironment.shared -> UserSession.shared eager shared_access",
            "SomeViewModel -> AppDependenciesEnvironment.shared eager initializer",
            "ViewControllersFactory -> AppDependenciesEnvironment.shared eager initializer",
            // The `Has…` environment: the view model reads what its `Dependencies` require.
            "SomeViewModel -> AppDependenciesEnvironment.userSession deferred environment",
            "SomeViewModel -> AppDependenciesEnvironment.userDefaults deferred environment",
        ] {
            #expect(r.edges.contains(expected), "\(expected)")
        }
        #expect(r.services["Network.shared"]?["fanIn"] as? Int == 3)
    }

    /// The view controllers factory holds the environment and passes what it holds into the screen
    /// it makes; the list view controller asks it through its protocol.
    @Test func viewControllersFactory() throws {
        let r = try Self.report()
        let make = "ViewControllersFactory.makePokemonTradeViewController"
        #expect(r.services[make]?["style"] as? String == "composition")
        #expect(r.services[make]?["implementation"] as? [String] == ["PokemonTradeViewController"])
        #expect(r.services[make]?["lifetime"] as? String == "transient")
        #expect(r.edges.contains("PokemonListViewController -> \(make) deferred method"))
    }

    @Test func noFalseFindingsAndNothingUnanalyzable() throws {
        let r = try Self.report()
        #expect(r.summary["errors"] == 0 && r.summary["warnings"] == 0 && r.summary["notes"] == 0)
        #expect(!r.edges.contains { $0.hasSuffix("missing") })
    }
}
