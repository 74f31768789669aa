/// What `digraph render` writes.
public enum RenderFormat: String, CaseIterable, Sendable {
    /// Graphviz's SVG, with ids and classes on every service, edge and cluster.
    case svg
    /// The DOT text digraph generates, pure Swift: no Graphviz needed.
    case dot
    /// Raster and print output, when the installed Graphviz plugins provide them.
    case png, pdf
    /// One self-contained page (scripts and styles inline, no network) around Graphviz's SVG:
    /// search, focus, details, findings, filters, pan and zoom. See `HTMLExplorer`.
    case html

    /// The format an output file's extension names (`.gv` is DOT too), if any.
    public static func inferred(fromPath path: String) -> RenderFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "svg": return .svg
        case "dot", "gv": return .dot
        case "png": return .png
        case "pdf": return .pdf
        case "html", "htm": return .html
        default: return nil
        }
    }

    /// Whether the bytes are text (SVG, DOT) rather than binary.
    public var isText: Bool { self == .svg || self == .dot || self == .html }
}

/// Graphviz's layout engines that `--layout` accepts.
public enum LayoutEngine: String, CaseIterable, Sendable {
    /// Layered, edges pointing one way: the clearest picture of who needs whom. The default.
    case dot
    /// Multiscale force-directed: the only one that stays fast on thousands of services.
    case sfdp
    /// Spring model (stress majorization).
    case neato
    /// Force-directed with clusters.
    case fdp
    /// Circular.
    case circo
}

/// How `--cluster` groups services into boxes.
public enum Clustering: String, CaseIterable, Sendable {
    case none
    /// The file of the service's first registration or declaration.
    case file
    /// The module: the folder under `Sources/` (SwiftPM's target), else the file's folder.
    case module
    /// The container or assembly that registers it.
    case container
    /// The DI style: `swinject`, `service-locator`, `singleton`, `initializer`, `snapshot`.
    case style
}

public struct RenderOptions: Sendable, Equatable {
    public var format: RenderFormat
    public var layout: LayoutEngine
    public var clustering: Clustering
    /// Draw findings (red cycles, missing nodes, …). `--no-findings` turns this off.
    public var showFindings: Bool
    /// `--focus`: service ids (or type names); empty draws everything.
    public var focus: [String]
    /// `--depth`: how many edges away from a focused service, in either direction.
    public var depth: Int
    /// The caption at the top of the picture, usually the scanned paths.
    public var title: String?

    public static let defaultDepth = 1

    public init(
        format: RenderFormat = .svg, layout: LayoutEngine = .dot, clustering: Clustering = .none, showFindings: Bool = true, focus: [String] = [],
        depth: Int = RenderOptions.defaultDepth, title: String? = nil
    ) {
        self.format = format
        self.layout = layout
        self.clustering = clustering
        self.showFindings = showFindings
        self.focus = focus
        self.depth = depth
        self.title = title
    }
}
