import Foundation
import Testing

/// The Swift code of seeds 001-004 (fixtures `Seed001`…`Seed004`, one file per code block): every
/// DI shape they show is asserted, and none produces a finding. Seed 004 shows two stages of one
/// design that both name their container `DependencyContainer`; the fixture renames the second
/// stage's container `KeyPathDependencyContainer` (and its view models) so both compile together.
@Suite struct SeedStyleTests {
    static func report(_ seed: String) throws -> SeedTests.Report {
        let r = try DigraphProcess.run(["report", "Tests/DigraphCLITests/Fixtures/\(seed)"])
        #expect(r.exitCode == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let services = (doc["services"] as? [[String: Any]] ?? []).map { ($0["id"] as! String, $0) }
        let edges = (doc["edges"] as? [[String: Any]] ?? []).map { e in
            "\(e["from"]!) -> \(e["to"]!) \(e["timing"]!) \(e["via"]!)\(e["missing"] as? Bool == true ? " missing" : "")"
        }
        return SeedTests.Report(
            services: Dictionary(uniqueKeysWithValues: services), edges: Set(edges),
            summary: doc["summary"] as? [String: Int] ?? [:])
    }

    /// `notes`: true notes the seed's code earns (services it declares to show a syntax and never uses).
    static func expectNoFindings(_ r: SeedTests.Report, notes: Int = 0) {
        #expect(r.summary["errors"] == 0 && r.summary["warnings"] == 0 && r.summary["notes"] == notes, "\(r.summary)")
        #expect(!r.edges.contains { $0.hasSuffix("missing") })
    }

    /// Seed 001's protocol injector: `inject(into:data:)` and `Injector<Injectable, [[String]]>` both
    /// fill `Injectable.data`, which is read as the service conforming view controllers get. The
    /// seed declares no conforming view controller: no edge, and nothing is missing.
    @Test func seed001ProtocolInjector() throws {
        let r = try Self.report("Seed001")
        Self.expectNoFindings(r)
        #expect(r.services.keys.sorted() == ["Injectable.data"])
        #expect(r.services["Injectable.data"]?["style"] as? String == "injector")
        #expect(r.services["Injectable.data"]?["type"] as? String == "[[String]]")
        #expect(r.services["Injectable.data"]?["lifetime"] as? String == "unknown")
        #expect(r.edges.isEmpty)
    }

    /// Seed 002: tuple dependencies resolved inside a Swinject factory with a runtime argument.
    @Test func seed002TupleDependencies() throws {
        let r = try Self.report("Seed002")
        Self.expectNoFindings(r)
        #expect(r.services["MyViewModel(String)"]?["implementation"] as? [String] == ["MyViewModel"])
        for element in ["APIClientProtocol", "LoggerProtocol", "DatabaseProtocol"] {
            #expect(r.edges.contains("MyViewModel(String) -> \(element) eager resolve"), "\(element)")
            #expect(r.services[element]?["style"] as? String == "swinject")
        }
    }

    /// Seed 003: the Factory library (sugared and formal declarations, a singleton, a dependency
    /// through `self.service1()`), next to the library's own internals and enum factories.
    @Test func seed003FactoryLibrary() throws {
        let r = try Self.report("Seed003")
        // `sugared` and `formal` show two spellings of one declaration and are never used: two
        // true unused_registration notes.
        Self.expectNoFindings(r, notes: 2)
        #expect(r.services["Container.service1"]?["lifetime"] as? String == "singleton")
        #expect(r.services["Container.service1"]?["implementation"] as? [String] == ["ServiceImpl1"])
        #expect(r.services["Container.service2"]?["lifetime"] as? String == "transient")
        #expect(r.services["Container.sugared"]?["implementation"] as? [String] == ["MyService"])
        #expect(r.services["Container.formal"]?["implementation"] as? [String] == ["MyService"])
        for id in ["Container.service1", "Container.service2", "Container.sugared", "Container.formal"] {
            #expect(r.services[id]?["style"] as? String == "factory", "\(id)")
            #expect(r.services[id]?["type"] as? String != nil, "\(id)")
        }
        #expect(r.edges.contains("Container.service2 -> Container.service1 eager resolve"))
        // The 1.x preview override names a service the seed never declares: not invented.
        #expect(r.services["Container.myService"] == nil)
        // Enum factories: the login screen's factory builds with the auth factory's product.
        #expect(r.services["AuthServiceFactory.create"]?["style"] as? String == "composition")
        #expect(r.services["AuthServiceFactory.create"]?["implementation"] as? [String] == ["AuthServiceImpl"])
        #expect(r.services["LoginScreenFactory.createLoginScreen"]?["implementation"] as? [String] == ["LoginViewController"])
        #expect(r.services["LoginScreenFactory.createLoginScreen"]?["lifetime"] as? String == "transient")
        #expect(r.edges.contains("LoginScreenFactory.createLoginScreen -> AuthServiceFactory.create eager method"))
        // `ViewFactory.createView()` makes a view out of nothing: a helper, not composition.
        #expect(r.services["ViewFactory.createView"] == nil)
    }

    /// Seed 004: `…Container` protocol environments given through `self.init(dependencies:)`, and
    /// the key-path container with a `LazyDependencyKey` set at launch.
    @Test func seed004EnvironmentsAndKeyPathContainer() throws {
        let r = try Self.report("Seed004")
        Self.expectNoFindings(r)
        for expected in [
            "AViewModel -> AViewModel.ADependencies.serviceA deferred environment",
            "AViewModel.ADependencies -> ServiceA.shared eager property",
            "AViewModelWithSingleton -> ServiceA.shared eager property",
            "BViewModel -> DependencyContainer.serviceB deferred environment",
            "BViewModelWithWrapper -> KeyPathDependencyContainer.bService deferred property_wrapper",
        ] {
            #expect(r.edges.contains(expected), "\(expected)")
        }
        #expect(r.services["KeyPathDependencyContainer.bService"]?["style"] as? String == "keypath-container")
        #expect(r.services["KeyPathDependencyContainer.bService"]?["lifetime"] as? String == "singleton")
        #expect(r.services["DependencyContainer.serviceB"]?["style"] as? String == "has-environment")
        // `\.aService` names a property the seed never declares: not invented, not missing.
        #expect(!r.edges.contains { $0.contains("aService") })
    }
}
