import DigraphCore
import DigraphRender
import Dispatch
import Foundation
import Testing

@Suite struct GraphvizRendererTests {
    static func svg(_ analysis: Analysis = Fixtures.shop, _ options: RenderOptions = RenderOptions()) throws -> SVGDocument {
        try SVGDocument(Renderer.render(analysis, options: options).bytes)
    }

    @Test func everyServiceIsANodeWithItsIDAsTitle() throws {
        let svg = try Self.svg()
        let titles = Set(svg.nodes.map(\.title))
        for service in Fixtures.shopGraph.services { #expect(titles.contains(service.id), "\(service.id)") }
        #expect(titles.contains("Database#analytics"))
    }

    @Test func nodesAndEdgesCarryIDsAndClasses() throws {
        let svg = try Self.svg()
        let api = try #require(svg.node("APIClient"))
        #expect(api.id == "service-APIClient")
        #expect(api.classes == ["node", "singleton", "style-swinject"])
        for service in Fixtures.shopGraph.services {
            #expect(svg.node(service.id)?.classes.contains(service.lifetime.rawValue) == true, "\(service.id)")
        }
        let cycle = try #require(svg.edge("CartService", "PricingService"))
        #expect(cycle.classes == ["edge", "eager", "dependency_cycle"])
        #expect(cycle.id == "edge-CartService--PricingService")
        #expect(svg.edge("PricingService", "CartService")?.classes.contains("dependency_cycle") == true)
        #expect(svg.edge("PaymentProcessor", "CheckoutService")?.classes == ["edge", "deferred"])
        let mismatch = try #require(svg.edge("ImageLoading", "RequestLogging"))
        #expect(mismatch.classes.contains("scope_mismatch"))
        #expect(mismatch.tooltip?.hasPrefix("singleton → transient") == true)
        #expect(svg.node("Database#analytics")?.classes == ["node", "missing", "missing_registration"])
        #expect(svg.groups.contains { $0.id == "legend" && $0.classes.contains("legend") })
        #expect(Set(svg.groups.map(\.id)).count == svg.groups.count, "ids are unique")
    }

    @Test func namesThatLookLikeMarkupRenderAsText() throws {
        let svg = try Self.svg()
        let awkward = try #require(svg.node(Fixtures.awkward))
        #expect(awkward.texts == [Fixtures.awkward, Fixtures.awkwardImplementation])
        let hostile = try #require(svg.node(Fixtures.hostile))
        #expect(hostile.texts.first == Fixtures.hostile)
        #expect(svg.elements(named: "script").isEmpty)
        #expect(svg.edge(Fixtures.hostile, Fixtures.awkward) != nil)
        #expect(svg.node("ProductViewModel(String)")?.texts == ["ProductViewModel(String)"])
    }

    @Test func clustersAreGroupsWithIDsAndClasses() throws {
        let svg = try Self.svg(Fixtures.shop, RenderOptions(clustering: .module))
        // Graphviz writes clusters in its own order.
        #expect(svg.clusters.map(\.texts).sorted { $0.joined() < $1.joined() } == [["App"], ["Checkout"], ["Support"]])
        #expect(svg.clusters.allSatisfy { $0.classes == ["cluster", "cluster-module"] })
        #expect(Set(svg.clusters.map(\.id)) == ["cluster-App", "cluster-Checkout", "cluster-Support"])
    }

    /// cgraph orders subgraphs by the address of their names unless told otherwise: without
    /// digraph's id discipline the second render of a clustered graph in one process differs.
    @Test(arguments: [LayoutEngine.dot, .sfdp, .neato, .circo])
    func theSameInputGivesTheSameSVG(layout: LayoutEngine) throws {
        let options = RenderOptions(layout: layout, clustering: .container)
        let renders = try (0..<3).map { _ in try Renderer.render(Fixtures.shop, options: options).bytes }
        #expect(renders[0] == renders[1])
        #expect(renders[1] == renders[2])
    }

    @Test(arguments: [LayoutEngine.sfdp, .neato, .fdp, .circo])
    func everyLayoutDrawsEveryService(layout: LayoutEngine) throws {
        let result = try Renderer.render(Fixtures.shop, options: RenderOptions(layout: layout))
        #expect(result.plan.engine == layout)
        let svg = try SVGDocument(result.bytes)
        #expect(svg.nodes.count == Fixtures.shopGraph.services.count + 2)  // + the missing id and the legend
    }

    /// PNG and PDF come from Graphviz plugins (cairo, gd) that a minimal Graphviz may lack. Off a
    /// CI machine the test is skipped, and says so, when they are missing; CI installs them
    /// (`make setup`), so there a missing plugin is a failure, never a skip.
    static let bitmapPlugins = Set(GraphvizRenderer.availableFormats()).isSuperset(of: ["png", "pdf"])
    static let inCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false

    @Test(.enabled(if: bitmapPlugins || inCI, "this Graphviz has no png or pdf plugin (CI requires both)"))
    func pngAndPDF() throws {
        #expect(Set(GraphvizRenderer.availableFormats()).isSuperset(of: ["svg", "png", "pdf"]))
        let png = try Renderer.render(Fixtures.shop, options: RenderOptions(format: .png)).bytes
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let pdf = try Renderer.render(Fixtures.shop, options: RenderOptions(format: .pdf)).bytes
        #expect(pdf.starts(with: Array("%PDF".utf8)))
    }

    @Test func aFormatNoPluginWritesIsAnError() {
        #expect {
            try GraphvizRenderer.render(dot: "digraph { a }", engine: "dot", format: "no-such-format")
        } throws: { error in
            guard case RenderError.formatUnavailable(let format, let available)? = error as? RenderError else { return false }
            return format == "no-such-format" && available.contains("svg")
                && (error as! RenderError).description.contains("cannot write no-such-format")
        }
        #expect {
            try GraphvizRenderer.render(dot: "digraph { a }", engine: "no-such-layout", format: "svg")
        } throws: { error in
            guard case RenderError.layoutUnavailable(let engine, _)? = error as? RenderError else { return false }
            return engine == "no-such-layout"
        }
    }

    @Test func graphvizErrorsBecomeMessagesAndTheNextRenderWorks() throws {
        #expect {
            try GraphvizRenderer.render(dot: "digraph { a -> ; }", engine: "dot", format: "svg")
        } throws: { error in
            guard case RenderError.graphviz(let message)? = error as? RenderError else { return false }
            return message.contains("syntax error")
        }
        let svg = try SVGDocument(GraphvizRenderer.render(dot: "digraph { a -> b }", engine: "dot", format: "svg"))
        #expect(svg.nodes.map(\.title) == ["a", "b"])
    }

    @Test func concurrentRendersAreSerialisedAndAgree() throws {
        let expected = try Renderer.render(Fixtures.shop, options: RenderOptions(clustering: .file)).bytes
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let layout: LayoutEngine = i.isMultiple(of: 2) ? .dot : .sfdp
            let result = Result { try Renderer.render(Fixtures.shop, options: RenderOptions(layout: layout, clustering: .file)) }
            results.append(i, result.map(\.bytes))
        }
        let all = results.sorted()
        #expect(all.count == 8)
        for (i, result) in all where i.isMultiple(of: 2) {
            #expect((try? result.get()) == expected)
        }
        #expect(all.allSatisfy { (try? $0.1.get()) != nil })
    }

    /// The shape of Graphviz 2.42's double-free reproduction (clusters + labelled edges), built as
    /// digraph's own graph and rendered through digraph's own path, with every clustering.
    @Test(arguments: [Clustering.container, .file, .module, .none])
    func theDoubleFreeReproductionsShapeRenders(clustering: Clustering) throws {
        let (analysis, source) = try Fixtures.doubleFreeShape()
        #expect(source.contains("subgraph cluster_a"))
        #expect(analysis.graph.services.count == 150)
        let result = try Renderer.render(analysis, options: RenderOptions(layout: .dot, clustering: clustering))
        let svg = try SVGDocument(result.bytes)
        #expect(Set(svg.nodes.map(\.title)).isSuperset(of: analysis.graph.services.map(\.id)))
        if clustering == .container { #expect(svg.clusters.count == 1) }
        let dot = try Renderer.render(analysis, options: RenderOptions(format: .dot, clustering: clustering))
        #expect(!String(decoding: dot.bytes, as: UTF8.self).contains(" -> \"n1\" [label"))
    }

    /// Random graphs with every shape digraph draws (clusters, self-loops, cycles, missing ids,
    /// optional and deferred edges, findings from the real rules), through every clustering:
    /// Graphviz 2.42 must never crash on a graph digraph builds.
    @Test(arguments: 0..<24)
    func randomGraphsRender(seed: Int) throws {
        let analysis = Analyzer().analyze(Fixtures.random(seed: UInt64(seed)))
        let clustering = Clustering.allCases[seed % Clustering.allCases.count]
        let layout: LayoutEngine = seed % 6 == 5 ? .sfdp : .dot
        let result = try Renderer.render(analysis, options: RenderOptions(layout: layout, clustering: clustering))
        let svg = try SVGDocument(result.bytes)
        #expect(Set(svg.nodes.map(\.title)).isSuperset(of: analysis.graph.services.map(\.id)))
    }

    /// The engine is chosen from the graph's size, never from a clock: no timed assertion here
    /// (the build competes for the cores), the plan says what was chosen and why.
    @Test func aLargeGraphSwitchesToSFDPAndSaysWhy() throws {
        let result = try Renderer.render(Fixtures.generated(2500), options: RenderOptions())
        #expect(result.plan.engine == .sfdp)
        #expect(result.notices.count == 1)
        #expect(result.notices.first?.contains("using sfdp instead") == true)
        #expect(try SVGDocument(result.bytes).nodes.count == 2501)
    }
}

private final class Results: @unchecked Sendable {
    private var items: [(Int, Result<[UInt8], any Error>)] = []
    private let lock = NSLock()

    func append(_ i: Int, _ result: Result<[UInt8], any Error>) {
        lock.lock()
        defer { lock.unlock() }
        items.append((i, result))
    }

    func sorted() -> [(Int, Result<[UInt8], any Error>)] {
        lock.lock()
        defer { lock.unlock() }
        return items.sorted { $0.0 < $1.0 }
    }
}
