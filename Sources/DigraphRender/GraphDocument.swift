import DigraphCore

/// What the picture shows, before any DOT or Graphviz: services, edges, clusters, a legend, each
/// with its look, its SVG id and classes. Pure values, built from an `Analysis` and the options;
/// `DOTWriter` turns it into text.
///
/// On purpose there is no edge `label`: Graphviz 2.42 frees memory twice in `gvFreeLayout` on
/// graphs with clusters and labelled edges (see `docs/render.md`). What an edge would say goes in
/// its tooltip.
public struct GraphDocument: Sendable, Equatable {
    public struct Node: Sendable, Equatable {
        /// The service id: the DOT node name, hence the SVG `<title>`.
        public var name: String
        /// The SVG element id, `service-…`, unique in the document.
        public var elementID: String
        /// SVG classes (Graphviz adds `node` in front).
        public var classes: [String]
        public var lines: [String]
        public var shape: String
        public var style: [String]
        public var fill: String
        public var color: String
        public var fontColor: String?
        public var penWidth: String?
        public var tooltip: [String]
        /// The key of the cluster it is drawn in.
        public var cluster: String?
        /// A requested id that nothing registers.
        public var missing: Bool
        public var lifetime: Lifetime?
        /// Named by `--focus`: drawn in bold.
        public var focused: Bool = false
    }

    public struct Edge: Sendable, Equatable {
        public var from: String
        public var to: String
        public var kind: EdgeKind
        public var elementID: String
        /// SVG classes (Graphviz adds `edge` in front).
        public var classes: [String]
        public var color: String
        public var penWidth: String?
        public var tooltip: [String]
    }

    public enum EdgeKind: String, Sendable, CaseIterable {
        /// Obtained while the requester is being built: solid.
        case eager
        /// Obtained later (`initCompleted`, a property wrapper, a method): dashed.
        case deferred
        /// A resolve written to tolerate absence: dotted.
        case optional

        public var lineStyle: String {
            switch self {
            case .eager: return "solid"
            case .deferred: return "dashed"
            case .optional: return "dotted"
            }
        }
    }

    public struct Cluster: Sendable, Equatable {
        public var key: String
        public var elementID: String
        public var label: String
        public var classes: [String]
    }

    public struct Legend: Sendable, Equatable {
        public var lifetimes: [Lifetime]
        /// Whether consumers (types that ask for services and that nothing asks for) are drawn.
        public var consumers: Bool = false
        public var edgeKinds: [EdgeKind]
        /// Rule ids whose drawing appears in the picture, in legend order.
        public var findings: [String]
    }

    /// The caption, one line each.
    public var title: [String]
    /// Services first (sorted by id), then requested ids nothing registers.
    public var nodes: [Node]
    public var edges: [Edge]
    public var clusters: [Cluster]
    public var legend: Legend?

    public var serviceCount: Int { nodes.filter { !$0.missing }.count }
}

// MARK: - Building

extension GraphDocument {
    /// Rules with a drawing of their own.
    static let cycleRule = "dependency_cycle"
    static let missingRule = "missing_registration"
    static let mismatchRule = "scope_mismatch"
    static let godRule = "god_singleton"

    public init(_ analysis: Analysis, options: RenderOptions = RenderOptions()) throws(RenderError) {
        let graph = analysis.graph
        let findings = options.showFindings ? analysis.diagnostics.filter { $0.suppressed != true } : []
        let index = FindingIndex(findings)

        // Every vertex: the services, then what is requested and never registered.
        var missing = Set(graph.edges.filter(\.missing).map(\.to))
        for id in index.missingFindings.keys where !graph.contains(id) { missing.insert(id) }
        let serviceIDs = graph.services.map(\.id)

        let kept: Set<String>
        var focused: Set<String> = []
        if options.focus.isEmpty {
            kept = Set(serviceIDs).union(missing)
        } else {
            focused = try Focus.seeds(options.focus, graph: graph, missing: missing)
            kept = Focus.neighbourhood(of: focused, depth: options.depth, graph: graph, missing: missing)
        }

        var ids = ElementIDs()
        var nodes: [Node] = []
        for service in graph.services where kept.contains(service.id) {
            nodes.append(Self.node(for: service, graph: graph, index: index, ids: &ids))
        }
        for id in missing.sorted() where kept.contains(id) {
            nodes.append(Self.missingNode(id, graph: graph, index: index, ids: &ids))
        }

        for i in nodes.indices where focused.contains(nodes[i].name) {
            nodes[i].focused = true
            nodes[i].classes.append("focus")
        }

        var edges: [Edge] = []
        var groups: [(key: EdgeKey, edges: [DigraphCore.Edge])] = []
        var position: [EdgeKey: Int] = [:]
        for edge in graph.edges where kept.contains(edge.from) && kept.contains(edge.to) {
            let key = EdgeKey(from: edge.from, to: edge.to, kind: Self.kind(edge))
            if let i = position[key] {
                groups[i].edges.append(edge)
            } else {
                position[key] = groups.count
                groups.append((key, [edge]))
            }
        }
        for group in groups {
            edges.append(Self.edge(group.key, group.edges, graph: graph, index: index, ids: &ids))
        }

        var clusters: [Cluster] = []
        if options.clustering != .none {
            for i in nodes.indices where !nodes[i].missing {
                nodes[i].cluster = graph.service(nodes[i].name).flatMap { Self.clusterKey($0, options.clustering) }
            }
            let keys = Set(nodes.compactMap(\.cluster)).sorted()
            for key in keys {
                clusters.append(
                    Cluster(
                        key: key, elementID: ids.make("cluster-" + DOTText.slug(key)),
                        label: key, classes: ["cluster-\(options.clustering.rawValue)"]))
            }
        }

        self.nodes = nodes
        self.edges = edges
        self.clusters = clusters
        self.title = Self.title(options: options, nodes: nodes, edges: edges, findings: findings, kept: kept)
        self.legend = nodes.isEmpty ? nil : Self.legend(nodes: nodes, edges: edges)
    }

    static func kind(_ edge: DigraphCore.Edge) -> EdgeKind {
        if edge.optional { return .optional }
        return edge.timing == .eager ? .eager : .deferred
    }

    // MARK: Nodes

    /// A composition root or a screen: a plain type whose code asks for services and that no
    /// service depends on. It is not a service with a lifetime, so it is drawn apart.
    static func isConsumer(_ service: Service, in graph: DependencyGraph) -> Bool {
        service.style == "initializer" && graph.incoming(service.id).isEmpty && !graph.outgoing(service.id).isEmpty
    }

    private static func node(
        for service: Service, graph: DependencyGraph, index: FindingIndex, ids: inout ElementIDs
    ) -> Node {
        let consumer = isConsumer(service, in: graph)
        let look = consumer ? Style.consumerLook : Style.look(service.lifetime)
        var lines = [service.id]
        if !service.implementation.isEmpty && service.implementation != [service.type] {
            lines.append(implementationLine(service.implementation))
        }
        let attached = index.byService[service.id, default: []]
        let rules = orderedRules(attached)
        var color = Style.border
        var penWidth: String?
        let coloured = attached.filter { $0.rule != mismatchRule && $0.rule != missingRule && $0.severity != .note }
        if let worst = coloured.map(\.severity).max() {
            color = Style.color(worst)
            penWidth = Style.findingPenWidth
        }
        if let fanIn = index.godFanIn[service.id] {
            lines.append("fan-in \(fanIn)")
            penWidth = Style.godPenWidth
        }
        if index.cycleNodes.contains(service.id) {
            color = Style.error
            if penWidth != Style.godPenWidth { penWidth = Style.cyclePenWidth }
        }

        var tooltip = [service.id]
        var lifetime = consumer ? "consumer: asks for services, nothing asks for it" : "lifetime: \(service.lifetime.rawValue)"
        if let detail = service.lifetimeDetail, detail != service.lifetime.rawValue { lifetime += " (\(detail))" }
        tooltip.append(lifetime)
        if !service.implementation.isEmpty { tooltip.append("implementation: " + service.implementation.joined(separator: ", ")) }
        var origin = "style: \(service.style)"
        if let container = service.container { origin += ", container: \(container)" }
        tooltip.append(origin)
        if let first = service.locations.first {
            let more = service.locations.count > 1 ? " (+\(service.locations.count - 1) more)" : ""
            tooltip.append("at \(first)\(more)")
        }
        tooltip.append("fan-in \(graph.fanIn(service.id)), fan-out \(graph.fanOut(service.id))")
        tooltip += attached.map(describe)

        return Node(
            name: service.id, elementID: ids.make("service-" + DOTText.slug(service.id)),
            classes: [consumer ? "consumer" : service.lifetime.rawValue, "style-" + DOTText.slug(service.style)] + rules,
            lines: lines, shape: look.shape, style: ["filled"] + look.flags, fill: look.fill, color: color,
            fontColor: nil, penWidth: penWidth, tooltip: tooltip, cluster: nil, missing: false,
            lifetime: consumer ? nil : service.lifetime)
    }

    private static func implementationLine(_ implementation: [String]) -> String {
        let shown = implementation.prefix(3).joined(separator: ", ")
        return implementation.count > 3 ? "\(shown) +\(implementation.count - 3)" : shown
    }

    private static func missingNode(_ id: String, graph: DependencyGraph, index: FindingIndex, ids: inout ElementIDs) -> Node {
        let attached = index.byService[id, default: []]
        let finding = index.missingFindings[id]
        let requesters = Set(graph.incoming(id).map(\.from)).sorted()
        var tooltip = ["\(id): nothing registers it"]
        if !requesters.isEmpty { tooltip.append("requested by " + requesters.joined(separator: ", ")) }
        tooltip += attached.map(describe)
        // Without a finding (`--no-findings`, or an optional resolve whose finding was switched
        // off) the node is still drawn dashed, in grey: it is part of the graph.
        let color = finding.map { Style.color($0.severity) } ?? Style.note
        let fill = finding?.severity == .error ? Style.errorFill : "#ffffff"
        return Node(
            name: id, elementID: ids.make("missing-" + DOTText.slug(id)),
            classes: ["missing"] + orderedRules(attached), lines: [id, "not registered"], shape: "box",
            style: ["dashed", "filled"], fill: fill, color: color, fontColor: color,
            penWidth: finding == nil ? nil : Style.findingPenWidth, tooltip: tooltip, cluster: nil, missing: true,
            lifetime: nil)
    }

    // MARK: Edges

    struct EdgeKey: Hashable {
        var from: String
        var to: String
        var kind: EdgeKind
    }

    private static func edge(
        _ key: EdgeKey, _ originals: [DigraphCore.Edge], graph: DependencyGraph, index: FindingIndex,
        ids: inout ElementIDs
    ) -> Edge {
        let pair = Pair(from: key.from, to: key.to)
        var classes = [key.kind.rawValue]
        var color = Style.edge
        var penWidth: String?
        var tooltip = ["\(key.from) → \(key.to) (\(key.kind.rawValue))"]
        if originals.contains(where: \.missing) {
            classes.append("missing")
            if let finding = index.missingFindings[key.to] {
                classes.append(missingRule)
                color = Style.color(finding.severity)
            }
        }
        if let mismatch = index.mismatches[pair], originals.contains(where: { $0.timing == .eager || $0.retained }),
            let holder = graph.service(key.from), let held = graph.service(key.to)
        {
            classes.append(mismatchRule)
            color = Style.orange
            penWidth = Style.mismatchPenWidth
            tooltip.insert("\(holder.lifetime.rawValue) → \(held.lifetime.rawValue): \(mismatch.message)", at: 0)
        }
        if index.cycleEdges.contains(pair), originals.contains(where: { $0.timing == .eager }) {
            classes.append(cycleRule)
            color = Style.error
            penWidth = Style.cyclePenWidth
            if let cycle = index.cycles[pair] { tooltip.insert("cycle: " + cycle.joined(separator: " → "), at: 0) }
        }
        for edge in originals.prefix(5) {
            var site = "\(edge.timing.rawValue) via \(edge.via.rawValue)"
            if edge.optional { site += ", optional" }
            if let location = edge.location { site += " at \(location)" }
            tooltip.append(site)
        }
        if originals.count > 5 { tooltip.append("+\(originals.count - 5) more") }

        var id = "edge-" + DOTText.slug(key.from) + "--" + DOTText.slug(key.to)
        if key.kind != .eager { id += "--" + key.kind.rawValue }
        return Edge(
            from: key.from, to: key.to, kind: key.kind, elementID: ids.make(id), classes: classes, color: color,
            penWidth: penWidth, tooltip: tooltip)
    }

    // MARK: Clusters, caption, legend

    static func clusterKey(_ service: Service, _ clustering: Clustering) -> String? {
        switch clustering {
        case .none: return nil
        case .file: return service.locations.first?.file
        case .module: return service.locations.first.map { moduleName(ofFile: $0.file) }
        case .container: return service.container
        case .style: return service.style
        }
    }

    /// SwiftPM's layout: the folder right under `Sources/` (`Sources/App/Cart/X.swift` -> `App`);
    /// otherwise the file's folder; `.` for a file at the top.
    static func moduleName(ofFile file: String) -> String {
        let parts = file.split(separator: "/").map(String.init)
        if let i = parts.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }), i + 2 < parts.count {
            return parts[i + 1]
        }
        return parts.count >= 2 ? parts[parts.count - 2] : "."
    }

    private static func title(
        options: RenderOptions, nodes: [Node], edges: [Edge], findings: [Diagnostic], kept: Set<String>
    ) -> [String] {
        var lines: [String] = []
        if let title = options.title, !title.isEmpty { lines.append(title) }
        let services = nodes.filter { !$0.missing }.count
        var summary = "\(services) service\(services == 1 ? "" : "s"), \(edges.count) edge\(edges.count == 1 ? "" : "s")"
        if options.showFindings {
            let shown = findings.filter { d in d.services.contains { kept.contains($0) } }
            let counts = [(Severity.error, "error"), (.warning, "warning"), (.note, "note")].compactMap {
                severity, word -> String? in
                let n = shown.filter { $0.severity == severity }.count
                return n == 0 ? nil : "\(n) \(word)\(n == 1 ? "" : "s")"
            }
            summary += counts.isEmpty ? "; no findings" : "; " + counts.joined(separator: ", ")
        }
        lines.append(summary)
        if !options.focus.isEmpty {
            lines.append("focus: \(options.focus.joined(separator: ", ")) (depth \(options.depth))")
        }
        return lines
    }

    private static func legend(nodes: [Node], edges: [Edge]) -> Legend {
        let lifetimes = Set(nodes.compactMap(\.lifetime)).sorted()
        let kinds = EdgeKind.allCases.filter { kind in edges.contains { $0.kind == kind } }
        let classes = Set(nodes.flatMap(\.classes) + edges.flatMap(\.classes))
        let drawn = [cycleRule, missingRule, mismatchRule, godRule].filter(classes.contains)
        var legend = Legend(lifetimes: lifetimes, edgeKinds: kinds, findings: drawn)
        legend.consumers = nodes.contains { $0.classes.contains("consumer") }
        return legend
    }

    static func describe(_ d: Diagnostic) -> String { "\(d.severity.rawValue): \(d.message) [\(d.rule)]" }

    static func orderedRules(_ findings: [Diagnostic]) -> [String] {
        var seen: Set<String> = []
        return findings.map(\.rule).sorted().filter { seen.insert($0).inserted }
    }
}

/// A directed pair of service ids.
struct Pair: Hashable {
    var from: String
    var to: String
}

/// The findings, indexed by what they are drawn on.
struct FindingIndex {
    /// Each finding under its primary service, and under every member of a cycle.
    var byService: [String: [Diagnostic]] = [:]
    var cycleEdges: Set<Pair> = []
    var cycleNodes: Set<String> = []
    var cycles: [Pair: [String]] = [:]
    var mismatches: [Pair: Diagnostic] = [:]
    /// The most severe `missing_registration` per requested id.
    var missingFindings: [String: Diagnostic] = [:]
    var godFanIn: [String: Int] = [:]

    init(_ findings: [Diagnostic]) {
        for d in findings {
            guard let primary = d.services.first else { continue }
            switch d.rule {
            case GraphDocument.cycleRule:
                let path = d.path ?? (d.services + [primary])
                for (a, b) in zip(path, path.dropFirst()) {
                    cycleEdges.insert(Pair(from: a, to: b))
                    if cycles[Pair(from: a, to: b)] == nil { cycles[Pair(from: a, to: b)] = path }
                }
                let members = Set(path)
                cycleNodes.formUnion(members)
                for id in members.sorted() { byService[id, default: []].append(d) }
                continue
            case GraphDocument.mismatchRule where d.services.count >= 2:
                let pair = Pair(from: d.services[0], to: d.services[1])
                if mismatches[pair] == nil { mismatches[pair] = d }
            case GraphDocument.missingRule:
                if let existing = missingFindings[primary], existing.severity >= d.severity {} else {
                    missingFindings[primary] = d
                }
            case GraphDocument.godRule:
                godFanIn[primary] = d.services.count - 1
            default:
                break
            }
            byService[primary, default: []].append(d)
        }
    }
}

/// Unique SVG element ids, in the order they are asked for: `x`, then `x-2`, `x-3`.
struct ElementIDs {
    private var used: Set<String> = ["legend", "graph0"]

    mutating func make(_ base: String) -> String {
        var id = base
        var n = 2
        while !used.insert(id).inserted {
            id = "\(base)-\(n)"
            n += 1
        }
        return id
    }
}
