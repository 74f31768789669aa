import Foundation

/// Records what a hand-written container does, for a `digraph-snapshot/1` document.
///
/// A service locator calls it from three places, a line each:
///
/// ```swift
/// // register(instance:forMetaType:)
/// recorder.registered(T.self, lifetime: .singleton, lifetimeDetail: "instance", origin: .instance)
/// // register(factory:forMetaType:), and wrap the stored factory:
/// recorder.registered(T.self, lifetime: .weak, lifetimeDetail: "factory (weakly cached)")
/// factories[key] = { self.recorder.building(T.self) { factory(self) } }
/// // resolve / autoResolve, before returning or failing:
/// recorder.resolved(T.self, found: instance != nil)
/// ```
///
/// and the app writes the document when it likes: `try recorder.write(to: url)`. A resolve made
/// while a factory runs (inside ``building(_:name:arguments:_:)``, on the same thread) is an eager
/// edge from the service being built; one made elsewhere is a request from the composition root,
/// written with `from: "(root)"`.
///
/// Thread-safe. Sites (file, line, column of the `register` and `resolve` calls in the app's code)
/// are found from backtraces where ``SiteCapture/isAvailable``; pass `file:`/`line:` to give them
/// yourself.
public final class SnapshotRecorder: @unchecked Sendable {
    /// The requester id of requests made outside any factory.
    public static let rootRequester = "(root)"

    public let framework: String
    public var frameworkVersion: String?
    public var generatorName: String
    /// The container id written on every service; nil writes none.
    public var container: String?
    /// Find registration and resolve sites from backtraces.
    public var captureSites: Bool
    /// Files whose frames belong to the container (the locator's own source files). Empty: the
    /// first file outside this library that calls the recorder.
    public var containerFiles: [String]
    /// When set, the snapshot is written here as soon as a resolve fails, so that the crash that
    /// usually follows still leaves a document behind.
    public var autosaveURL: URL?

    private let lock = NSLock()
    private var services: [String: RecordedService] = [:]
    private var order: [String] = []
    private var edges: [EdgeKey: RecordedEdge] = [:]
    private var edgeOrder: [EdgeKey] = []
    private var diagnostics: [Snapshot.Diagnostic] = []

    @TaskLocal private static var building: [Frame] = []

    private struct Frame {
        var recorder: ObjectIdentifier
        var serviceID: String
    }

    private struct RecordedService {
        var service: Snapshot.Service
        var trace: SiteCapture.Trace?
    }

    private struct EdgeKey: Hashable {
        var from, to: String
        var timing: Snapshot.Edge.Timing
        var kind: Snapshot.Edge.Kind
        var status: Snapshot.Edge.Status
    }

    private struct RecordedEdge {
        var edge: Snapshot.Edge
        var trace: SiteCapture.Trace?
    }

    public init(
        framework: String = "ServiceLocator", frameworkVersion: String? = nil, generatorName: String = "DigraphRecorder",
        container: String? = nil, captureSites: Bool = true, containerFiles: [String] = []
    ) {
        self.framework = framework
        self.frameworkVersion = frameworkVersion
        self.generatorName = generatorName
        self.container = container
        self.captureSites = captureSites
        self.containerFiles = containerFiles
    }

    // MARK: - Calls from the container

    /// A registration. Registering the same id again replaces the first (and is reported as a
    /// diagnostic, since most hand-written locators crash or silently overwrite).
    public func registered<T>(
        _ type: T.Type, name: String? = nil, arguments: [Any.Type] = [], lifetime: Snapshot.Lifetime,
        lifetimeDetail: String? = nil, origin: Snapshot.Service.Origin = .factory, implementation: Any.Type? = nil,
        file: String? = nil, line: Int? = nil
    ) {
        let typeName = TypeNames.name(of: T.self)
        let argumentNames = arguments.map { TypeNames.name(of: $0) }
        let id = Snapshot.serviceID(type: typeName, name: name, arguments: argumentNames)
        var site: Snapshot.Site?
        if let file { site = Snapshot.Site(file: file, line: line) }
        let trace = (site == nil && captureSites) ? SiteCapture.capture() : nil
        var service = Snapshot.Service(
            id: id, type: typeName, name: name, arguments: argumentNames.isEmpty ? nil : argumentNames,
            lifetime: lifetime, lifetimeDetail: lifetimeDetail,
            implementation: implementation.map { [TypeNames.name(of: $0)] }, origin: origin, container: container,
            site: site)
        if origin == .instance, implementation == nil { service.implementation = nil }
        lock.lock()
        defer { lock.unlock() }
        if services[id] == nil {
            order.append(id)
        } else {
            diagnostics.append(
                Snapshot.Diagnostic(
                    level: .warning, code: "duplicate_registration", service: id,
                    message: "`\(id)` was registered again; the later registration replaced the first"))
        }
        services[id] = RecordedService(service: service, trace: trace)
    }

    /// Runs a factory; resolves inside it (on this thread) are eager dependencies of the service.
    /// The built value's dynamic type is recorded as the implementation.
    public func building<T, R>(
        _ type: T.Type, name: String? = nil, arguments: [Any.Type] = [], _ body: () throws -> R
    ) rethrows -> R {
        let id = Snapshot.serviceID(
            type: TypeNames.name(of: T.self), name: name, arguments: arguments.map { TypeNames.name(of: $0) })
        let frames = Self.building + [Frame(recorder: ObjectIdentifier(self), serviceID: id)]
        let result = try Self.$building.withValue(frames) { try body() }
        let implementation = TypeNames.name(of: Swift.type(of: result as Any))
        lock.lock()
        if var recorded = services[id], recorded.service.origin != .instance {
            var implementations = Set(recorded.service.implementation ?? [])
            if implementation != recorded.service.type { implementations.insert(implementation) }
            recorded.service.implementation = implementations.isEmpty ? nil : implementations.sorted()
            if recorded.service.probe == nil { recorded.service.probe = .init(status: .ok) }
            services[id] = recorded
        }
        lock.unlock()
        return result
    }

    /// A request, successful or not. `deferred`: the caller obtains it after it was built
    /// (a property wrapper resolving on first use).
    public func resolved<T>(
        _ type: T.Type, name: String? = nil, arguments: [Any.Type] = [], found: Bool, optional: Bool = false,
        deferred: Bool = false, file: String? = nil, line: Int? = nil
    ) {
        let typeName = TypeNames.name(of: T.self)
        let argumentNames = arguments.map { TypeNames.name(of: $0) }
        let to = Snapshot.serviceID(type: typeName, name: name, arguments: argumentNames)
        let from = Self.building.last { $0.recorder == ObjectIdentifier(self) }?.serviceID ?? Self.rootRequester
        let key = EdgeKey(
            from: from, to: to, timing: deferred ? .deferred : .eager, kind: optional ? .optionalResolve : .resolve,
            status: found ? .resolved : .missing)
        var site: Snapshot.Site?
        if let file { site = Snapshot.Site(file: file, line: line) }
        lock.lock()
        if var recorded = edges[key] {
            recorded.edge.count = (recorded.edge.count ?? 1) + 1
            edges[key] = recorded
        } else {
            let trace = (site == nil && captureSites) ? SiteCapture.capture() : nil
            edges[key] = RecordedEdge(
                edge: Snapshot.Edge(
                    from: from, to: to, type: typeName, name: name, arguments: argumentNames.isEmpty ? nil : argumentNames,
                    timing: key.timing, kind: key.kind, status: key.status, site: site, count: 1),
                trace: trace)
            edgeOrder.append(key)
        }
        lock.unlock()
        if !found, let autosaveURL { try? write(to: autosaveURL) }
    }

    /// Adds a note of the container's own to the document.
    public func note(_ message: String, level: Snapshot.Diagnostic.Level = .note, code: String? = nil, service: String? = nil) {
        lock.lock()
        diagnostics.append(Snapshot.Diagnostic(level: level, code: code, service: service, message: message))
        lock.unlock()
    }

    // MARK: - The document

    /// Everything recorded so far.
    public func snapshot(capturedAt: String? = Snapshot.timestamp()) -> Snapshot {
        lock.lock()
        let services = order.compactMap { self.services[$0] }
        let edges = edgeOrder.compactMap { self.edges[$0] }
        let diagnostics = self.diagnostics
        lock.unlock()
        let isOwn = ownFramePredicate()
        let outServices = services.map { recorded -> Snapshot.Service in
            var service = recorded.service
            if service.site == nil, let trace = recorded.trace { service.site = SiteCapture.site(in: trace, isOwn: isOwn()) }
            return service
        }.sorted { $0.id < $1.id }
        let outEdges = edges.map { recorded -> Snapshot.Edge in
            var edge = recorded.edge
            if edge.site == nil, let trace = recorded.trace { edge.site = SiteCapture.site(in: trace, isOwn: isOwn()) }
            return edge
        }
        return Snapshot(
            generator: Snapshot.Generator(
                name: generatorName, version: Self.version, framework: framework, frameworkVersion: frameworkVersion,
                source: .runtimeProbe),
            capturedAt: capturedAt,
            containers: container.map { [Snapshot.Container(id: $0)] } ?? [],
            services: outServices, edges: outEdges, diagnostics: diagnostics)
    }

    /// Writes ``snapshot(capturedAt:)`` atomically, with sites under the file's folder written
    /// relative to it.
    public func write(to url: URL) throws {
        try snapshot().relativizingSites(to: url.deletingLastPathComponent().path).write(to: url)
    }

    public static let version = "0.1.0"

    /// A fresh predicate per trace: the recorder's own frames, then the container's files.
    private func ownFramePredicate() -> () -> (String) -> Bool {
        let recorderDirectory = SiteCapture.directory(of: #filePath)
        let containerFiles = self.containerFiles
        return {
            var autoContainerFile: String?
            return { path in
                if path.hasPrefix(recorderDirectory) { return true }
                if !containerFiles.isEmpty { return containerFiles.contains(path) }
                if autoContainerFile == nil { autoContainerFile = path }
                return path == autoContainerFile
            }
        }
    }
}

extension Snapshot {
    /// Site paths under `directory` rewritten relative to it, so that the document stays valid when
    /// the project moves; digraph reads relative site paths against the snapshot file's folder.
    public func relativizingSites(to directory: String) -> Snapshot {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        func fix(_ site: Site?) -> Site? {
            guard var site, let file = site.file, file.hasPrefix(base) else { return site }
            site.file = String(file.dropFirst(base.count))
            return site
        }
        var copy = self
        copy.services = services.map { var s = $0; s.site = fix(s.site); return s }
        copy.edges = edges.map { var e = $0; e.site = fix(e.site); return e }
        return copy
    }
}
