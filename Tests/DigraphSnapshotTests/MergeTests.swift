import DigraphCore
import DigraphSnapshot
import Testing

/// Source facts written by hand, as the scanner would produce them for `Assembly.swift`.
private struct Source {
    var facts = FileFacts(file: "Sources/Assembly.swift")

    static func at(_ line: Int, _ column: Int = 9) -> DigraphCore.SourceLocation {
        DigraphCore.SourceLocation(file: "Sources/Assembly.swift", line: line, column: column)
    }

    @discardableResult
    mutating func register(
        _ type: String, name: String? = nil, arguments: [String] = [], _ lifetime: Lifetime = .graph,
        detail: String = "graph", line: Int
    ) -> Int {
        facts.registrations.append(
            RegistrationFact(
                registry: .swinject, container: "swinject", serviceType: type, name: name, argumentTypes: arguments,
                lifetime: lifetime, lifetimeDetail: detail, location: Self.at(line)))
        return facts.registrations.count - 1
    }

    mutating func resolve(_ type: String, name: String? = nil, from registration: Int, timing: Timing = .eager, line: Int) {
        facts.requests.append(
            RequestFact(
                requester: .registration(registration), registry: .swinject, type: .named(type), name: name,
                timing: timing, retained: true, via: .resolve, optional: false, location: Self.at(line, 30)))
    }
}

@Suite("Merging snapshots with the source")
struct MergeTests {
    private func merge(_ source: Source, _ json: String) throws -> DependencyGraph {
        GraphMerger.graph(source: [source.facts], snapshots: [try load(json)], configuration: Configuration())
    }

    @Test func joinsByIDAcrossModulePrefixesAndUnknownArgumentTypes() throws {
        var source = Source()
        let cache = source.register("Cache", .singleton, detail: "container", line: 3)
        source.register("Logger", .singleton, detail: "container", line: 4)
        source.register("ProductViewModel", arguments: ["_"], line: 5)
        source.resolve("Logger", from: cache, line: 3)
        let json = document(
            services: [
                #"{ "id": "Cache", "type": "Cache", "lifetime": "singleton", "lifetimeDetail": "container", "implementation": ["App.MemoryCache"] }"#,
                #"{ "id": "App.Logger", "type": "App.Logger", "lifetime": "singleton", "lifetimeDetail": "container" }"#,
                #"{ "id": "ProductViewModel(Swift.String)", "type": "ProductViewModel", "arguments": ["Swift.String"], "lifetime": "graph" }"#,
            ],
            edges: [#"{ "from": "Cache", "to": "App.Logger", "timing": "eager" }"#])
        let graph = try merge(source, json)
        #expect(graph.services.map(\.id) == ["Cache", "Logger", "ProductViewModel(_)"])
        #expect(graph.service("Cache")?.implementation == ["App.MemoryCache"])
        #expect(graph.service("Logger")?.locations == [Source.at(4)])
        #expect(graph.edges.count == 1)
        #expect(graph.edges.first?.location == Source.at(3, 30))
        #expect(graph.drift.isEmpty, "\(graph.drift.map(\.message))")
    }

    @Test func lifetimeDisagreementsAreDriftAndTheLiveLifetimeWins() throws {
        var source = Source()
        source.register("Logger", line: 4)
        let json = document(services: [#"{ "id": "Logger", "type": "Logger", "lifetime": "singleton", "lifetimeDetail": "container" }"#])
        let graph = try merge(source, json)
        #expect(graph.service("Logger")?.lifetime == .singleton)
        let drift = analyze(graph).rule("snapshot_drift")
        #expect(drift.map(\.message) == [
            "`Logger` is graph in the source but singleton (container) in the live container (snapshot app.snapshot.json)"
        ])
        #expect(drift.first?.location == Source.at(4))
        #expect(drift.first?.severity == .warning)
        #expect(drift.first?.notes.first?.location?.file == "app.snapshot.json")
    }

    @Test func servicesOnlyOneSideHasAreDrift() throws {
        var source = Source()
        source.register("Logger", line: 4)
        source.register("LegacyCache", line: 5)
        // A singleton reached through `.shared` is not a container registration: never drift.
        source.facts.types.append(
            TypeDeclFact(
                name: "Network", kind: .class, sharedMembers: [SharedMember(name: "shared", location: Source.at(9))],
                location: Source.at(8)))
        let json = document(services: [
            #"{ "id": "Logger", "type": "Logger", "lifetime": "graph" }"#,
            #"{ "id": "Plugin#maps", "type": "Plugin", "name": "maps", "lifetime": "graph", "site": { "file": "Sources/Plugins.swift", "line": 12 } }"#,
        ])
        let drift = analyze(try merge(source, json)).rule("snapshot_drift")
        #expect(drift.map(\.message).sorted() == [
            "`LegacyCache` is registered in the source but not in the live container (snapshot app.snapshot.json)",
            "`Plugin#maps` is registered in the live container (snapshot app.snapshot.json) but the source scan found no registration of it",
        ])
        #expect(drift.map(\.location).sorted() == [Source.at(5), DigraphCore.SourceLocation(file: "Sources/Plugins.swift", line: 12, column: 1)])
    }

    @Test func edgesOnlyOneSideHasAreDriftForFactoriesThatRan() throws {
        var source = Source()
        let feed = source.register("Feed", line: 3)
        source.register("Logger", line: 4)
        source.register("Clock", line: 5)
        let report = source.register("Report", line: 6)
        source.resolve("Clock", from: feed, line: 3)
        source.resolve("Clock", from: report, line: 6)
        let json = document(
            services: [
                #"{ "id": "Feed", "type": "Feed", "lifetime": "graph", "probe": { "status": "ok" } }"#,
                #"{ "id": "Logger", "type": "Logger", "lifetime": "graph", "probe": { "status": "ok" } }"#,
                #"{ "id": "Clock", "type": "Clock", "lifetime": "graph", "probe": { "status": "ok" } }"#,
                #"{ "id": "Report", "type": "Report", "lifetime": "graph", "probe": { "status": "skipped" } }"#,
            ],
            edges: [#"{ "from": "Feed", "to": "Logger", "timing": "eager", "site": { "file": "Sources/Assembly.swift", "line": 3, "column": 40 } }"#])
        let drift = analyze(try merge(source, json)).rule("snapshot_drift")
        #expect(drift.map(\.message).sorted() == [
            "`Feed` asked for `Logger` at run time (snapshot app.snapshot.json) but the source scan does not show that request",
            "`Feed` asks for `Clock` in the source, but its factory did not when it ran (snapshot app.snapshot.json)",
        ])
        #expect(drift.allSatisfy { $0.services.first == "Feed" })
    }

    @Test func theRulesRunOnTheUnion() throws {
        var source = Source()
        let cart = source.register("Cart", line: 3)
        source.register("Pricing", line: 4)
        source.resolve("Pricing", from: cart, line: 3)
        // The source cannot see Pricing's factory asking for Cart (say, a helper builds it);
        // it also asks for a plugin registered only at run time.
        let report = source.register("Report", line: 5)
        source.resolve("Plugin", name: "pdf", from: report, line: 5)
        let json = document(
            services: [
                #"{ "id": "Cart", "type": "Cart", "lifetime": "graph" }"#,
                #"{ "id": "Pricing", "type": "Pricing", "lifetime": "graph" }"#,
                #"{ "id": "Report", "type": "Report", "lifetime": "graph" }"#,
                #"{ "id": "Plugin#pdf", "type": "Plugin", "name": "pdf", "lifetime": "graph" }"#,
            ],
            edges: [
                #"{ "from": "Pricing", "to": "Cart", "timing": "eager", "site": { "file": "Sources/Helpers.swift", "line": 20, "column": 5 } }"#,
                #"{ "from": "Report", "to": "Plugin#pdf", "timing": "eager" }"#,
            ])
        let graph = try merge(source, json)
        let findings = analyze(graph)
        #expect(findings.rule("missing_registration").isEmpty)
        let cycle = try #require(findings.rule("dependency_cycle").first)
        #expect(cycle.notes.compactMap(\.location) == [Source.at(3, 30), DigraphCore.SourceLocation(file: "Sources/Helpers.swift", line: 20, column: 5)])
        #expect(graph.edges.first { $0.from == "Report" }?.to == "Plugin#pdf")
    }

    @Test func namesTheSourceCouldNotReadAreFilledInByTheSnapshot() throws {
        var source = Source()
        let loop = source.register("FeatureModule", name: ServiceID.dynamicName, line: 7)
        source.register("DataSource", name: "catalog", .singleton, detail: "container", line: 3)
        source.resolve("DataSource", name: ServiceID.dynamicName, from: loop, line: 8)
        let json = document(
            services: [
                #"{ "id": "FeatureModule#search", "type": "FeatureModule", "name": "search", "lifetime": "graph" }"#,
                #"{ "id": "FeatureModule#trending", "type": "FeatureModule", "name": "trending", "lifetime": "graph" }"#,
                #"{ "id": "DataSource#catalog", "type": "DataSource", "name": "catalog", "lifetime": "singleton" }"#,
            ],
            edges: [
                #"{ "from": "FeatureModule#search", "to": "DataSource#catalog", "timing": "eager" }"#,
                #"{ "from": "FeatureModule#trending", "to": "DataSource#popularity", "timing": "eager", "status": "missing" }"#,
            ])
        let findings = analyze(try merge(source, json))
        #expect(findings.rule("missing_registration").map(\.services) == [["DataSource#popularity", "FeatureModule#trending"]])
        let drift = findings.rule("snapshot_drift")
        #expect(drift.count == 2, "\(drift.map(\.message))")
        #expect(drift.allSatisfy { $0.kind == "service_only_in_snapshot" && $0.message.contains("under a name it cannot read (`FeatureModule#?`)") })
        #expect(!drift.contains { $0.services == ["FeatureModule#?"] })
    }
}

private extension Diagnostic {
    /// Which kind of drift, from its fingerprint salt.
    var kind: String {
        for kind in ["service_only_in_snapshot", "service_only_in_source", "edge_only_in_snapshot", "edge_only_in_source", "lifetime"]
        where Fingerprint.make(rule: rule, services: services, salt: kind) == fingerprint {
            return kind
        }
        return "?"
    }
}
