import DigraphCore

/// A finished picture and how it was made.
public struct RenderResult: Sendable {
    public var bytes: [UInt8]
    public var document: GraphDocument
    public var plan: LayoutPlan
    /// Lines for stderr: an engine switch or a speed trade-off, and why.
    public var notices: [String]
}

/// `Analysis` + options -> the bytes `digraph render` writes.
public enum Renderer {
    public static func render(_ analysis: Analysis, options: RenderOptions) throws(RenderError) -> RenderResult {
        let document = try GraphDocument(analysis, options: options)
        let plan = LayoutPlan.choose(options.layout, size: LayoutPlan.Size(document), clusters: !document.clusters.isEmpty)
        let bytes: [UInt8]
        switch options.format {
        case .dot:
            bytes = Array(DOTWriter.write(document, plan: plan).utf8)
        case .svg, .png, .pdf:
            let dot = DOTWriter.write(document, plan: plan)
            bytes = try GraphvizRenderer.render(dot: dot, engine: plan.engine.rawValue, format: options.format.rawValue)
        case .html:
            // The page says in its panels and header what the tooltips, the legend node and the
            // caption would: the SVG inside it is the bare layout, smaller and quicker to draw.
            var bare = document
            bare.legend = nil
            bare.title = []
            let dot = DOTWriter.write(bare, plan: plan, tooltips: false)
            let svg = try GraphvizRenderer.render(dot: dot, engine: plan.engine.rawValue, format: "svg")
            bytes = Array(
                HTMLExplorer.page(svg: String(decoding: svg, as: UTF8.self), document: document, analysis: analysis, options: options)
                    .utf8)
        }
        var notices = plan.notice.map { [$0] } ?? []
        if options.clustering != .none, document.clusters.count < 2, !document.nodes.isEmpty {
            let only = document.clusters.first.map { " (all in '\($0.label)')" } ?? ""
            notices.append(
                "--cluster \(options.clustering.rawValue): the services do not fall into two or more \(options.clustering.rawValue)s\(only), so the boxes add nothing")
        }
        return RenderResult(bytes: bytes, document: document, plan: plan, notices: notices)
    }
}
