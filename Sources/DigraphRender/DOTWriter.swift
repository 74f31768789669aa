import DigraphCore

/// `GraphDocument` -> DOT text, in pure Swift: what `--format dot` writes and what Graphviz reads.
/// The same document and plan always give the same bytes.
public enum DOTWriter {
    /// The DOT node name of the legend (its SVG `<title>`); never a service id, which has no `:`
    /// at the start.
    public static let legendName = ":legend"

    /// `tooltips: false` leaves out every `tooltip` (the HTML explorer shows them in its panels).
    public static func write(_ document: GraphDocument, plan: LayoutPlan, tooltips: Bool = true) -> String {
        var out = "digraph \"digraph\" {\n"
        var graph: [(String, String)] = [("layout", plan.engine.rawValue)] + plan.attributes
        graph += [
            ("id", "digraph"), ("class", "digraph"), ("bgcolor", "white"), ("pad", "0.2"),
            ("fontname", Style.font), ("fontsize", "13"), ("labelloc", "t"), ("labeljust", "l"),
            ("outputorder", "edgesfirst"),
        ]
        out += "  graph [" + graph.map { "\($0.0)=\(DOTText.quoted($0.1))" }.joined(separator: ", ")
        if !document.title.isEmpty { out += ", label=" + DOTText.label(document.title, leftJustified: true) }
        out += "];\n"
        out += "  node [" + attributes([
            ("fontname", Style.font), ("fontsize", Style.fontSize), ("margin", "0.12,0.05"), ("height", "0.3"),
            ("penwidth", "1.2"),
        ]) + "];\n"
        out += "  edge [" + attributes([
            ("fontname", Style.font), ("fontsize", "9"), ("arrowsize", "0.7"), ("penwidth", "1.2"),
        ]) + "];\n"

        if let legend = document.legend { out += "  " + legendNode(legend) + "\n" }

        let clustered = Dictionary(grouping: document.nodes.filter { $0.cluster != nil }, by: { $0.cluster! })
        for (i, cluster) in document.clusters.enumerated() {
            out += "  subgraph \(DOTText.quoted("cluster_\(i + 1)")) {\n"
            out += "    graph [" + attributes([
                ("id", cluster.elementID), ("class", cluster.classes.joined(separator: " ")), ("style", "rounded,filled"),
                ("color", Style.clusterBorder), ("fillcolor", Style.clusterFill), ("fontsize", "11"),
                ("fontcolor", "#505050"),
            ]) + ", label=" + DOTText.label([cluster.label]) + ", tooltip=" + DOTText.label([cluster.label]) + "];\n"
            for node in clustered[cluster.key, default: []] { out += "    " + statement(node, tooltip: tooltips) + "\n" }
            out += "  }\n"
        }
        for node in document.nodes where node.cluster == nil { out += "  " + statement(node, tooltip: tooltips) + "\n" }
        for edge in document.edges { out += "  " + statement(edge, tooltip: tooltips) + "\n" }
        out += "}\n"
        return out
    }

    private static func attributes(_ list: [(String, String)]) -> String {
        list.map { "\($0.0)=\(DOTText.quoted($0.1))" }.joined(separator: ", ")
    }

    static func statement(_ node: GraphDocument.Node, tooltip: Bool = true) -> String {
        var list: [(String, String)] = [
            ("id", node.elementID), ("class", node.classes.joined(separator: " ")), ("shape", node.shape),
            ("style", node.style.joined(separator: ",")), ("fillcolor", node.fill), ("color", node.color),
        ]
        if let fontColor = node.fontColor { list.append(("fontcolor", fontColor)) }
        if node.focused { list.append(("fontname", Style.boldFont)) }
        if let penWidth = node.penWidth { list.append(("penwidth", penWidth)) }
        return DOTText.quoted(node.name) + " [" + attributes(list) + ", label=" + DOTText.label(node.lines)
            + (tooltip ? ", tooltip=" + DOTText.label(node.tooltip) : "") + "];"
    }

    static func statement(_ edge: GraphDocument.Edge, tooltip: Bool = true) -> String {
        var list: [(String, String)] = [
            ("id", edge.elementID), ("class", edge.classes.joined(separator: " ")), ("style", edge.kind.lineStyle),
            ("color", edge.color),
        ]
        if let penWidth = edge.penWidth { list.append(("penwidth", penWidth)) }
        // Never `label`, `headlabel` or `taillabel`: see GraphDocument.
        return DOTText.quoted(edge.from) + " -> " + DOTText.quoted(edge.to) + " [" + attributes(list)
            + (tooltip ? ", tooltip=" + DOTText.label(edge.tooltip) : "") + "];"
    }

    /// The legend: one node with an HTML-like table, so it is one box wherever the engine puts it.
    /// Line samples are cell borders (`SIDES="B"`), drawn like the edges they explain.
    static func legendNode(_ legend: GraphDocument.Legend) -> String {
        var rows: [String] = []
        func heading(_ text: String) { rows.append("<TR><TD COLSPAN=\"2\" ALIGN=\"LEFT\"><B>\(text)</B></TD></TR>") }
        // Text sits on the line samples (cell bottoms) rather than floating above them.
        func row(_ sample: String, _ text: String) {
            rows.append("<TR>\(sample)<TD ALIGN=\"LEFT\" VALIGN=\"BOTTOM\">\(DOTText.html(text))</TD></TR>")
        }
        func line(_ color: String, width: Int, style: String? = nil) -> String {
            let style = style.map { " STYLE=\"\($0)\"" } ?? ""
            return "<TD WIDTH=\"40\" HEIGHT=\"8\" BORDER=\"\(width)\" SIDES=\"B\"\(style) COLOR=\"\(color)\"></TD>"
        }
        heading("lifetime")
        for lifetime in legend.lifetimes {
            let look = Style.look(lifetime)
            let style = lifetime == .graph ? " STYLE=\"rounded\"" : lifetime == .unknown ? " STYLE=\"dotted\"" : ""
            row(
                "<TD BGCOLOR=\"\(look.fill)\" BORDER=\"1\"\(style) COLOR=\"\(Style.border)\">\(lifetime.rawValue)</TD>",
                look.shapeName)
        }
        if legend.consumers {
            row(
                "<TD BGCOLOR=\"\(Style.consumerLook.fill)\" BORDER=\"1\" COLOR=\"\(Style.border)\">consumer</TD>",
                "component: asks, nothing asks for it")
        }
        if !legend.edgeKinds.isEmpty {
            heading("edge: A needs B")
            for kind in legend.edgeKinds {
                switch kind {
                case .eager: row(line(Style.edge, width: 1), "eager: while A is being built")
                case .deferred: row(line(Style.edge, width: 1, style: "dashed"), "deferred: after A exists")
                case .optional: row(line(Style.edge, width: 1, style: "dotted"), "optional resolve")
                }
            }
        }
        if !legend.findings.isEmpty {
            heading("finding")
            for rule in legend.findings {
                switch rule {
                case GraphDocument.cycleRule:
                    row(line(Style.error, width: 3), "dependency cycle")
                case GraphDocument.mismatchRule:
                    row(line(Style.orange, width: 2), "scope mismatch: a captive dependency")
                case GraphDocument.godRule:
                    row("<TD BORDER=\"3\" COLOR=\"\(Style.orange)\">fan-in</TD>", "god singleton")
                case GraphDocument.missingRule:
                    row(
                        "<TD BORDER=\"1\" STYLE=\"dashed\" COLOR=\"\(Style.error)\" BGCOLOR=\"\(Style.errorFill)\">"
                            + "<FONT COLOR=\"\(Style.error)\">id</FONT></TD>",
                        "missing registration")
                default:
                    break
                }
            }
        }
        let table = "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"2\" CELLPADDING=\"2\">" + rows.joined() + "</TABLE>"
        return DOTText.quoted(legendName) + " [" + attributes([
            ("id", "legend"), ("class", "legend"), ("shape", "plain"), ("fontsize", "9"), ("tooltip", "legend"),
        ]) + ", label=<" + table + ">];"
    }
}
