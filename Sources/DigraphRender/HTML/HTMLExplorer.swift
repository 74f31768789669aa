import DigraphCore
import Foundation

/// `render --format html`: one self-contained page around the SVG Graphviz lays out. Everything is
/// inline (styles, script, data) and a Content-Security-Policy forbids every fetch, so the page
/// works from `file://` with the network off and can never load anything.
///
/// What comes from the scanned code (service ids, messages, paths) reaches the page two ways, both
/// inert: inside Graphviz's SVG, where Graphviz escapes `&`, `<`, `>` and quotes; and in a
/// `<script type="application/json">` block, where `<`, `>`, `&`, U+2028 and U+2029 are written as
/// `\u` escapes so no `</script>` or comment can end the block. The script builds its panels with
/// `textContent`, never with markup.
public enum HTMLExplorer {
    /// Above this many drawn services, focusing hides the rest instead of dimming it (drawing a
    /// few hundred services instead of thousands keeps pan and zoom smooth).
    public static let hideRestAbove = 1_500

    public static func page(svg: String, document: GraphDocument, analysis: Analysis, options: RenderOptions) -> String {
        let data = ExplorerData(document: document, analysis: analysis, options: options)
        let caption = document.title.joined(separator: " — ")
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
            <meta name="generator" content="\(ToolInfo.name) \(ToolInfo.version)">
            <title>digraph: \(escape(caption))</title>
            <style>
            """
        out += ExplorerAssets.style
        out += """
            </style>
            </head>
            <body>
            <header id="bar">
            <div id="brand"><strong>digraph</strong> <span id="caption">\(document.title.map(escape).joined(separator: " · "))</span></div>
            <div id="find"><input id="search" type="search" placeholder="Search services (/)" autocomplete="off" spellcheck="false" role="combobox" aria-autocomplete="list" aria-controls="suggestions" aria-expanded="false"><ul id="suggestions" role="listbox" hidden></ul></div>
            <label class="control">depth <input id="depth" type="number" min="0" max="99" value="\(max(0, options.depth))"></label>
            <label class="control"><input id="hide-rest" type="checkbox"> hide the rest</label>
            <button id="clear" type="button" title="Clear the focus and the highlighted finding (Esc)">Show all</button>
            <button id="fit" type="button" title="Fit to the window (0)">Fit</button>
            <button id="zoom-in" type="button" title="Zoom in (+)">+</button>
            <button id="zoom-out" type="button" title="Zoom out (-)">−</button>
            <span id="view-note" class="hint" hidden></span>
            </header>
            <div id="main">
            <aside id="side">
            <details id="details-panel" open><summary>Details</summary><div id="details"><p class="hint">Click a service, search for one, or pick a finding.</p></div></details>
            <details id="findings-panel" open><summary>Findings <span id="findings-count"></span></summary><ol id="findings"></ol></details>
            <details id="filters-panel"><summary>Filters</summary><div id="filters"></div></details>
            <details id="legend-panel" open><summary>Legend</summary>
            """
        out += legend(document.legend)
        out += "</details>\n</aside>\n<main id=\"viewport\" tabindex=\"0\" aria-label=\"dependency graph\"><div id=\"stage\"><div id=\"layout\">"
        out += inlineSVG(svg)
        out += "</div></div></main>\n</div>\n<script type=\"application/json\" id=\"digraph-data\">"
        out += jsonForScript(data)
        out += "</script>\n<script>\n"
        out += ExplorerAssets.script
        out += "</script>\n</body>\n</html>\n"
        return out
    }

    /// Graphviz's SVG as an element of the page: from `<svg` on, without the XML declaration, the
    /// doctype and the comments (Graphviz writes each node's name in one). Bytes, in one pass: the
    /// SVG of a 5,000-service graph is megabytes.
    static func inlineSVG(_ svg: String) -> String {
        let bytes = Array(svg.utf8)
        let open = Array("<!--".utf8)
        let close = Array("-->".utf8)
        let start = Array("<svg".utf8)
        func matches(_ needle: [UInt8], at i: Int) -> Bool {
            guard i + needle.count <= bytes.count else { return false }
            for k in 0..<needle.count where bytes[i + k] != needle[k] { return false }
            return true
        }
        var i = 0
        while i < bytes.count, !matches(start, at: i) { i += 1 }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count - i)
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "<"), matches(open, at: i) {
                i += open.count
                while i < bytes.count, !matches(close, at: i) { i += 1 }
                i += close.count
                // The line the comment was on goes too.
                if i < bytes.count, bytes[i] == UInt8(ascii: "\n") { i += 1 }
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        while let last = out.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: " ") { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    /// Text for HTML element content and attribute values.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// JSON that can sit inside `<script type="application/json">`: nothing in it can close the
    /// element or open a comment, and it is still the same JSON (`\u003c` is `<` to JSON.parse).
    static func jsonForScript<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers, booleans and arrays of them: encoding cannot fail.
        let json = String(decoding: try! encoder.encode(value), as: UTF8.self)
        return escapeForScript(json)
    }

    public static func escapeForScript(_ json: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(json.utf8.count + json.utf8.count / 16)
        let utf8 = Array(json.utf8)
        var i = 0
        while i < utf8.count {
            let byte = utf8[i]
            switch byte {
            case UInt8(ascii: "<"): out += Array("\\u003c".utf8)
            case UInt8(ascii: ">"): out += Array("\\u003e".utf8)
            case UInt8(ascii: "&"): out += Array("\\u0026".utf8)
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
            case 0xE2 where i + 2 < utf8.count && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9):
                out += Array((utf8[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                i += 3
                continue
            default: out.append(byte)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Legend

    /// The legend as HTML with small inline SVG samples, the same looks as the picture's.
    static func legend(_ legend: GraphDocument.Legend?) -> String {
        guard let legend else { return "<p class=\"hint\">Nothing drawn.</p>" }
        var rows: [String] = []
        func row(_ sample: String, _ text: String) {
            rows.append("<li><svg class=\"sample\" width=\"46\" height=\"20\" viewBox=\"0 0 46 20\">\(sample)</svg>\(escape(text))</li>")
        }
        func box(fill: String, stroke: String = Style.border, width: Double = 1, dash: String? = nil, rx: Int = 0) -> String {
            let dashed = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
            return "<rect x=\"3\" y=\"3\" width=\"40\" height=\"14\" rx=\"\(rx)\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(width)\"\(dashed)/>"
        }
        func line(_ color: String, width: Double, dash: String? = nil) -> String {
            let dashed = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
            return "<line x1=\"2\" y1=\"10\" x2=\"36\" y2=\"10\" stroke=\"\(color)\" stroke-width=\"\(width)\"\(dashed)/>"
                + "<polygon points=\"36,6 44,10 36,14\" fill=\"\(color)\"/>"
        }
        var html = "<div id=\"legend\"><h4>lifetime</h4><ul>"
        for lifetime in legend.lifetimes {
            let look = Style.look(lifetime)
            let sample: String
            switch lifetime {
            case .transient:
                sample = "<ellipse cx=\"23\" cy=\"10\" rx=\"20\" ry=\"7\" fill=\"\(look.fill)\" stroke=\"\(Style.border)\"/>"
            case .graph: sample = box(fill: look.fill, rx: 6)
            case .unknown: sample = box(fill: look.fill, dash: "1,2")
            case .scoped:
                sample = box(fill: look.fill) + "<path d=\"M3 7 L7 3 M39 3 L43 7 M43 13 L39 17 M7 17 L3 13\" stroke=\"\(Style.border)\"/>"
            case .weak:
                sample = box(fill: look.fill) + "<path d=\"M37 3 L43 9\" stroke=\"\(Style.border)\"/>"
            case .singleton: sample = box(fill: look.fill)
            }
            row(sample, "\(lifetime.rawValue): \(look.shapeName)")
        }
        if legend.consumers { row(box(fill: Style.consumerLook.fill), "consumer: asks, nothing asks for it") }
        html += rows.joined() + "</ul>"
        rows = []
        if !legend.edgeKinds.isEmpty {
            for kind in legend.edgeKinds {
                switch kind {
                case .eager: row(line(Style.edge, width: 1.2), "eager: while A is being built")
                case .deferred: row(line(Style.edge, width: 1.2, dash: "4,3"), "deferred: after A exists")
                case .optional: row(line(Style.edge, width: 1.2, dash: "1,3"), "optional resolve")
                }
            }
            html += "<h4>edge: A needs B</h4><ul>" + rows.joined() + "</ul>"
        }
        rows = []
        for rule in legend.findings {
            switch rule {
            case GraphDocument.cycleRule: row(line(Style.error, width: 3), "dependency cycle")
            case GraphDocument.mismatchRule: row(line(Style.orange, width: 2), "scope mismatch: a captive dependency")
            case GraphDocument.godRule: row(box(fill: "#ffffff", stroke: Style.orange, width: 3), "god singleton (fan-in)")
            case GraphDocument.missingRule:
                row(box(fill: Style.errorFill, stroke: Style.error, dash: "4,2"), "missing registration")
            default: break
            }
        }
        if !rows.isEmpty { html += "<h4>finding</h4><ul>" + rows.joined() + "</ul>" }
        html += "<h4>explorer</h4><ul class=\"keys\">"
            + "<li><span class=\"swatch seed\"></span>focused service</li>"
            + "<li><span class=\"swatch hl\"></span>highlighted by a finding</li>"
            + "<li>drag: pan · wheel: zoom · click: focus</li>"
            + "<li><kbd>/</kbd> search · <kbd>Esc</kbd> show all · <kbd>0</kbd> fit</li></ul></div>"
        return html
    }
}

// MARK: - The data the script reads

/// Everything the panels show, keyed by the SVG element ids. Short keys: a 5,000-service graph
/// carries tens of thousands of these.
struct ExplorerData: Encodable {
    struct Node: Encodable {
        var id: String
        /// The SVG element id.
        var el: String
        var type: String?
        /// A lifetime, `consumer`, or `missing` (requested, never registered): what the lifetime
        /// filter filters.
        var kind: String
        var lifetime: String?
        var detail: String?
        var style: String?
        var container: String?
        var programs: [String]
        var implementation: [String]
        var sites: [String]
        var note: String? = nil
    }

    struct Site: Encodable {
        var at: String?
        var timing: String
        var via: String
        var optional: Bool
    }

    struct Edge: Encodable {
        /// Indices into `nodes`.
        var f: Int
        var t: Int
        var kind: String
        var el: String
        var rules: [String]
        var sites: [Site]
    }

    struct Note: Encodable {
        var message: String
        var at: String?
    }

    struct Finding: Encodable {
        var rule: String
        var severity: String
        var message: String
        var at: String
        /// The services it names that are drawn (indices into `nodes`), primary first.
        var services: [Int]
        /// The drawn edges it is about: a cycle's hops, the edge between the primary service and
        /// each other service it names.
        var edges: [Int]
        /// Every service id it names, drawn or not.
        var names: [String]
        var notes: [Note]
        var program: String?
    }

    var title: [String]
    var nodes: [Node]
    var edges: [Edge]
    var findings: [Finding]
    var lifetimes: [String]
    var programs: [String]
    var styles: [String]
    /// `--focus`: the named services (indices), focused when the page opens.
    var seeds: [Int]
    var depth: Int
    var hideRest: Bool

    init(document: GraphDocument, analysis: Analysis, options: RenderOptions) {
        let graph = analysis.graph
        // With one program, services carry no program name: every service is in that one.
        let onlyProgram = analysis.programs.count == 1 ? analysis.programs[0].name : nil
        var index: [String: Int] = [:]
        var nodes: [Node] = []
        for node in document.nodes {
            // An id registered in one program and missing in another is one Graphviz node (the
            // later statement's id and classes win): one entry, with that element.
            if let existing = index[node.name] {
                nodes[existing].el = node.elementID
                if node.missing { nodes[existing].note = "also requested where nothing registers it (another program)" }
                continue
            }
            index[node.name] = nodes.count
            if node.missing {
                nodes.append(
                    Node(
                        id: node.name, el: node.elementID, type: nil, kind: "missing", lifetime: nil, detail: nil, style: nil,
                        container: nil, programs: [], implementation: [], sites: []))
                continue
            }
            let service = graph.service(node.name)
            let consumer = node.classes.contains("consumer")
            nodes.append(
                Node(
                    id: node.name, el: node.elementID, type: service?.type,
                    kind: consumer ? "consumer" : (node.lifetime?.rawValue ?? "unknown"), lifetime: service?.lifetime.rawValue,
                    detail: service?.lifetimeDetail, style: service?.style, container: service?.container,
                    programs: Self.programs(service?.program ?? onlyProgram), implementation: service?.implementation ?? [],
                    sites: service?.locations.map(\.description) ?? []))
        }

        var edges: [Edge] = []
        var edgeIndex: [Pair: [Int]] = [:]
        for edge in document.edges {
            guard let from = index[edge.from], let to = index[edge.to] else { continue }
            let originals = graph.outgoing(edge.from).filter { $0.to == edge.to && GraphDocument.kind($0) == edge.kind }
            let rules = edge.classes.filter { !GraphDocument.EdgeKind.allCases.map(\.rawValue).contains($0) && $0 != "missing" }
            edgeIndex[Pair(from: edge.from, to: edge.to), default: []].append(edges.count)
            edges.append(
                Edge(
                    f: from, t: to, kind: edge.kind.rawValue, el: edge.elementID, rules: rules,
                    sites: originals.map {
                        Site(at: $0.location?.description, timing: $0.timing.rawValue, via: $0.via.rawValue, optional: $0.optional)
                    }))
        }

        var findings: [Finding] = []
        if options.showFindings {
            for d in analysis.diagnostics where d.suppressed != true {
                let drawn = d.services.compactMap { index[$0] }
                var seen: Set<Int> = []
                var about: [Int] = []
                func add(_ a: String, _ b: String) {
                    for k in edgeIndex[Pair(from: a, to: b), default: []] where seen.insert(k).inserted { about.append(k) }
                }
                if let path = d.path {
                    for (a, b) in zip(path, path.dropFirst()) { add(a, b) }
                } else if let primary = d.services.first {
                    for other in d.services.dropFirst() {
                        add(primary, other)
                        add(other, primary)
                    }
                }
                var ordered: [Int] = []
                for i in drawn where !ordered.contains(i) { ordered.append(i) }
                findings.append(
                    Finding(
                        rule: d.rule, severity: d.severity.rawValue, message: d.message, at: d.location.description,
                        services: ordered, edges: about, names: d.services,
                        notes: d.notes.map { Note(message: $0.message, at: $0.location?.description) }, program: d.program))
            }
        }

        self.title = document.title
        self.nodes = nodes
        self.edges = edges
        self.findings = findings
        let kinds = Set(nodes.map(\.kind))
        self.lifetimes = (Lifetime.allCases.map(\.rawValue) + ["consumer", "missing"]).filter(kinds.contains)
        self.programs = Set(nodes.flatMap(\.programs)).sorted()
        self.styles = Set(nodes.compactMap(\.style)).sorted()
        self.seeds = document.nodes.indices.filter { document.nodes[$0].focused }
        self.depth = max(0, options.depth)
        self.hideRest = document.serviceCount > HTMLExplorer.hideRestAbove
    }

    /// `App, Widget` -> the two names.
    static func programs(_ joined: String?) -> [String] {
        guard let joined, !joined.isEmpty else { return [] }
        return joined.components(separatedBy: ", ").filter { !$0.isEmpty }
    }
}
