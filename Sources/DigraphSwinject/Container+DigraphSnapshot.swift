import DigraphRecorder
import Foundation
import Swinject

extension Container {
    /// A `digraph-snapshot/1` document of this container and its parents: every registration
    /// (type, name, argument types, scope, implementation when probed, forwarded aliases) and, in
    /// ``DigraphSnapshotOptions/Mode/probe`` mode, the edges seen by running each factory once
    /// in a shadow world (see ``DigraphSnapshotOptions``). The app's own instances are never
    /// created, read or replaced.
    ///
    /// Call it once registration is finished, from one thread; it does not lock the container.
    public func digraphSnapshot(_ options: DigraphSnapshotOptions = DigraphSnapshotOptions()) throws(DigraphSwinjectError)
        -> Snapshot
    {
        let inspector = try SwinjectInspector(self, rootID: options.containerID)
        let engine = ProbeEngine(inspector: inspector, options: options)
        if options.mode == .probe { engine.probeAll() }
        return SnapshotAssembler(engine: engine, options: options).snapshot()
    }

    /// Writes ``digraphSnapshot(_:)`` to `url` atomically; sites under the file's folder are written
    /// relative to it (digraph reads them against the snapshot's folder).
    public func writeDigraphSnapshot(to url: URL, options: DigraphSnapshotOptions = DigraphSnapshotOptions()) throws(
        DigraphSwinjectError
    ) {
        let snapshot = try digraphSnapshot(options)
        do {
            try snapshot.relativizingSites(to: url.deletingLastPathComponent().path).write(to: url)
        } catch {
            throw .write(path: url.path, reason: "\(error.localizedDescription)")
        }
    }
}

/// The engine's findings as a document.
struct SnapshotAssembler {
    let engine: ProbeEngine
    let options: DigraphSnapshotOptions

    static let version = "0.1.0"

    func snapshot() -> Snapshot {
        let inspector = engine.inspector
        let siteRecorders = inspector.containers.flatMap(\.behaviors).compactMap { $0 as? DigraphSiteRecorder }
        func registrationSite(_ unit: ProbeEngine.Unit, type: Any.Type, name: String?) -> Snapshot.Site? {
            guard options.captureSites else { return nil }
            for recorder in siteRecorders {
                if let trace = recorder.trace(entry: unit.entry, type: type, name: name) {
                    return SiteCapture.site(in: trace, isOwn: DigraphSiteRecorder.isOwnFrame)
                }
            }
            return nil
        }

        var services: [Snapshot.Service] = []
        for (u, unit) in engine.units.enumerated() {
            let (lifetime, detail) = lifetime(of: unit.entry.inspectedScope)
            var probe: Snapshot.Service.Probe?
            if options.mode == .probe {
                switch engine.states[u] {
                case .built: probe = .init(status: .ok)
                case .failed(let reason): probe = .init(status: .cut, detail: reason)
                case .notStarted, .building:
                    probe = .init(status: .skipped, detail: engine.skippedReasons[u])
                }
            }
            let container = inspector.containers[unit.container].id
            services.append(
                Snapshot.Service(
                    id: unit.id, type: unit.typeName, name: unit.name,
                    arguments: unit.argumentNames.isEmpty ? nil : unit.argumentNames, lifetime: lifetime,
                    lifetimeDetail: detail, implementation: engine.implementations[u].map { [$0] }, origin: .factory,
                    container: container, site: registrationSite(unit, type: unit.serviceType, name: unit.name),
                    probe: probe))
            for alias in unit.aliases {
                services.append(
                    Snapshot.Service(
                        id: alias.id, type: alias.typeName, name: alias.name,
                        arguments: unit.argumentNames.isEmpty ? nil : unit.argumentNames, lifetime: lifetime,
                        lifetimeDetail: detail, implementation: engine.implementations[u].map { [$0] }, origin: .alias,
                        aliasOf: unit.id, container: container,
                        site: registrationSite(unit, type: alias.type, name: alias.name)))
            }
        }
        services.sort { $0.id < $1.id }

        // One edge per (from, to, timing, kind, status), counted, at its first site.
        struct EdgeKey: Hashable {
            var from, to: String
            var timing: Snapshot.Edge.Timing
            var kind: Snapshot.Edge.Kind
            var status: Snapshot.Edge.Status
        }
        var edges: [Snapshot.Edge] = []
        var indexByKey: [EdgeKey: Int] = [:]
        for record in engine.edges {
            let from = record.from.map { engine.units[$0].id } ?? SnapshotRecorder.rootRequester
            let to = record.to.map { engine.units[$0].id } ?? record.missingID ?? record.typeName
            let key = EdgeKey(from: from, to: to, timing: record.timing, kind: record.kind, status: record.status)
            if let i = indexByKey[key] {
                edges[i].count = (edges[i].count ?? 1) + 1
                continue
            }
            indexByKey[key] = edges.count
            edges.append(
                Snapshot.Edge(
                    from: from, to: to, type: record.typeName, name: record.name,
                    arguments: record.argumentNames.isEmpty ? nil : record.argumentNames, timing: record.timing,
                    kind: record.kind, status: record.status,
                    site: record.trace.flatMap { SiteCapture.site(in: $0, isOwn: DigraphSiteRecorder.isOwnFrame) },
                    count: 1))
        }

        edges.sort { ($0.from, $0.to, $0.timing.rawValue, $0.status?.rawValue ?? "") < ($1.from, $1.to, $1.timing.rawValue, $1.status?.rawValue ?? "") }
        var diagnostics = engine.diagnostics
        if engine.optionKeys > 0 {
            diagnostics.append(
                Snapshot.Diagnostic(
                    level: .note, code: "option_keys",
                    message: "\(engine.optionKeys) registrations keyed with a ServiceKeyOption (a Swinject plugin's) were not exported"))
        }
        let containers = inspector.containers.map { info in
            Snapshot.Container(id: info.id, parent: info.parent.map { inspector.containers[$0].id })
        }
        return Snapshot(
            generator: Snapshot.Generator(
                name: "DigraphSwinject", version: Self.version, framework: "Swinject",
                frameworkVersion: options.frameworkVersion,
                source: options.mode == .probe ? .runtimeProbe : .runtimeRegistrations),
            capturedAt: options.includeTimestamp ? Snapshot.timestamp() : nil, containers: containers,
            services: services, edges: edges, diagnostics: diagnostics)
    }

    /// Swinject's scopes, normalized: `.container` singleton, `.graph`, `.transient`, `.weak`, and
    /// any other (custom) scope `scoped`, named by its description or by the options.
    func lifetime(of scope: ObjectScopeProtocol?) -> (Snapshot.Lifetime, String) {
        guard let scope else { return (.unknown, "unreadable scope") }
        if scope === ObjectScope.container { return (.singleton, "container") }
        if scope === ObjectScope.graph { return (.graph, "graph") }
        if scope === ObjectScope.transient { return (.transient, "transient") }
        if scope === ObjectScope.weak { return (.weak, "weak") }
        if let named = options.scopeNames[ObjectIdentifier(scope)] { return (named.lifetime, named.name) }
        if let objectScope = scope as? ObjectScope, !objectScope.description.isEmpty {
            return (.scoped, objectScope.description)
        }
        return (.scoped, "custom \(TypeNames.name(of: type(of: scope)))")
    }
}
