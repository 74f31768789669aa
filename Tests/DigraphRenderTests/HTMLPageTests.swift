import DigraphCore
import DigraphRender
import Foundation
import Testing

/// The HTML explorer's page as bytes, without a browser: what it embeds and how.
@Suite struct HTMLPageTests {
    static func page(_ analysis: Analysis = Fixtures.shop, _ options: RenderOptions = RenderOptions(format: .html)) throws
        -> String
    {
        String(decoding: try Renderer.render(analysis, options: options).bytes, as: UTF8.self)
    }

    static func data(_ page: String) throws -> [String: Any] {
        let open = "<script type=\"application/json\" id=\"digraph-data\">"
        let start = try #require(page.range(of: open))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        return try #require(
            try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
    }

    @Test func scriptJSONCannotEndItsElement() {
        let escaped = HTMLExplorer.escapeForScript(#"{"id":"</script><!-- & \#u{2028}\#u{2029} >"}"#)
        #expect(escaped == #"{"id":"\u003c/script\u003e\u003c!-- \u0026 \u2028\u2029 \u003e"}"#)
        #expect(HTMLExplorer.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }

    @Test func theSVGIsInlinedWithoutPrologOrComments() throws {
        let page = try Self.page()
        #expect(!page.contains("<?xml"))
        #expect(!page.contains("<!DOCTYPE svg"))
        #expect(!page.contains("<!--"))
        #expect(page.components(separatedBy: "<svg").count - 1 == 1 + page.components(separatedBy: "class=\"sample\"").count - 1)
        // The bare layout: no tooltips, no legend node, no caption in the picture.
        #expect(!page.contains("xlink:title"))
        #expect(!page.contains("id=\"legend\" class=\"node"))
    }

    @Test func theDataNamesEveryDrawnServiceAndEdgeByElement() throws {
        let analysis = Fixtures.shop
        let page = try Self.page(analysis)
        let document = try GraphDocument(analysis)
        let data = try Self.data(page)
        let nodes = try #require(data["nodes"] as? [[String: Any]])
        #expect(nodes.map { $0["id"] as? String } == document.nodes.map(\.name))
        // (Graphviz writes `-` in attribute values as `&#45;`.)
        for node in nodes {
            let id = (node["el"] as! String).replacingOccurrences(of: "-", with: "&#45;")
            #expect(page.contains("id=\"\(id)\""), "\(node)")
        }
        let edges = try #require(data["edges"] as? [[String: Any]])
        #expect(edges.count == document.edges.count)
        let findings = try #require(data["findings"] as? [[String: Any]])
        #expect(findings.count == analysis.diagnostics.filter { $0.suppressed != true }.count)
        // The hostile id is in the data as itself, and nowhere in the page as markup.
        #expect(nodes.contains { $0["id"] as? String == Fixtures.hostile })
        #expect(!page.contains(Fixtures.hostile))
        #expect(!page.contains("<script>alert"))
    }

    @Test func aFocusStartsFocusedAndNoFindingsMeansNone() throws {
        let focused = try Self.data(try Self.page(Fixtures.shop, RenderOptions(format: .html, focus: ["CartService"], depth: 1)))
        let nodes = try #require(focused["nodes"] as? [[String: Any]])
        let seeds = try #require(focused["seeds"] as? [Int])
        #expect(seeds.map { nodes[$0]["id"] as? String } == ["CartService"])
        let bare = try Self.data(try Self.page(Fixtures.shop, RenderOptions(format: .html, showFindings: false)))
        #expect((bare["findings"] as? [Any])?.isEmpty == true)
    }
}
