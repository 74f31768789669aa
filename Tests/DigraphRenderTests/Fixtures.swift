import DigraphCore
import DigraphRender
import Foundation

/// Hand-built analyses: every lifetime, every edge kind, each drawn finding, names that need
/// escaping. Findings are written by hand so these tests do not move when a rule's wording does.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func at(_ file: String, _ line: Int, _ column: Int = 9) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    static let networkFile = "Sources/App/Network/NetworkAssembly.swift"
    static let servicesFile = "Sources/App/Services/ServicesAssembly.swift"
    static let checkoutFile = "Sources/Checkout/CheckoutAssembly.swift"
    static let supportFile = "Sources/Support/Logger.swift"
    static let modelsFile = "Sources/App/ViewModels/ViewModelAssembly.swift"

    /// The id with every character DOT, SVG and HTML care about.
    static let awkward = "Result<User,Error>"
    static let awkwardImplementation = "Box<\"A&B\">"
    static let hostile = "Evil#</title><script>alert(1)</script>"

    static var shopGraph: DependencyGraph {
        let services = [
            Service(
                id: "APIClient", type: "APIClient", lifetime: .singleton, lifetimeDetail: "container",
                implementation: ["HTTPAPIClient"], style: "swinject", container: "NetworkAssembly",
                locations: [at(networkFile, 6)]),
            Service(
                id: "RequestLogging", type: "RequestLogging", lifetime: .transient, lifetimeDetail: "transient",
                implementation: ["ConsoleLogger"], style: "swinject", container: "NetworkAssembly",
                locations: [at(networkFile, 17)]),
            Service(
                id: "ImageLoading", type: "ImageLoading", lifetime: .singleton, lifetimeDetail: "container",
                implementation: ["ImageLoader"], style: "swinject", container: "NetworkAssembly",
                locations: [at(networkFile, 21)]),
            Service(
                id: "CartService", type: "CartService", lifetime: .graph, lifetimeDetail: "graph",
                implementation: ["CartService"], style: "swinject", container: "CheckoutAssembly",
                locations: [at(checkoutFile, 6)]),
            Service(
                id: "PricingService", type: "PricingService", lifetime: .graph, lifetimeDetail: "graph",
                implementation: ["Pricing"], style: "swinject", container: "ServicesAssembly",
                locations: [at(servicesFile, 17)]),
            Service(
                id: "AnalyticsTracking", type: "AnalyticsTracking", lifetime: .graph, lifetimeDetail: "graph",
                implementation: ["AnalyticsService"], style: "swinject", container: "ServicesAssembly",
                locations: [at(servicesFile, 23)]),
            Service(
                id: "Database#primary", type: "Database", name: "primary", lifetime: .singleton,
                lifetimeDetail: "container", implementation: ["SQLiteDatabase"], style: "swinject",
                container: "ServicesAssembly", locations: [at(servicesFile, 6)]),
            Service(
                id: "CheckoutService", type: "CheckoutService", lifetime: .scoped, lifetimeDetail: "session",
                implementation: ["Checkout"], style: "swinject", container: "CheckoutAssembly",
                locations: [at(checkoutFile, 12)]),
            Service(
                id: "PaymentProcessor", type: "PaymentProcessor", lifetime: .weak, lifetimeDetail: "weak",
                implementation: ["StripeProcessor"], style: "swinject", container: "CheckoutAssembly",
                locations: [at(checkoutFile, 16)]),
            Service(
                id: "Logger.shared", type: "Logger", lifetime: .singleton, lifetimeDetail: "static shared",
                implementation: ["Logger"], style: "singleton", locations: [at(supportFile, 2, 16)]),
            Service(
                id: "ProductViewModel(String)", type: "ProductViewModel", arguments: ["String"], lifetime: .graph,
                lifetimeDetail: "graph", implementation: ["ProductViewModel"], style: "swinject",
                container: "ViewModelAssembly", locations: [at(modelsFile, 9)]),
            Service(
                id: awkward, type: awkward, lifetime: .unknown, lifetimeDetail: "customScope",
                implementation: [awkwardImplementation], style: "swinject", container: "ViewModelAssembly",
                locations: [at(modelsFile, 20)]),
            Service(
                id: hostile, type: "Evil", name: "</title><script>alert(1)</script>", lifetime: .transient,
                lifetimeDetail: "transient", implementation: ["Evil"], style: "swinject",
                container: "ViewModelAssembly", locations: [at(modelsFile, 30)]),
        ]
        let edges = [
            Edge(from: "ImageLoading", to: "APIClient", timing: .eager, via: .resolve, location: at(networkFile, 23, 25)),
            Edge(from: "ImageLoading", to: "RequestLogging", timing: .eager, via: .resolve, location: at(networkFile, 24, 25)),
            Edge(from: "CartService", to: "PricingService", timing: .eager, via: .resolve, location: at(checkoutFile, 9, 26)),
            Edge(from: "PricingService", to: "CartService", timing: .eager, via: .resolve, location: at(servicesFile, 20, 23)),
            Edge(from: "PricingService", to: "Database#primary", timing: .eager, via: .resolve, location: at(servicesFile, 19, 23)),
            Edge(
                from: "AnalyticsTracking", to: "Database#analytics", timing: .eager, via: .resolve, missing: true,
                location: at(servicesFile, 25, 40)),
            Edge(from: "AnalyticsTracking", to: "Logger.shared", timing: .eager, via: .sharedAccess, location: at(servicesFile, 26, 20)),
            Edge(from: "CheckoutService", to: "PaymentProcessor", timing: .eager, via: .resolve, location: at(checkoutFile, 13, 30)),
            Edge(from: "CheckoutService", to: "CartService", timing: .eager, via: .resolve, location: at(checkoutFile, 14, 30)),
            Edge(from: "PaymentProcessor", to: "CheckoutService", timing: .deferred, via: .resolve, location: at(checkoutFile, 18, 40)),
            Edge(from: "CartService", to: "Logger.shared", timing: .deferred, via: .method, location: at(checkoutFile, 10, 12)),
            Edge(from: "ProductViewModel(String)", to: "CartService", timing: .eager, via: .resolve, location: at(modelsFile, 10, 20)),
            Edge(from: "ProductViewModel(String)", to: "Logger.shared", timing: .eager, via: .sharedAccess, location: at(modelsFile, 11, 20)),
            Edge(
                from: "ProductViewModel(String)", to: awkward, timing: .eager, via: .resolve, optional: true,
                location: at(modelsFile, 12, 20)),
            Edge(from: hostile, to: awkward, timing: .eager, via: .resolve, location: at(modelsFile, 31, 20)),
        ]
        return DependencyGraph(services: services, edges: edges)
    }

    static var shop: Analysis {
        let diagnostics = [
            Diagnostic(
                rule: "dependency_cycle", severity: .error,
                message: "dependency cycle: `CartService` -> `PricingService` -> `CartService`",
                location: at(checkoutFile, 9, 26), services: ["CartService", "PricingService"],
                path: ["CartService", "PricingService", "CartService"]),
            Diagnostic(
                rule: "missing_registration", severity: .error,
                message: "no registration for `Database#analytics` (requested by `AnalyticsTracking`); near miss: `Database#primary`",
                location: at(servicesFile, 25, 40), services: ["Database#analytics", "AnalyticsTracking"]),
            Diagnostic(
                rule: "scope_mismatch", severity: .warning,
                message: "`ImageLoading` (singleton, container) keeps `RequestLogging` (transient): a captive dependency",
                location: at(networkFile, 24, 25), services: ["ImageLoading", "RequestLogging"]),
            Diagnostic(
                rule: "god_singleton", severity: .warning,
                message: "`Logger.shared` is a god singleton: 3 services and types depend on it (threshold 3)",
                location: at(supportFile, 2, 16),
                services: ["Logger.shared", "AnalyticsTracking", "CartService", "ProductViewModel(String)"]),
            Diagnostic(
                rule: "duplicate_registration", severity: .warning,
                message: "`Database#primary` is registered twice in `ServicesAssembly`", location: at(servicesFile, 6),
                services: ["Database#primary"]),
            Diagnostic(
                rule: "unanalyzable_registration", severity: .note, message: "scope chosen at run time",
                location: at(modelsFile, 20), services: [awkward]),
        ]
        return Analysis(graph: shopGraph, diagnostics: diagnostics.sorted(by: Diagnostic.reportOrder))
    }

    /// `/work/shared/data/graphviz-2.42-double-free.dot` (copied to Golden/): 150 nodes, labelled
    /// edges, self-loops, one cluster of three nodes. As digraph's own graph: the cluster becomes
    /// a container, each label the edge's `via`.
    static func doubleFreeShape() throws -> (analysis: Analysis, source: String) {
        let source = try String(contentsOf: directory.appendingPathComponent("graphviz-2.42-double-free.dot"), encoding: .utf8)
        var ids: Set<String> = []
        var edges: [Edge] = []
        let statements = source.split(separator: ";")
        for statement in statements {
            let parts = statement.split(separator: " ", omittingEmptySubsequences: true)
            guard let arrow = parts.firstIndex(of: "->"), arrow > 0, arrow + 1 < parts.count else { continue }
            let from = String(parts[arrow - 1]).trimmingCharacters(in: CharacterSet(charactersIn: "{ "))
            let to = String(parts[arrow + 1])
            ids.formUnion([from, to])
            let labelled = statement.contains("label=")
            edges.append(
                Edge(
                    from: from, to: to, timing: labelled ? .eager : .deferred, via: labelled ? .resolve : .property,
                    location: at("Sources/Repro/Graph.swift", edges.count + 1)))
        }
        let clusterStart = try require(source.range(of: "subgraph cluster_a {"), "the cluster")
        let clusterEnd = try require(source[clusterStart.upperBound...].firstIndex(of: "}"), "the end of the cluster")
        let clustered = Set(source[clusterStart.upperBound..<clusterEnd].split(separator: " ").map(String.init))
        let services = ids.sorted().map { id in
            Service(
                id: id, type: id, lifetime: [.singleton, .graph, .transient, .weak][Int(id.dropFirst())! % 4],
                style: "swinject", container: clustered.contains(id) ? "cluster_a" : nil,
                locations: [at("Sources/Repro/\(clustered.contains(id) ? "Cluster" : "Rest").swift", 1)])
        }
        return (Analysis(graph: DependencyGraph(services: services, edges: edges), diagnostics: []), source)
    }

    /// A generated star: `n` services, most of them needing the same two (wide ranks).
    static func generated(_ n: Int) -> Analysis {
        var services: [Service] = []
        var edges: [Edge] = []
        for i in 0..<n {
            services.append(
                Service(
                    id: "Service\(i)", type: "Service\(i)", lifetime: [.singleton, .graph, .transient, .weak][i % 4],
                    implementation: ["Service\(i)Impl"], style: "swinject", container: "Feature\(i % 7)Assembly",
                    locations: [at("Sources/Module\(i % 5)/Feature\(i).swift", 3)]))
            if i > 0 { edges.append(Edge(from: "Service\(i)", to: "Service\((i * 7 + 3) % i)", timing: .eager, via: .resolve)) }
            if i > 1 { edges.append(Edge(from: "Service\(i)", to: "Service\((i * 13 + 5) % i)", timing: .eager, via: .resolve)) }
        }
        return Analysis(graph: DependencyGraph(services: services, edges: edges), diagnostics: [])
    }
}

extension Fixtures {
    /// A random graph of 10 to 80 services in up to six containers and files, with self-loops,
    /// cycles, missing ids, optional and deferred edges. The same seed gives the same graph.
    static func random(seed: UInt64) -> DependencyGraph {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next(_ bound: Int) -> Int {
            state = state &+ 0x9E37_79B9_7F4A_7C15
            var x = state
            x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
            x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((x ^ (x >> 31)) % UInt64(bound))
        }
        let n = 10 + next(71)
        let groups = 1 + next(6)
        let services = (0..<n).map { i in
            Service(
                id: i % 9 == 4 ? "Box<T\(i),\"q&\">" : "S\(i)", type: "S\(i)",
                lifetime: Lifetime.allCases[next(Lifetime.allCases.count)], style: ["swinject", "singleton"][next(2)],
                container: "C\(next(groups))", locations: [at("Sources/M\(next(groups))/F\(next(groups)).swift", 1 + i)])
        }
        var edges: [Edge] = []
        for _ in 0..<(n * (1 + next(3))) {
            let from = services[next(n)].id
            let to = next(15) == 0 ? "Missing\(next(4))" : services[next(n)].id
            edges.append(
                Edge(
                    from: from, to: to, timing: next(4) == 0 ? .deferred : .eager, via: .resolve, optional: next(8) == 0,
                    missing: to.hasPrefix("Missing"), location: at("Sources/E.swift", edges.count + 1)))
        }
        return DependencyGraph(services: services, edges: edges)
    }
}

/// `#require` outside a test: a thrown error instead of a recorded issue.
struct FixtureError: Error, CustomStringConvertible {
    var description: String
}

func require<T>(_ value: T?, _ what: String = "value") throws -> T {
    guard let value else { throw FixtureError(description: "missing \(what)") }
    return value
}
