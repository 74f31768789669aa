import DigraphCore
import DigraphRender
import Foundation
import GoldenFile
import Testing

/// The DOT digraph writes, byte for byte. The test only reads the goldens; after an intended
/// change, `make goldens` rewrites them for review.
@Suite struct DOTGoldenTests {
    static let cases: [(String, RenderOptions)] = [
        ("shop", RenderOptions(format: .dot, title: "Shop")),
        ("shop-module-clusters", RenderOptions(format: .dot, clustering: .module, title: "Shop")),
        ("shop-no-findings", RenderOptions(format: .dot, showFindings: false)),
        ("shop-focus-cart", RenderOptions(format: .dot, focus: ["CartService"], depth: 1)),
        ("shop-circo", RenderOptions(format: .dot, layout: .circo)),
    ]

    @Test(arguments: cases.map(\.0))
    func dotOutputMatchesGolden(name: String) throws {
        let options = try #require(Self.cases.first { $0.0 == name }?.1)
        let result = try Renderer.render(Fixtures.shop, options: options)
        if let problem = GoldenFile.mismatch(Data(result.bytes), golden: "Tests/DigraphRenderTests/Golden/\(name).dot") {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let a = try Renderer.render(Fixtures.shop, options: RenderOptions(format: .dot, clustering: .file))
        let b = try Renderer.render(Fixtures.shop, options: RenderOptions(format: .dot, clustering: .file))
        #expect(a.bytes == b.bytes)
    }

    @Test func noEdgeEverCarriesALabel() throws {
        for clustering in Clustering.allCases {
            let result = try Renderer.render(Fixtures.shop, options: RenderOptions(format: .dot, clustering: clustering))
            let edgeLines = String(decoding: result.bytes, as: UTF8.self).split(separator: "\n").filter { $0.contains("\" -> \"") }
            #expect(!edgeLines.isEmpty)
            for line in edgeLines {
                #expect(!line.contains("label="), "an edge label with clusters crashes Graphviz 2.42: \(line)")
            }
        }
    }
}
