/// What the merge of several programs' findings needs of each program's graph, and what its
/// one-line summary counts: small beside the graph, so that a run reporting findings only takes a
/// program's analysis from the cache without decoding its graph.
public struct ProgramDigest: Codable, Sendable, Equatable {
    /// Each registered service's id and where it is first registered (the near misses of other
    /// programs name it).
    public var registrations: [String: SourceLocation]
    /// Registered services with no known site.
    public var registrationsWithoutSite: [String]
    /// Services some request names with a known reason for missing (`promised()`, a key without
    /// `liveValue`): a program declaring them lacks them too.
    public var declaredMissing: [String]
    /// Every service's id and style, in the graph's order.
    public var serviceIDs: [String]
    public var serviceStyles: [String]
    /// A stable 64-bit digest of each edge's identity (``ProgramGraphUnion`` counts edges by it).
    public var edges: [UInt64]

    public init(_ graph: DependencyGraph) {
        var registrations: [String: SourceLocation] = [:]
        var withoutSite: [String] = []
        for (id, site) in graph.registrationsByAnsweredID() {
            if let site { registrations[id] = site } else { withoutSite.append(id) }
        }
        withoutSite.sort()
        self.registrations = registrations
        registrationsWithoutSite = withoutSite
        declaredMissing = Array(Set(graph.allRequests.filter { $0.missingReason != nil }.map(\.to))).sorted()
        serviceIDs = graph.services.map(\.id)
        serviceStyles = graph.services.map(\.style)
        edges = graph.edges.map(Self.digest)
    }

    /// Whether the program registers `id`, and where first (nil inside: registered, no site).
    func registration(_ id: String) -> SourceLocation?? {
        if let site = registrations[id] { return .some(site) }
        return registrationsWithoutSite.contains(id) ? .some(nil) : nil
    }

    /// The fields ``ProgramGraphUnion`` tells edges apart by, hashed the same in every process.
    static func digest(_ edge: Edge) -> UInt64 {
        var text = edge.from + "\u{0}" + edge.to + "\u{0}" + edge.timing.rawValue + "\u{0}" + edge.via.rawValue + "\u{0}"
        text += (edge.optional ? "o" : "-") + (edge.retained ? "r" : "-") + (edge.missing ? "m" : "-")
        if let location = edge.location { text += "\u{0}\(location.file)\u{0}\(location.line)\u{0}\(location.column)" }
        // FNV-1a: stable across processes (unlike `Hasher`); 64 bits keep collisions among the
        // edges of one tree out of reach.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}

extension Coverage {
    /// The union graph's summary (``summary(services:edges:)``) from the programs' digests: a
    /// service once, with the style of the first program (in order) that has it; an edge once.
    public static func summary(of digests: [ProgramDigest]) -> String {
        var styles: [String: String] = [:]
        var order: [String] = []
        var edges: Set<UInt64> = []
        for digest in digests {
            for (id, style) in zip(digest.serviceIDs, digest.serviceStyles) where styles[id] == nil {
                styles[id] = style
                order.append(id)
            }
            edges.formUnion(digest.edges)
        }
        let byStyle = Dictionary(grouping: order, by: { styles[$0]! }).mapValues(\.count)
        // One program's graph is reported as it is; several are merged (``ProgramGraphUnion``).
        let edgeCount = digests.count == 1 ? digests[0].edges.count : edges.count
        return summary(styleCounts: byStyle, services: order.count, edges: edgeCount)
    }
}

extension DependencyGraph {
    /// Each registration by every id it answers to, with its first site: its own id, and what it
    /// also answers to (Swinject's `.implements(P.self)`: clipninja's app registers
    /// `KeyboardObserver` so, its package's tests do not).
    func registrationsByAnsweredID() -> [String: SourceLocation?] {
        var out: [String: SourceLocation?] = [:]
        for service in services where service.isRegistration { out[service.id] = service.locations.first }
        for (alias, ids) in forwardedTypes.sorted(by: { $0.key < $1.key }) {
            for id in ids {
                guard let service = service(id), service.isRegistration else { continue }
                let aliasID = ServiceID.typeKeyed(type: alias, name: service.name, arguments: service.arguments)
                if out[aliasID] == nil { out[aliasID] = service.locations.first }
            }
        }
        return out
    }
}
