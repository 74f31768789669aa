import DigraphCore

/// How the picture looks: one place for every colour and shape, shared by the nodes and the legend.
enum Style {
    // Compact shapes (hexagons and octagons grow very wide around a long type name): colour says
    // the lifetime at a glance, the shape says it again for grey-scale prints and colour-blind eyes.
    struct LifetimeLook {
        var shape: String
        /// Extra `style` flags besides `filled`.
        var flags: [String]
        var fill: String
        /// How the legend names the shape.
        var shapeName: String
    }

    /// A consumer (a composition root, a screen): a component shape in plain white.
    static let consumerLook = LifetimeLook(shape: "component", flags: [], fill: "#ffffff", shapeName: "component")

    static func look(_ lifetime: Lifetime) -> LifetimeLook {
        switch lifetime {
        case .singleton: return LifetimeLook(shape: "box", flags: [], fill: "#c6dbef", shapeName: "box")
        case .scoped: return LifetimeLook(shape: "box", flags: ["diagonals"], fill: "#c7e9c0", shapeName: "box, cut corners")
        case .weak: return LifetimeLook(shape: "note", flags: [], fill: "#dadaeb", shapeName: "note, folded corner")
        case .graph: return LifetimeLook(shape: "box", flags: ["rounded"], fill: "#fff2b2", shapeName: "rounded box")
        case .transient: return LifetimeLook(shape: "ellipse", flags: [], fill: "#f0f0f0", shapeName: "ellipse")
        case .unknown: return LifetimeLook(shape: "box", flags: ["dotted"], fill: "#ffffff", shapeName: "dotted box")
        }
    }

    static let font = "Helvetica"
    static let boldFont = "Helvetica-Bold"
    static let fontSize = "11"
    static let border = "#404040"
    static let edge = "#606060"
    static let error = "#d62728"
    static let errorFill = "#fde0dd"
    static let orange = "#e6550d"
    static let note = "#7f7f7f"
    static let clusterBorder = "#9e9e9e"
    static let clusterFill = "#fafafa"

    static let cyclePenWidth = "2.5"
    static let mismatchPenWidth = "2"
    static let godPenWidth = "4"
    static let findingPenWidth = "2"

    /// The colour of a finding of this severity that has no drawing of its own.
    static func color(_ severity: Severity) -> String {
        switch severity {
        case .error: return error
        case .warning: return orange
        case .note: return note
        }
    }
}
