import DigraphCore

/// What a set of snapshot documents says, in the graph model's terms (before any merge).
struct SnapshotSide {
    var services: [String: Service] = [:]
    /// Document path of each service and edge's origin, for messages.
    var origin: [String: String] = [:]
    var edges: [Edge] = []
    var edgeOrigins: [String] = []
    var rootRequests: [Edge] = []
    var forwarded: [String: [String]] = [:]
    var unanalyzable: [UnanalyzableFact] = []
    /// Alias id (type forwarding) -> the id it forwards to.
    var aliasTarget: [String: String] = [:]
    /// Services whose factory ran to the end in a `runtime-probe` snapshot: their edges are complete.
    var probed: Set<String> = []
    /// Requesters seen in edges that no registration declares (a view model asking a locator).
    var implicitRequesters: Set<String> = []
    /// `style` of the registrations, per the generators' frameworks.
    var styles: Set<String> = []

    static func style(forFramework framework: String) -> String {
        let key = framework.lowercased().filter { $0.isLetter }
        switch key {
        case "swinject": return Registry.swinject.style
        case "servicelocator": return Registry.serviceLocator.style
        default: return "snapshot"
        }
    }

    init(_ documents: [SnapshotDocument], configuration: Configuration) {
        for document in documents { add(document, configuration: configuration) }
    }

    private mutating func add(_ document: SnapshotDocument, configuration: Configuration) {
        let style = Self.style(forFramework: document.generator.framework)
        styles.insert(style)
        let parents = Dictionary(document.containers.map { ($0.id, $0.parent) }, uniquingKeysWith: { a, _ in a })
        var containerOf: [String: String] = [:]

        // Aliases first, so that edges to them can be redirected.
        var aliases: [String: String] = [:]
        for service in document.services { if let target = service.aliasOf { aliases[service.id] = target } }
        func primary(_ id: String) -> String {
            var current = id
            var hops = 0
            while let next = aliases[current], hops < 32 {
                current = next
                hops += 1
            }
            return current
        }

        for entry in document.services {
            if entry.aliasOf != nil {
                let target = primary(entry.id)
                aliasTarget[entry.id] = target
                forwarded[entry.type, default: []].append(target)
                continue
            }
            if let container = entry.container { containerOf[entry.id] = container }
            var lifetime = entry.lifetime
            if let detail = entry.lifetimeDetail, let configured = configuration.lifetimes[detail] { lifetime = configured }
            let service = Service(
                id: entry.id, type: entry.type, name: entry.name, arguments: entry.arguments ?? [], lifetime: lifetime,
                lifetimeDetail: entry.lifetimeDetail, implementation: entry.implementation.sorted(), style: style,
                container: entry.container ?? style, locations: [entry.primaryLocation])
            if var existing = services[entry.id] {
                // A service in several snapshots: the first keeps its lifetime; the rest adds up.
                existing.implementation = Array(Set(existing.implementation + service.implementation)).sorted()
                existing.locations = Array(Set(existing.locations + service.locations)).sorted()
                services[entry.id] = existing
            } else {
                services[entry.id] = service
                origin[entry.id] = document.path
            }
            if document.generator.source == .runtimeProbe, entry.probe == nil || entry.probe?.status == .ok {
                probed.insert(entry.id)
            }
        }

        /// A request from `from`'s container reaches `to` when `to` lives there or in an ancestor.
        func visible(from: String, to: String) -> Bool {
            guard let target = containerOf[to], let start = containerOf[from] else { return true }
            var current: String? = start
            var hops = 0
            while let container = current, hops <= parents.count {
                if container == target { return true }
                current = parents[container] ?? nil
                hops += 1
            }
            return false
        }

        let declared = Set(document.services.filter { $0.aliasOf == nil }.map(\.id))
        for entry in document.edges {
            let from = primary(entry.from)
            let to = primary(entry.to)
            let parts = ServiceIDParts(entry.to)
            let request = RequestDetail(
                type: entry.type ?? parts.type, name: entry.name ?? parts.name,
                argumentTypes: entry.arguments ?? parts.arguments, registry: .unspecified)
            let missing = !declared.contains(to) || entry.status == .missing || !visible(from: from, to: to)
            let edge = Edge(
                from: from, to: to, timing: entry.timing, via: .snapshot, optional: entry.kind == .optionalResolve,
                retained: entry.kind != .provider, missing: missing, location: entry.primaryLocation, request: request)
            if entry.from == Edge.rootRequester {
                rootRequests.append(edge)
                continue
            }
            if !declared.contains(from) && services[from] == nil {
                implicitRequesters.insert(from)
                services[from] = Service(
                    id: from, type: ServiceIDParts(from).type, lifetime: .unknown, lifetimeDetail: "not registered",
                    style: "initializer", locations: [entry.primaryLocation])
                origin[from] = document.path
            }
            edges.append(edge)
            edgeOrigins.append(document.path)
        }

        for diagnostic in document.diagnostics {
            let location = diagnostic.service.flatMap { document.service($0)?.primaryLocation } ?? diagnostic.location
            var message = "\(document.generator.name): \(diagnostic.message)"
            if let code = diagnostic.code { message += " [\(code)]" }
            unanalyzable.append(UnanalyzableFact(message: message, service: diagnostic.service, location: location))
        }
    }

    func graph() -> DependencyGraph {
        DependencyGraph(
            services: Array(services.values), edges: Self.deduplicated(edges), rootRequests: Self.deduplicated(rootRequests),
            unanalyzable: unanalyzable, forwardedTypes: forwarded.mapValues { Array(Set($0)).sorted() })
    }

    /// One edge per (from, to, timing, missing, optional, retained), at its first location.
    static func deduplicated(_ edges: [Edge]) -> [Edge] {
        struct Key: Hashable {
            var from, to: String
            var timing: Timing
            var missing, optional, retained: Bool
        }
        var seen: Set<Key> = []
        return edges.sorted(by: { ($0.from, $0.to, $0.location?.description ?? "") < ($1.from, $1.to, $1.location?.description ?? "") })
            .filter {
                seen.insert(Key(from: $0.from, to: $0.to, timing: $0.timing, missing: $0.missing, optional: $0.optional, retained: $0.retained))
                    .inserted
            }
    }
}
