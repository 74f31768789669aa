import DigraphRecorder
import Swinject

/// How ``Swinject/Container/digraphSnapshot(_:)`` takes its snapshot.
public struct DigraphSnapshotOptions: @unchecked Sendable {
    public enum Mode: Sendable {
        /// Registrations, plus the edges seen by running each factory once in a shadow world.
        case probe
        /// Registrations only: no factory runs, no edges.
        case registrationsOnly
    }

    public var mode: Mode
    /// The id of the container the snapshot is taken of; its parents get `<id>/parent`,
    /// `<id>/parent/parent`, ….
    public var containerID: String
    /// Runtime arguments for factories that take them (`register(T.self) { r, id: String in … }`);
    /// without them such factories are skipped unless another factory resolves them with arguments.
    public var probeArguments: ProbeArguments
    /// Names (and lifetimes) for custom `ObjectScope`s whose `description` is empty.
    public var scopeNames: [ObjectIdentifier: (name: String, lifetime: Snapshot.Lifetime)]
    /// Registration and resolve sites from backtraces (Linux, debug builds; see `SiteCapture`).
    public var captureSites: Bool
    /// Seconds one probe may run before the exporter gives up on it.
    public var probeTimeout: Double
    /// A probe stopped part-way (a missing dependency, a cycle) leaves its thread parked for the
    /// life of the process; past this many the remaining factories are skipped.
    public var maxParkedThreads: Int
    /// Nested resolves deeper than this stop the probe (a guard besides cycle detection).
    public var maxDepth: Int
    /// Write `capturedAt`; off for byte-for-byte reproducible documents.
    public var includeTimestamp: Bool
    /// Keep module prefixes in type names (`App.Logger`); by default they are dropped (`Logger`)
    /// to match what a source scan reads.
    public var qualifiedTypeNames: Bool
    public var frameworkVersion: String?

    public init(
        mode: Mode = .probe, containerID: String = "container", probeArguments: ProbeArguments = ProbeArguments(),
        captureSites: Bool = true, probeTimeout: Double = 5, maxParkedThreads: Int = 64, maxDepth: Int = 200,
        includeTimestamp: Bool = true, qualifiedTypeNames: Bool = false, frameworkVersion: String? = nil
    ) {
        self.mode = mode
        self.containerID = containerID
        self.probeArguments = probeArguments
        self.scopeNames = [:]
        self.captureSites = captureSites
        self.probeTimeout = probeTimeout
        self.maxParkedThreads = maxParkedThreads
        self.maxDepth = maxDepth
        self.includeTimestamp = includeTimestamp
        self.qualifiedTypeNames = qualifiedTypeNames
        self.frameworkVersion = frameworkVersion
    }

    /// Names a custom scope: `options.name(.session, "session")`.
    public mutating func name(_ scope: ObjectScopeProtocol, _ name: String, lifetime: Snapshot.Lifetime = .scoped) {
        scopeNames[ObjectIdentifier(scope)] = (name, lifetime)
    }
}

/// Runtime arguments to run factories that take them, per registration key.
public struct ProbeArguments: @unchecked Sendable {
    struct Key: Hashable {
        var serviceType: ObjectIdentifier
        var argumentsType: ObjectIdentifier
        var name: String?
    }

    /// Calls a stored factory (`((Resolver, Arg1, …)) -> Any`) with the resolver and the arguments.
    typealias Invoker = (_ factory: Any, _ resolver: Resolver) -> Any?

    var invokers: [Key: Invoker] = [:]

    public init() {}

    public mutating func add<Service, Arg1>(_: Service.Type, name: String? = nil, argument: Arg1) {
        invokers[Key(Service.self, ((Resolver, Arg1)).self, name)] = { factory, resolver in
            (factory as? ((Resolver, Arg1)) -> Any).map { $0((resolver, argument)) }
        }
    }

    public mutating func add<Service, Arg1, Arg2>(_: Service.Type, name: String? = nil, arguments a1: Arg1, _ a2: Arg2) {
        invokers[Key(Service.self, ((Resolver, Arg1, Arg2)).self, name)] = { factory, resolver in
            (factory as? ((Resolver, Arg1, Arg2)) -> Any).map { $0((resolver, a1, a2)) }
        }
    }

    public mutating func add<Service, Arg1, Arg2, Arg3>(
        _: Service.Type, name: String? = nil, arguments a1: Arg1, _ a2: Arg2, _ a3: Arg3
    ) {
        invokers[Key(Service.self, ((Resolver, Arg1, Arg2, Arg3)).self, name)] = { factory, resolver in
            (factory as? ((Resolver, Arg1, Arg2, Arg3)) -> Any).map { $0((resolver, a1, a2, a3)) }
        }
    }

    func invoker(serviceType: Any.Type, argumentsType: Any.Type, name: String?) -> Invoker? {
        invokers[Key(serviceType, argumentsType, name)]
    }
}

extension ProbeArguments.Key {
    init(_ serviceType: Any.Type, _ argumentsType: Any.Type, _ name: String?) {
        self.init(serviceType: ObjectIdentifier(serviceType), argumentsType: ObjectIdentifier(argumentsType), name: name)
    }
}
