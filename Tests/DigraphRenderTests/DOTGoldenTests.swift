import DigraphCore
import DigraphRender
import Foundation
import Testing

/// The DOT digraph writes, byte for byte. After an intended change, regenerate with
/// `DIGRAPH_UPDATE_GOLDEN=1 swift test --filter DOTGoldenTests` and review the diff.
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
        let text = String(decoding: result.bytes, as: UTF8.self)
        let url = Fixtures.directory.appendingPathComponent("\(name).dot")
        if ProcessInfo.processInfo.environment["DIGRAPH_UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: url)
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(text == golden, "\(name).dot differs; DIGRAPH_UPDATE_GOLDEN=1 rewrites it")
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
