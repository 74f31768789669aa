/// The services, their lifetimes and the edges between them: what the rules read.
public struct DependencyGraph: Sendable {
    /// Sorted by id.
    public private(set) var services: [Service]
    /// Sorted by from, to, location.
    public private(set) var edges: [Edge]
    /// Every registration site, including duplicates of the same id.
    public var registrationSites: [RegistrationSite]
    /// Requests made by top-level code (composition roots outside any type).
    public var rootRequests: [Edge]
    /// Sites the scanner saw and could not interpret.
    public var unanalyzable: [UnanalyzableFact]
    /// Alternative keys under which a service answers (Swinject `.implements`): type -> ids.
    public var forwardedTypes: [String: [String]]
    /// Source-versus-snapshot disagreements, set when both are analysed (`snapshot_drift`).
    public var drift: [DriftFact] = []
    /// Files of test code (test programs' own files, or test code found by the fallback): rules
    /// that count dependents leave them out unless asked.
    public var testFiles: Set<String> = []
    /// A project's own declarations of keys swift-dependencies already declares on
    /// `DependencyValues` (`date`, `uuid`, `mainQueue`, …): a second service with the library's id.
    public var shadowedBuiltInKeys: [RegistrationSite] = []

    private var indexByID: [String: Int]
    /// Registered services by type, for near misses (one lookup per unsatisfied request).
    private var registrationsByType: [String: [Int]]
    private var outgoingByID: [String: [Int]]
    private var incomingByID: [String: [Int]]

    public init(
        services: [Service], edges: [Edge], registrationSites: [RegistrationSite] = [], rootRequests: [Edge] = [],
        unanalyzable: [UnanalyzableFact] = [], forwardedTypes: [String: [String]] = [:]
    ) {
        self.services = services.sorted { $0.id < $1.id }
        self.edges = edges.sorted(by: Edge.canonicalOrder)
        self.registrationSites = registrationSites.sorted { $0.location < $1.location }
        self.rootRequests = rootRequests.sorted(by: Edge.canonicalOrder)
        self.unanalyzable = unanalyzable
        self.forwardedTypes = forwardedTypes
        indexByID = [:]
        registrationsByType = [:]
        outgoingByID = [:]
        incomingByID = [:]
        for (i, s) in self.services.enumerated() {
            indexByID[s.id] = i
            if s.isRegistration { registrationsByType[s.type, default: []].append(i) }
        }
        for (i, e) in self.edges.enumerated() {
            outgoingByID[e.from, default: []].append(i)
            incomingByID[e.to, default: []].append(i)
        }
    }

    public func service(_ id: String) -> Service? { indexByID[id].map { services[$0] } }
    public func contains(_ id: String) -> Bool { indexByID[id] != nil }
    public func outgoing(_ id: String) -> [Edge] { outgoingByID[id, default: []].map { edges[$0] } }
    public func incoming(_ id: String) -> [Edge] { incomingByID[id, default: []].map { edges[$0] } }

    /// Distinct services that depend on `id` (self-edges excluded).
    public func fanIn(_ id: String) -> Int { Set(incoming(id).map(\.from)).subtracting([id]).count }
    /// Distinct services `id` depends on (self-edges and unsatisfied requests excluded).
    public func fanOut(_ id: String) -> Int {
        Set(outgoing(id).filter { !$0.missing }.map(\.to)).subtracting([id]).count
    }

    /// Registered services with the given type (or forwarded to it), any name or arguments.
    public func services(ofType type: String) -> [Service] {
        var ids = Set(registrationsByType[type, default: []].map { services[$0].id })
        ids.formUnion(forwardedTypes[type, default: []])
        return ids.sorted().compactMap(service)
    }
}

extension Edge {
    static func canonicalOrder(_ a: Edge, _ b: Edge) -> Bool {
        if a.from != b.from { return a.from < b.from }
        if a.to != b.to { return a.to < b.to }
        switch (a.location, b.location) {
        case let (l?, r?) where l != r: return l < r
        case (nil, _?): return true
        case (_?, nil): return false
        default: return (a.timing.rawValue, a.via.rawValue) < (b.timing.rawValue, b.via.rawValue)
        }
    }
}
