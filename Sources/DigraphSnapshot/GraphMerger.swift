import DigraphCore

/// Builds the graph the rules run on from source facts, snapshots, or both.
///
/// - Snapshots only (`source == nil`): the snapshots' services and edges.
/// - Source only: the linker's graph.
/// - Both: the union, joined by service id, plus ``DriftFact``s for `snapshot_drift`.
///
/// Joining (docs/snapshots.md, "Merging"): a snapshot id is rewritten to the source's spelling of
/// its types first: a dotted type path that is not a source type is replaced by the longest of its
/// component suffixes that is one (`App.Logger` -> `Logger`, `App.Outer.Inner` -> `Outer.Inner`),
/// or by the one source type that ends with it (`Logger` -> `App.Logger`). Then it joins the source
/// service with the same type and name whose argument types match, `_` matching any type
/// (`ProductViewModel(String)` joins `ProductViewModel(_)`). A snapshot registration whose type the
/// source registers only under a name it could not read (`FeatureModule#?`) stays a service of its
/// own: the snapshot knows the name.
///
/// In the union a service keeps the source's locations and style; its lifetime is the snapshot's
/// (what actually ran) unless that is `unknown`. A request the source could not satisfy is
/// satisfied by a registration only the snapshot has. Edges present on both sides keep the source's
/// site.
public enum GraphMerger {
    public static func graph(source: [FileFacts]?, snapshots: [SnapshotDocument], configuration: Configuration)
        -> DependencyGraph
    {
        let linker = Linker(configuration: configuration)
        guard !snapshots.isEmpty else { return linker.link(source ?? []) }
        let side = SnapshotSide(snapshots, configuration: configuration)
        guard let source else { return side.graph() }
        var merge = Merge(source: linker.link(source), snapshot: side)
        return merge.run()
    }

    /// The same, over a source graph already linked (one program's).
    public static func graph(linked source: DependencyGraph?, snapshots: [SnapshotDocument], configuration: Configuration)
        -> DependencyGraph
    {
        let side = SnapshotSide(snapshots, configuration: configuration)
        guard let source else { return side.graph() }
        var merge = Merge(source: source, snapshot: side)
        return merge.run()
    }
}

/// Rewrites type paths in snapshot ids to the source's spelling.
struct TypePathJoiner {
    private var known: Set<String> = []
    private var byLastComponent: [String: [String]] = [:]

    init(sourceTypes: [String]) {
        for type in sourceTypes {
            for path in Self.paths(in: type) where known.insert(path).inserted {
                byLastComponent[TypeName.lastComponent(path), default: []].append(path)
            }
        }
    }

    func map(path: String) -> String {
        if known.contains(path) { return path }
        let components = path.split(separator: ".")
        if components.count > 1 {
            for start in 1..<components.count {
                let suffix = components[start...].joined(separator: ".")
                if known.contains(suffix) { return suffix }
            }
        }
        let longer = byLastComponent[TypeName.lastComponent(path), default: []].filter { $0.hasSuffix("." + path) }
        return longer.count == 1 ? longer[0] : path
    }

    /// Every dotted path in a type expression rewritten.
    func map(type: String) -> String {
        var out = ""
        var path = ""
        func flush() {
            if !path.isEmpty { out += map(path: path) }
            path = ""
        }
        for ch in type {
            if ch.isLetter || ch.isNumber || ch == "_" || (ch == "." && !path.isEmpty) {
                path.append(ch)
            } else {
                flush()
                out.append(ch)
            }
        }
        flush()
        return out
    }

    func map(id: String) -> ServiceIDParts {
        let parts = ServiceIDParts(id)
        return ServiceIDParts(type: map(type: parts.type), name: parts.name, arguments: parts.arguments.map { map(type: $0) })
    }

    static func paths(in type: String) -> [String] {
        var paths: [String] = []
        var path = ""
        for ch in type {
            if ch.isLetter || ch.isNumber || ch == "_" || (ch == "." && !path.isEmpty) {
                path.append(ch)
            } else {
                if !path.isEmpty { paths.append(path) }
                path = ""
            }
        }
        if !path.isEmpty { paths.append(path) }
        return paths.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
    }

}

private struct Merge {
    let source: DependencyGraph
    let snapshot: SnapshotSide

    let joiner: TypePathJoiner

    init(source: DependencyGraph, snapshot: SnapshotSide) {
        self.source = source
        self.snapshot = snapshot
        var types: [String] = []
        for service in source.services { types += [service.type] + service.implementation + service.arguments }
        types += source.forwardedTypes.keys
        for edge in source.edges + source.rootRequests { if let request = edge.request { types.append(request.type) } }
        joiner = TypePathJoiner(sourceTypes: types)
    }

    private var services: [String: Service] = [:]
    private var drift: [DriftFact] = []
    /// Snapshot id -> id in the merged graph.
    private var mergedID: [String: String] = [:]
    /// Snapshot services joined to a source service.
    private var joined: Set<String> = []
    /// Source registrations under a name the scanner could not read (`FeatureModule#?`) whose
    /// type the snapshot registers under real names: replaced by those.
    private var replacedDynamic: Set<String> = []

    mutating func run() -> DependencyGraph {
        for service in source.services { services[service.id] = service }
        joinServices()
        let edges = mergeEdges(source.edges, snapshot.edges, origins: snapshot.edgeOrigins)
        let roots = mergeEdges(source.rootRequests, snapshot.rootRequests, origins: nil)
        compareEdges()
        var forwarded = source.forwardedTypes
        for (type, ids) in snapshot.forwarded {
            let mappedType = joiner.map(type: type)
            forwarded[mappedType] = Array(Set(forwarded[mappedType, default: []] + ids.map { mergedID[$0] ?? $0 })).sorted()
        }
        var graph = DependencyGraph(
            services: Array(services.values), edges: SnapshotSide.deduplicated(edges),
            registrationSites: source.registrationSites, rootRequests: SnapshotSide.deduplicated(roots),
            unanalyzable: source.unanalyzable + snapshot.unanalyzable, forwardedTypes: forwarded)
        graph.drift = drift.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
        graph.testFiles = source.testFiles
        graph.shadowedBuiltInKeys = source.shadowedBuiltInKeys
        graph.unreadRequestSites = source.unreadRequestSites
        return graph
    }

    // MARK: Services

    private func sourceMatch(_ parts: ServiceIDParts) -> Service? {
        if let exact = source.service(parts.id) { return exact }
        return source.services.filter { candidate in
            candidate.type == parts.type && candidate.name == parts.name && candidate.name != ServiceID.dynamicName
                && LinkCompatibility.arguments(candidate.arguments, parts.arguments)
        }.min { $0.id < $1.id }
    }

    private mutating func joinServices() {
        let dynamicByType = Dictionary(
            grouping: source.services.filter { $0.isRegistration && $0.name == ServiceID.dynamicName }, by: \.type)
        for id in snapshot.services.keys.sorted() {
            var service = snapshot.services[id]!
            let parts = joiner.map(id: id)
            let where_ = snapshot.origin[id].map { " (snapshot \($0))" } ?? ""
            if let match = sourceMatch(parts) {
                mergedID[id] = match.id
                joined.insert(id)
                var merged = services[match.id]!
                merged.implementation = Array(
                    Set(merged.implementation + service.implementation.map { joiner.map(type: $0) })
                ).sorted()
                if merged.locations.isEmpty { merged.locations = service.locations }
                if service.style == "initializer" {
                    services[match.id] = merged
                    continue
                }
                if service.lifetime != .unknown {
                    if merged.lifetime != .unknown, merged.lifetime != service.lifetime,
                        let location = merged.locations.first
                    {
                        drift.append(
                            DriftFact(
                                kind: .lifetime, services: [match.id],
                                message:
                                    "`\(match.id)` is \(Self.describe(merged)) in the source but \(Self.describe(service)) "
                                    + "in the live container\(where_)",
                                location: location,
                                notes: service.locations.first.map {
                                    [Diagnostic.Note(message: "the live registration is \(Self.describe(service))", location: $0)]
                                } ?? []))
                    }
                    merged.lifetime = service.lifetime
                    merged.lifetimeDetail = service.lifetimeDetail
                }
                services[match.id] = merged
                continue
            }
            // Only in the snapshot.
            service.id = parts.id
            service.type = joiner.map(type: service.type)
            service.arguments = parts.arguments
            service.implementation = service.implementation.map { joiner.map(type: $0) }
            mergedID[id] = parts.id
            services[parts.id] = service
            guard service.isRegistration, let location = service.locations.first else { continue }
            var message = "`\(parts.id)` is registered in the live container\(where_) but the source scan found no registration of it"
            var notes: [Diagnostic.Note] = []
            if let dynamic = dynamicByType[service.type]?.first {
                replacedDynamic.insert(dynamic.id)
                message += "; the source registers `\(service.type)` under a name it cannot read (`\(dynamic.id)`)"
                notes.append(Diagnostic.Note(message: "`\(dynamic.id)` is registered here", location: dynamic.locations.first))
            }
            drift.append(
                DriftFact(kind: .serviceOnlyInSnapshot, services: [parts.id], message: message, location: location, notes: notes))
        }

        for id in replacedDynamic { services[id] = nil }

        // Only in the source: registrations of the snapshot's frameworks it does not have.
        let present = Set(mergedID.values)
        let styles = snapshot.styles
        let paths = Set(snapshot.origin.values).sorted().joined(separator: ", ")
        for service in source.services.sorted(by: { $0.id < $1.id }) where service.isRegistration {
            guard styles.contains("snapshot") || styles.contains(service.style) else { continue }
            guard !present.contains(service.id), !replacedDynamic.contains(service.id) else { continue }
            if service.name == ServiceID.dynamicName, snapshot.services.values.contains(where: { joiner.map(type: $0.type) == service.type }) {
                continue
            }
            guard let location = service.locations.first else { continue }
            drift.append(
                DriftFact(
                    kind: .serviceOnlyInSource, services: [service.id],
                    message: "`\(service.id)` is registered in the source but not in the live container (snapshot \(paths))",
                    location: location))
        }
    }

    private static func describe(_ service: Service) -> String {
        if let detail = service.lifetimeDetail, detail != service.lifetime.rawValue {
            return "\(service.lifetime.rawValue) (\(detail))"
        }
        return service.lifetime.rawValue
    }

    // MARK: Edges

    /// Source edges, with requests a snapshot-only registration satisfies re-linked, plus the
    /// snapshot edges the source does not have.
    private func mergeEdges(_ sourceEdges: [Edge], _ snapshotEdges: [Edge], origins: [String]?) -> [Edge] {
        var out: [Edge] = []
        for var edge in sourceEdges {
            // The snapshot's edges of the registrations that replace a dynamic one stand for its.
            if replacedDynamic.contains(edge.from) { continue }
            if replacedDynamic.contains(edge.to) {
                guard let request = edge.request, request.name != ServiceID.dynamicName else { continue }
                let exact = ServiceID.typeKeyed(type: request.type, name: request.name, arguments: request.argumentTypes)
                edge.to = exact
                edge.missing = services[exact] == nil
                out.append(edge)
                continue
            }
            if edge.missing, let request = edge.request, let target = satisfying(request) {
                edge.to = target
                edge.missing = false
            } else if let request = edge.request, request.name != nil, request.name != ServiceID.dynamicName,
                services[edge.to]?.name == ServiceID.dynamicName
            {
                // The source matched a registration whose name it could not read; the snapshot
                // knows the registration with exactly the requested name.
                let exact = ServiceID.typeKeyed(type: request.type, name: request.name, arguments: request.argumentTypes)
                if services[exact] != nil { edge.to = exact }
            }
            out.append(edge)
        }
        let present = Set(out.map { "\($0.from)\u{0}\($0.to)\u{0}\($0.missing)" })
        for var edge in snapshotEdges {
            edge.from = mergedID[edge.from] ?? edge.from
            edge.to = mergedID[edge.to] ?? joiner.map(id: edge.to).id
            if var request = edge.request {
                request.type = joiner.map(type: request.type)
                request.argumentTypes = request.argumentTypes.map { joiner.map(type: $0) }
                edge.request = request
            }
            if present.contains("\(edge.from)\u{0}\(edge.to)\u{0}\(edge.missing)") { continue }
            out.append(edge)
        }
        return out
    }

    /// A registration only the snapshot has that answers a request the source left unsatisfied.
    private func satisfying(_ request: RequestDetail) -> String? {
        let candidates = services.values.filter { service in
            guard service.isRegistration, !source.contains(service.id) else { return false }
            let typeMatches = service.type == request.type || snapshot.forwarded[request.type]?.contains(service.id) == true
            return typeMatches && LinkCompatibility.names(service.name, request.name)
                && LinkCompatibility.arguments(service.arguments, request.argumentTypes)
        }
        return candidates.map(\.id).min()
    }

    /// Edges one side has and the other lacks, for factories the snapshot actually ran.
    private mutating func compareEdges() {
        let sourcePairs = Set((source.edges + source.rootRequests).map { "\($0.from)\u{0}\($0.to)" })
        var snapshotPairs: Set<String> = []
        for (i, edge) in snapshot.edges.enumerated() {
            let from = mergedID[edge.from] ?? edge.from
            let to = mergedID[edge.to] ?? joiner.map(id: edge.to).id
            snapshotPairs.insert("\(from)\u{0}\(to)")
            guard joined.contains(edge.from), !sourcePairs.contains("\(from)\u{0}\(to)"), let location = edge.location
            else { continue }
            drift.append(
                DriftFact(
                    kind: .edgeOnlyInSnapshot, services: [from, to],
                    message:
                        "`\(from)` asked for `\(to)` at run time (snapshot \(snapshot.edgeOrigins[i])) but the source scan does not show that request",
                    location: location))
        }
        let probed = Set(snapshot.probed.filter { joined.contains($0) }.compactMap { mergedID[$0] })
        let paths = Set(snapshot.origin.values).sorted().joined(separator: ", ")
        for edge in source.edges where edge.timing == .eager && edge.via == .resolve && !edge.missing {
            guard probed.contains(edge.from), !snapshotPairs.contains("\(edge.from)\u{0}\(edge.to)"),
                source.service(edge.from)?.name != ServiceID.dynamicName,
                source.service(edge.to)?.name != ServiceID.dynamicName, edge.request?.name != ServiceID.dynamicName,
                let location = edge.location
            else { continue }
            drift.append(
                DriftFact(
                    kind: .edgeOnlyInSource, services: [edge.from, edge.to],
                    message:
                        "`\(edge.from)` asks for `\(edge.to)` in the source, but its factory did not when it ran (snapshot \(paths))",
                    location: location))
        }
    }
}

/// The linker's matching rules, for requests and ids joined across the two sides.
enum LinkCompatibility {
    static func names(_ registered: String?, _ requested: String?) -> Bool {
        registered == requested || registered == ServiceID.dynamicName || requested == ServiceID.dynamicName
    }

    static func arguments(_ registered: [String], _ passed: [String]) -> Bool {
        guard registered.count == passed.count else { return false }
        return zip(registered, passed).allSatisfy { r, p in
            r == p || r == ServiceID.unknownArgument || p == ServiceID.unknownArgument
        }
    }
}
