/// Which Graphviz engine lays the picture out, tuned how, so that any graph renders in bounded
/// time. Graphviz cannot be interrupted once `gvLayout` runs, so the bound comes from choosing
/// before it starts, from the graph's size and shape.
///
/// Measured on a 2-core machine with Graphviz 2.42 (see `digraph-bench render` and docs/render.md):
///
/// - `dot`'s cost is network simplex (`nslimit`), crossing minimisation (`mclimit`,
///   `remincross`, `searchsize`) and spline routing (`splines`), and it grows with two things:
///   wide ranks (hundreds of services that all use one logger sit side by side: 1000 such
///   services take 14 s with the defaults) and long edges (every rank an edge crosses is a
///   virtual node: 1000 services whose edges cross 9000 ranks in all take 3 s, 1500 take 12 s).
///   Capped and with straight edges, 2000 services crossing 20 000 ranks take 3 s; 800 services
///   with 6500 edges crossing 80 000 ranks take 16 s.
/// - `sfdp`: 2 s at 5000 services (12 000 edges) without overlap removal, 5.7 s with `prism`,
///   2.4 s with ten rounds of it (`prism10`); routed `splines` cost far more (40 s at 5000), so
///   its edges stay straight.
/// - `neato` (stress majorization, with `prism`): 1 s at 500 services, 4 s at 1000, 18 s at 2000.
/// - `fdp`: 0.5 s at 500 services, but 7 s at 300 around one hub. `circo`: 2 s at 100, 7 s at 150.
public struct LayoutPlan: Sendable, Equatable {
    public var engine: LayoutEngine
    /// Graph attributes for the engine, in order (written into the DOT text).
    public var attributes: [(String, String)]
    /// `full`, or `fast`: tuned for time at some cost in looks.
    public var quality: Quality
    /// One line for stderr when digraph switched engine or traded looks for time, saying why.
    public var notice: String?

    public enum Quality: String, Sendable {
        case full
        case fast
    }

    public static func == (a: LayoutPlan, b: LayoutPlan) -> Bool {
        a.engine == b.engine && a.quality == b.quality && a.notice == b.notice
            && a.attributes.map { "\($0.0)=\($0.1)" } == b.attributes.map { "\($0.0)=\($0.1)" }
    }

    /// What the engines' cost depends on.
    public struct Size: Sendable, Equatable {
        public var nodes: Int
        public var edges: Int
        /// Ranks crossed by all edges together in a longest-path layering: `dot` adds a virtual
        /// node for each (its network simplex shortens them, so this is an upper bound).
        public var rankSpan: Int

        public init(nodes: Int, edges: Int, rankSpan: Int) {
            self.nodes = nodes
            self.edges = edges
            self.rankSpan = rankSpan
        }

        var description: String {
            "\(nodes) node\(nodes == 1 ? "" : "s") and \(edges) edge\(edges == 1 ? "" : "s")"
        }
    }

    public enum Limits {
        /// `dot` with its defaults while nodes + edges and nodes + rank span stay within these.
        public static let dotFullSize = 1_200
        public static let dotFullSpan = 5_000
        /// `dot` capped (`nslimit`, `mclimit`, straight edges) while both stay within these;
        /// beyond, `sfdp`.
        public static let dotFastSize = 7_000
        public static let dotFastSpan = 25_000
        /// `neato` up to here (nodes); beyond, `sfdp`.
        public static let neato = 1_000
        /// `fdp` up to here (nodes).
        public static let fdp = 200
        /// `circo` up to here (nodes).
        public static let circo = 100
        /// `sfdp` removes node overlaps completely (`overlap=prism`) up to here (nodes), then in ten
        /// rounds (`prism10`).
        public static let sfdpPrism = 3_000
    }

    // The force-directed engines start from random positions: a fixed seed (`start=1`) makes them
    // repeatable. (`fdp` still differs between renders in one process; `digraph render` makes one.)
    public static func choose(_ requested: LayoutEngine, size: Size, clusters: Bool) -> LayoutPlan {
        let nodes = size.nodes
        let small = size.nodes + size.edges
        let long = size.nodes + size.rankSpan
        switch requested {
        case .dot:
            if small <= Limits.dotFullSize && long <= Limits.dotFullSpan { return dot(fast: false) }
            if small <= Limits.dotFastSize && long <= Limits.dotFastSpan {
                var plan = dot(fast: true)
                plan.notice = "\(size.description): dot layout tuned for time (nslimit, mclimit, searchsize, straight edges)"
                return plan
            }
            let why =
                small > Limits.dotFastSize
                ? "\(size.description) are more than dot lays out in bounded time (limit: \(Limits.dotFastSize) nodes + edges)"
                : "\(size.description) crossing \(size.rankSpan) ranks are more than dot lays out in bounded time "
                    + "(limit: \(Limits.dotFastSpan) nodes + ranks crossed)"
            return switchToSFDP(nodes: nodes, clusters: clusters, why: why)
        case .sfdp:
            return sfdp(nodes: nodes)
        case .neato:
            if nodes <= Limits.neato {
                return LayoutPlan(
                    engine: .neato, attributes: [("start", "1"), ("overlap", "prism"), ("sep", "+6")], quality: .full,
                    notice: nil)
            }
            return switchToSFDP(
                nodes: nodes, clusters: clusters,
                why: "\(size.description) are more than neato lays out quickly (limit: \(Limits.neato) nodes)")
        case .fdp:
            if nodes <= Limits.fdp {
                return LayoutPlan(
                    engine: .fdp, attributes: [("start", "1"), ("overlap", "prism"), ("sep", "+6")], quality: .full,
                    notice: nil)
            }
            return switchToSFDP(
                nodes: nodes, clusters: clusters,
                why: "\(size.description) are more than fdp lays out quickly (limit: \(Limits.fdp) nodes)")
        case .circo:
            if nodes <= Limits.circo {
                return LayoutPlan(engine: .circo, attributes: [], quality: .full, notice: nil)
            }
            return switchToSFDP(
                nodes: nodes, clusters: clusters,
                why: "\(size.description) are more than circo lays out quickly (limit: \(Limits.circo) nodes)")
        }
    }

    private static func dot(fast: Bool) -> LayoutPlan {
        // `newrank` ranks all nodes together, so an edge between two clusters points the same way
        // as any other (without it, clusters that depend on each other are drawn backwards).
        // Long edges become chains of virtual nodes, each `nodesep` apart: at 500 services they,
        // not the services, set the height, so the fast plan packs them twice as tight.
        var attributes: [(String, String)] = [
            ("rankdir", "LR"), ("newrank", "true"), ("ranksep", "0.6"), ("nodesep", fast ? "0.1" : "0.25"),
        ]
        if fast {
            attributes += [
                ("nslimit", "0.2"), ("nslimit1", "0.2"), ("mclimit", "0.05"), ("remincross", "false"),
                ("searchsize", "10"), ("splines", "line"),
            ]
        }
        return LayoutPlan(engine: .dot, attributes: attributes, quality: fast ? .fast : .full, notice: nil)
    }

    private static func sfdp(nodes: Int) -> LayoutPlan {
        if nodes <= Limits.sfdpPrism {
            return LayoutPlan(
                engine: .sfdp, attributes: [("start", "1"), ("overlap", "prism"), ("sep", "+4")], quality: .full,
                notice: nil)
        }
        // Ten rounds of overlap removal instead of as many as it takes: 2.4 s rather than 5.7 s at
        // 5000 services, and still no overlaps to speak of. (`overlap=scale` is as fast but blows
        // the picture up to hundreds of metres; no removal leaves an unreadable heap.)
        return LayoutPlan(
            engine: .sfdp, attributes: [("start", "1"), ("overlap", "prism10"), ("sep", "+4")], quality: .fast, notice: nil)
    }

    private static func switchToSFDP(nodes: Int, clusters: Bool, why: String) -> LayoutPlan {
        var plan = sfdp(nodes: nodes)
        var notice = "\(why); using sfdp instead"
        if clusters { notice += " (sfdp does not draw clusters)" }
        plan.notice = notice
        return plan
    }
}

extension LayoutPlan.Size {
    /// The size of a document's graph, with its rank span from a longest-path layering (edges
    /// that close a cycle are counted reversed, as `dot` does).
    public init(_ document: GraphDocument) {
        var index: [String: Int] = [:]
        for (i, node) in document.nodes.enumerated() { index[node.name] = i }
        let pairs = document.edges.compactMap { edge -> (Int, Int)? in
            guard let from = index[edge.from], let to = index[edge.to], from != to else { return nil }
            return (from, to)
        }
        self.init(
            nodes: document.nodes.count, edges: document.edges.count,
            rankSpan: Self.rankSpan(nodes: document.nodes.count, edges: pairs))
    }

    /// Σ |rank(from) − rank(to)| where a node's rank is the longest path below it.
    static func rankSpan(nodes: Int, edges: [(Int, Int)]) -> Int {
        var successors = Array(repeating: [Int](), count: nodes)
        for (from, to) in edges { successors[from].append(to) }
        // Iterative DFS; an edge to a node still on the stack closes a cycle and is ignored for ranks.
        var state = Array(repeating: 0, count: nodes)  // 0 new, 1 on the stack, 2 done
        var rank = Array(repeating: 0, count: nodes)
        for root in 0..<nodes where state[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                let list = successors[top.node]
                if top.next < list.count {
                    stack[stack.count - 1].next += 1
                    let child = list[top.next]
                    if state[child] == 0 {
                        state[child] = 1
                        stack.append((child, 0))
                    }
                } else {
                    var r = 0
                    for child in list where state[child] == 2 { r = max(r, rank[child] + 1) }
                    rank[top.node] = r
                    state[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        return edges.reduce(0) { $0 + abs(rank[$1.0] - rank[$1.1]) }
    }
}
