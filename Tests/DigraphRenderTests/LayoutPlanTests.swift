import DigraphRender
import Testing

@testable import DigraphRender

@Suite struct LayoutPlanTests {
    static func size(_ nodes: Int, _ edges: Int, span: Int? = nil) -> LayoutPlan.Size {
        LayoutPlan.Size(nodes: nodes, edges: edges, rankSpan: span ?? edges)
    }

    @Test func smallGraphsGetDotWithItsDefaults() {
        let plan = LayoutPlan.choose(.dot, size: Self.size(100, 200), clusters: false)
        #expect(plan.engine == .dot)
        #expect(plan.quality == .full)
        #expect(plan.notice == nil)
        #expect(plan.attributes.contains { $0 == ("newrank", "true") })
        #expect(!plan.attributes.contains { $0.0 == "nslimit" })
    }

    @Test func mediumGraphsGetDotTunedForTimeAndANotice() {
        let plan = LayoutPlan.choose(.dot, size: Self.size(1500, 3000, span: 15_000), clusters: false)
        #expect(plan.engine == .dot)
        #expect(plan.quality == .fast)
        #expect(plan.attributes.contains { $0 == ("nslimit", "0.2") })
        #expect(plan.attributes.contains { $0 == ("splines", "line") })
        #expect(plan.notice == "1500 nodes and 3000 edges: dot layout tuned for time (nslimit, mclimit, searchsize, straight edges)")
    }

    @Test func longEdgesCountAsMuchAsManyNodes() {
        // 400 services, dense, their edges crossing 80 000 ranks: 16 s in dot even when capped.
        let plan = LayoutPlan.choose(.dot, size: Self.size(800, 6000, span: 80_000), clusters: false)
        #expect(plan.engine == .sfdp)
        #expect(plan.notice == "800 nodes and 6000 edges crossing 80000 ranks are more than dot lays out in bounded time "
            + "(limit: 25000 nodes + ranks crossed); using sfdp instead")
        #expect(LayoutPlan.choose(.dot, size: Self.size(300, 500, span: 9_000), clusters: false).quality == .fast)
    }

    @Test func largeGraphsSwitchToSFDPAndSayWhy() {
        let plan = LayoutPlan.choose(.dot, size: Self.size(5000, 10000), clusters: true)
        #expect(plan.engine == .sfdp)
        #expect(plan.notice == "5000 nodes and 10000 edges are more than dot lays out in bounded time "
            + "(limit: 7000 nodes + edges); using sfdp instead (sfdp does not draw clusters)")
        #expect(plan.attributes.contains { $0 == ("overlap", "prism10") })
        #expect(plan.attributes.contains { $0 == ("start", "1") })
    }

    @Test(arguments: [
        (LayoutEngine.circo, 100, LayoutEngine.circo), (.circo, 101, .sfdp),
        (.fdp, 200, .fdp), (.fdp, 201, .sfdp),
        (.neato, 1000, .neato), (.neato, 1001, .sfdp),
        (.sfdp, 50_000, .sfdp),
    ])
    func everyEngineHasALimit(requested: LayoutEngine, nodes: Int, expected: LayoutEngine) {
        let plan = LayoutPlan.choose(requested, size: Self.size(nodes, nodes), clusters: false)
        #expect(plan.engine == expected)
        #expect((plan.notice != nil) == (requested != expected))
    }

    @Test func rankSpanCountsTheRanksEachEdgeCrosses() {
        // 0 -> 1 -> 2 and 0 -> 2: ranks 2, 1, 0; spans 1 + 1 + 2.
        #expect(LayoutPlan.Size.rankSpan(nodes: 3, edges: [(0, 1), (1, 2), (0, 2)]) == 4)
        // A cycle does not loop forever: the edge closing it is measured like the others.
        #expect(LayoutPlan.Size.rankSpan(nodes: 3, edges: [(0, 1), (1, 2), (2, 0)]) == 4)
        #expect(LayoutPlan.Size.rankSpan(nodes: 2, edges: []) == 0)
    }

    @Test func formatsAreInferredFromTheExtension() {
        #expect(RenderFormat.inferred(fromPath: "out/graph.svg") == .svg)
        #expect(RenderFormat.inferred(fromPath: "graph.GV") == .dot)
        #expect(RenderFormat.inferred(fromPath: "graph.png") == .png)
        #expect(RenderFormat.inferred(fromPath: "graph.pdf") == .pdf)
        #expect(RenderFormat.inferred(fromPath: "graph") == nil)
        #expect(RenderFormat.inferred(fromPath: "dir.svg/graph") == nil)
    }
}
