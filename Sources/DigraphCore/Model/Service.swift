/// One thing a consumer can ask for (see the spec's "Services and their identity").
public struct Service: Codable, Sendable, Hashable {
    public var id: String
    public var type: String
    public var name: String?
    public var arguments: [String]
    public var lifetime: Lifetime
    public var lifetimeDetail: String?
    public var implementation: [String]
    /// Which DI style declared it: `swinject`, `service-locator`, `singleton`, `initializer`, `snapshot`.
    public var style: String
    public var container: String?
    /// Registration or declaration sites, sorted.
    public var locations: [SourceLocation]
    /// The program(s) it belongs to, when the scan found more than one (`App`, `App, Widget`
    /// for code both compile).
    public var program: String?
    /// Every implementation is declared in the scan and holds no state that can change after
    /// construction (see ``ImmutableTypes``): a captive of it is harmless.
    public var holdsNoMutableState: Bool = false
    /// A registration whose factory returns a value it made itself (see
    /// ``RegistrationFact/buildsOwnProduct``): it holds what it resolves into that value, so
    /// ``ScopeMismatchRule`` never reads it as another key's alias.
    public var buildsOwnProduct: Bool = false

    public init(
        id: String, type: String, name: String? = nil, arguments: [String] = [], lifetime: Lifetime,
        lifetimeDetail: String? = nil, implementation: [String] = [], style: String, container: String? = nil,
        locations: [SourceLocation] = []
    ) {
        self.id = id
        self.type = type
        self.name = name
        self.arguments = arguments
        self.lifetime = lifetime
        self.lifetimeDetail = lifetimeDetail
        self.implementation = implementation
        self.style = style
        self.container = container
        self.locations = locations
    }

    /// Whether the service comes from a container registration (as opposed to a singleton or a
    /// plain type reached by initializer injection); `snapshot`: registered in a live container.
    public var isRegistration: Bool {
        style == "snapshot" || Registry.allCases.contains { $0.registers && $0.style == style }
    }
}

/// What was asked for, kept on edges so rules can explain misses.
public struct RequestDetail: Codable, Sendable, Hashable {
    public var type: String
    public var name: String?
    public var argumentTypes: [String]
    public var registry: Registry
    /// See ``RequestFact/collects``.
    public var collects: Bool = false

    public init(type: String, name: String?, argumentTypes: [String], registry: Registry) {
        self.type = type
        self.name = name
        self.argumentTypes = argumentTypes
        self.registry = registry
    }
}

/// `from` asks for `to`. When no service has the id `to`, the request is unsatisfied (`missing`).
public struct Edge: Codable, Sendable, Hashable {
    /// The `from` of a request made by top-level code (a composition root outside any type).
    public static let rootRequester = "(root)"

    public var isFromRoot: Bool { from == Self.rootRequester }

    public var from: String
    public var to: String
    public var timing: Timing
    public var via: Via
    /// Written to tolerate absence.
    public var optional: Bool
    /// The requester keeps what it obtained (a captive dependency when it outlives it).
    public var retained: Bool
    public var missing: Bool
    public var location: SourceLocation?
    public var request: RequestDetail?
    /// The program(s) it belongs to, when the scan found more than one.
    public var program: String?
    /// The lifetimes of the two registrations this edge joins, in the container instance where
    /// they meet, when they differ from the services' (a test's own container registering a
    /// type with another scope). Rules prefer them to the services' lifetimes.
    public var fromLifetime: Lifetime?
    public var toLifetime: Lifetime?
    /// Why an unsatisfied request of a member-keyed style is missing (`promised()` and never
    /// registered), appended to the finding's message.
    public var missingReason: String?
    /// The test runs (``TestRun``) whose registrations ask for it; nil when code outside test
    /// methods does. A cycle needs all its edges in one run: two test methods each build their
    /// own container.
    public var testRuns: [String]?
    /// The other sites of the same request, merged into this edge (``location`` is the first).
    public var alsoAt: [SourceLocation] = []
    /// For a missing request: the sites digraph could not read that may register what it asks
    /// for (its container is open for that key), so the miss is not proven.
    public var openedBy: [OpenSite] = []
    /// Asked by a wrapped property nothing reads (``RequestFact/isNeverRead``): declared, not a use.
    public var isNeverRead: Bool = false
    /// Asked only from SwiftUI previews (``RequestFact/isDesignTime``).
    public var isDesignTime: Bool = false
    /// Asked by a registration of this `Assembly`, which nothing in the program constructs: its
    /// factory never runs there, and the container it fills is whoever's applies it.
    public var unappliedAssembly: String?

    /// The runs of one edge asked for at two sites: nil (every run) when either site is.
    public static func unionOfRuns(_ a: [String]?, _ b: [String]?) -> [String]? {
        guard let a, let b else { return nil }
        return Array(Set(a + b)).sorted()
    }

    public init(
        from: String, to: String, timing: Timing, via: Via, optional: Bool = false, retained: Bool = true,
        missing: Bool = false, location: SourceLocation? = nil, request: RequestDetail? = nil
    ) {
        self.from = from
        self.to = to
        self.timing = timing
        self.via = via
        self.optional = optional
        self.retained = retained
        self.missing = missing
        self.location = location
        self.request = request
    }
}

/// One registration site, kept even when several sites share a service id (duplicates).
public struct RegistrationSite: Codable, Sendable, Hashable {
    public var serviceID: String
    public var container: String
    public var location: SourceLocation
    public var conditions: [ConditionalBranch]
    /// The container instance (``RegistrationFact/containerInstance``); nil: the default one.
    public var containerInstance: String?
    /// The function it is written in (``RegistrationFact/scope``).
    public var scope: String?
    /// Registered under a name computed at run time: never a duplicate of anything.
    public var hasDynamicName: Bool
    /// In an `Assembly` nothing in the program constructs, or in a SwiftUI preview: never run by
    /// the program, so never a duplicate.
    public var isUnreachable: Bool = false
    /// See ``RegistrationFact/isPreferred``.
    public var isPreferred: Bool = false
    /// Some request asks for the key alone (not `many`) from this instance, or from one the
    /// scanner cannot place.
    public var isResolvedAlone: Bool = false

    public init(
        serviceID: String, container: String, location: SourceLocation, conditions: [ConditionalBranch],
        containerInstance: String? = nil, scope: String? = nil, hasDynamicName: Bool = false
    ) {
        self.serviceID = serviceID
        self.container = container
        self.location = location
        self.conditions = conditions
        self.containerInstance = containerInstance
        self.scope = scope
        self.hasDynamicName = hasDynamicName
    }
}
