import DigraphCore
import Testing

typealias SourceLocation = DigraphCore.SourceLocation

/// Rules on graphs built by hand: no scanner involved.
@Suite struct HandBuiltGraphTests {
    static func at(_ line: Int) -> SourceLocation { SourceLocation(file: "G.swift", line: line, column: 1) }

    static func service(_ id: String, _ lifetime: Lifetime, line: Int = 1, style: String = "swinject") -> Service {
        Service(id: id, type: id, lifetime: lifetime, style: style, locations: [at(line)])
    }

    static func edge(_ from: String, _ to: String, _ timing: Timing = .eager, line: Int = 1) -> Edge {
        Edge(from: from, to: to, timing: timing, via: .resolve, location: at(line))
    }

    func run(_ rule: any Rule.Type, _ graph: DependencyGraph, options: RuleOptions = RuleOptions()) -> [Diagnostic] {
        rule.init().diagnose(RuleContext(graph: graph, options: options))
    }

    @Test func cycleFindingCarriesTheShortestPathAndEachHop() throws {
        let g = DependencyGraph(
            services: ["A", "B", "C", "D"].map { Self.service($0, .graph) },
            edges: [
                Self.edge("A", "B", line: 1), Self.edge("B", "C", line: 2), Self.edge("C", "A", line: 3),
                Self.edge("B", "A", line: 4), Self.edge("C", "D", line: 5),
            ])
        let findings = run(DependencyCycleRule.self, g)
        let cycle = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(cycle.path == ["A", "B", "A"])
        #expect(cycle.services == ["A", "B", "C"])
        #expect(cycle.notes.map(\.location) == [Self.at(1), Self.at(4)])
        #expect(cycle.location == Self.at(1))
    }

    @Test func deferredEdgeBreaksACycle() {
        let g = DependencyGraph(
            services: ["A", "B"].map { Self.service($0, .graph) },
            edges: [Self.edge("A", "B"), Self.edge("B", "A", .deferred)])
        #expect(run(DependencyCycleRule.self, g).isEmpty)
    }

    @Test func longChainDoesNotOverflowTheStack() {
        let n = 50_000
        let ids = (0..<n).map { "S\($0)" }
        let edges = (0..<n).map { Self.edge(ids[$0], ids[($0 + 1) % n]) }
        let g = DependencyGraph(services: ids.map { Self.service($0, .graph) }, edges: edges)
        let findings = run(DependencyCycleRule.self, g)
        #expect(findings.count == 1)
        #expect(findings.first?.path?.count == n + 1)
    }

    @Test func scopeMismatchSeverityDependsOnTheCapturedLifetime() {
        let g = DependencyGraph(
            services: [
                Self.service("Single", .singleton), Self.service("Session", .scoped), Self.service("Temp", .transient),
                Self.service("Weak", .weak), Self.service("Unknown", .unknown),
            ],
            edges: [
                Self.edge("Single", "Session", line: 1), Self.edge("Single", "Temp", line: 2),
                Self.edge("Session", "Weak", line: 3), Self.edge("Single", "Unknown", line: 4),
            ])
        let findings = run(ScopeMismatchRule.self, g)
        #expect(findings.map(\.severity) == [.error, .warning])
        #expect(findings.map(\.services) == [["Single", "Session"], ["Single", "Temp"]])
    }

    @Test func godSingletonIgnoresItsOwnFileAndHonoursAllow() {
        var services = [Self.service("Logger.shared", .singleton, style: "singleton")]
        var edges: [Edge] = []
        for i in 0..<4 {
            services.append(Self.service("T\(i)", .transient, line: i + 10, style: "initializer"))
            edges.append(Edge(from: "T\(i)", to: "Logger.shared", timing: .eager, via: .sharedAccess,
                              location: SourceLocation(file: i == 0 ? "G.swift" : "Other\(i).swift", line: 1, column: 1)))
        }
        let g = DependencyGraph(services: services, edges: edges)
        #expect(run(GodSingletonRule.self, g, options: RuleOptions(threshold: 3)).first?.services == ["Logger.shared", "T1", "T2", "T3"])
        #expect(run(GodSingletonRule.self, g, options: RuleOptions(threshold: 4)).isEmpty)
        #expect(run(GodSingletonRule.self, g, options: RuleOptions(threshold: 3, allow: ["Logger"])).isEmpty)
    }

    @Test func fingerprintsIgnoreLinesAndDifferByServices() {
        let a = Diagnostic(rule: "r", severity: .error, message: "m", location: Self.at(1), services: ["A"])
        let moved = Diagnostic(rule: "r", severity: .error, message: "m", location: Self.at(99), services: ["A"])
        let other = Diagnostic(rule: "r", severity: .error, message: "m", location: Self.at(1), services: ["B"])
        #expect(a.fingerprint == moved.fingerprint)
        #expect(a.fingerprint != other.fingerprint)
        #expect(a.fingerprint.count == 16)
    }
}
