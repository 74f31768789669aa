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
        let dot = DOTWriter.write(document, plan: plan)
        let bytes: [UInt8]
        switch options.format {
        case .dot:
            bytes = Array(dot.utf8)
        case .svg, .png, .pdf:
            bytes = try GraphvizRenderer.render(dot: dot, engine: plan.engine.rawValue, format: options.format.rawValue)
        }
        return RenderResult(bytes: bytes, document: document, plan: plan, notices: plan.notice.map { [$0] } ?? [])
    }
}
