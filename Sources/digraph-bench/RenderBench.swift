import DigraphCore
import DigraphRender
import Foundation

/// `digraph render`'s cost on generated graphs: the whole path (picture model, DOT, Graphviz
/// layout and SVG) in this process, one line per size with the engine digraph chose.
enum RenderBench {
    static let defaultSizes = [100, 500, 1500, 5000]

    /// A layered app: each service needs one to three earlier ones picked at random (so edges
    /// span many ranks), and a third of them also use one of five hubs (a logger, the network:
    /// the god singletons that put hundreds of nodes side by side, the hard case for `dot`).
    /// Every tenth needs the next one later (deferred), every fiftieth asks for something nothing
    /// registers, and one eager edge closes a long cycle. Lifetimes go from singletons at the
    /// bottom to transients at the top. Findings come from the real rules. Deterministic.
    static func analysis(services n: Int) -> Analysis {
        let modules = max(1, n / 50)
        var services: [Service] = []
        var edges: [Edge] = []
        for i in 0..<n {
            let file = "Sources/Module\(i % modules)/Feature\(i).swift"
            let lifetime: Lifetime =
                i < max(5, n / 5) ? .singleton : i < n / 3 ? [.weak, .scoped][i % 2] : i < 2 * n / 3 ? .graph : .transient
            services.append(
                Service(
                    id: "Service\(i)", type: "Service\(i)", lifetime: lifetime, implementation: ["Service\(i)Impl"],
                    style: "swinject", container: "Feature\(i % 20)Assembly",
                    locations: [SourceLocation(file: file, line: 90, column: 9)]))
            var targets: [Int] = []
            if i > 0 {
                for k in 0..<(1 + Int(mix(UInt64(i)) % 3)) {
                    let t = Int(mix(UInt64(i * 8 + k + 1)) % UInt64(i))
                    if !targets.contains(t) { targets.append(t) }
                }
            }
            if i > 5, mix(UInt64(i * 8 + 7)) % 3 == 0 {
                let hub = Int(mix(UInt64(i * 8 + 6)) % 5)
                if !targets.contains(hub) { targets.append(hub) }
            }
            for (k, t) in targets.enumerated() {
                edges.append(
                    Edge(
                        from: "Service\(i)", to: "Service\(t)", timing: .eager, via: .resolve,
                        location: SourceLocation(file: file, line: 92 + k, column: 40)))
            }
            if i % 10 == 5, i + 1 < n {
                edges.append(
                    Edge(
                        from: "Service\(i)", to: "Service\(i + 1)", timing: .deferred, via: .method,
                        location: SourceLocation(file: file, line: 97, column: 40)))
            }
            if i % 50 == 7 {
                edges.append(
                    Edge(
                        from: "Service\(i)", to: "Missing\(i)", timing: .eager, via: .resolve, missing: true,
                        location: SourceLocation(file: file, line: 98, column: 40)))
            }
        }
        if n > 2 {
            edges.append(
                Edge(
                    from: "Service1", to: "Service\(n - 1)", timing: .eager, via: .resolve,
                    location: SourceLocation(file: "Sources/Module1/Feature1.swift", line: 99, column: 40)))
        }
        return Analyzer().analyze(DependencyGraph(services: services, edges: edges))
    }

    /// SplitMix64: a fixed, portable pseudo-random sequence.
    static func mix(_ value: UInt64) -> UInt64 {
        var x = value &+ 0x9E37_79B9_7F4A_7C15
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 31)
    }

    struct Line {
        var services: Int
        var edges: Int
        var rankSpan: Int
        var clustering: Clustering
        var engine: LayoutEngine
        var quality: LayoutPlan.Quality
        var seconds: Double
        var bytes: Int

        var text: String {
            let cluster = clustering == .none ? "" : ", --cluster \(clustering.rawValue)"
            return String(
                format: "render %5d services, %5d edges (crossing %6d ranks)%@: %@ (%@), %.2f s, %.1f MB SVG", services, edges,
                rankSpan, cluster, engine.rawValue, quality.rawValue, seconds, Double(bytes) / 1_000_000)
        }
    }

    static func measure(services: Int, clustering: Clustering = .none, saveIn directory: URL? = nil) throws -> Line {
        let analysis = analysis(services: services)
        let start = DispatchTime.now()
        let result = try Renderer.render(analysis, options: RenderOptions(clustering: clustering))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        if let directory {
            let name = "render-\(services)\(clustering == .none ? "" : "-" + clustering.rawValue).svg"
            try Data(result.bytes).write(to: directory.appendingPathComponent(name))
            let dot = try Renderer.render(analysis, options: RenderOptions(format: .dot, clustering: clustering))
            try Data(dot.bytes).write(to: directory.appendingPathComponent(name.replacingOccurrences(of: ".svg", with: ".dot")))
        }
        return Line(
            services: services, edges: result.document.edges.count,
            rankSpan: LayoutPlan.Size(result.document).rankSpan, clustering: clustering, engine: result.plan.engine,
            quality: result.plan.quality, seconds: seconds, bytes: result.bytes.count)
    }

    /// Prints one line per size and clustering; keeps the SVGs in `directory` when given.
    static func run(sizes: [Int], clusterings: [Clustering] = [.none, .module], saveIn directory: URL? = nil) throws {
        for size in sizes {
            for clustering in clusterings {
                print(try measure(services: size, clustering: clustering, saveIn: directory).text)
            }
        }
    }
}
