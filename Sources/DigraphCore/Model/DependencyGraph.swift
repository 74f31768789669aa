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
    /// Sites that look like requests but that no reader understood (a project's `@Inject` over a
    /// container digraph does not know, a `resolver.resolve(…)` it cannot type): they may ask for
    /// any registration, so "nothing resolves it" is not known.
    public var unreadRequestSites: [SourceLocation] = []

    private var indexByID: [String: Int]
    /// Registered services by type, for near misses (one lookup per unsatisfied request).
    private var registrationsByType: [String: [Int]]
    private var outgoingByID: [String: [Int]]
    private var incomingByID: [String: [Int]]

    public init(
        services: [Service], edges: [Edge], registrationSites: [RegistrationSite] = [], rootRequests: [Edge] = [],
        unanalyzable: [UnanalyzableFact] = [], forwardedTypes: [String: [String]] = [:]
    ) {
        // Often already in order (a graph made from another's parts, or read back from the
        // cache): checking costs one comparison per element, sorting many.
        self.services = Self.inOrder(services) { $0.id < $1.id }
        self.edges = Self.inOrder(edges, by: Edge.canonicalOrder)
        self.registrationSites = Self.inOrder(registrationSites) { $0.location < $1.location }
        self.rootRequests = Self.inOrder(rootRequests, by: Edge.canonicalOrder)
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

    /// `values` sorted (stably) by `precedes`, unchanged when they already are.
    private static func inOrder<T>(_ values: [T], by precedes: (T, T) -> Bool) -> [T] {
        var index = 1
        while index < values.count, !precedes(values[index], values[index - 1]) { index += 1 }
        return index >= values.count ? values : values.sorted(by: precedes)
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
        default:
            if (a.timing, a.via) != (b.timing, b.via) {
                return (a.timing.rawValue, a.via.rawValue) < (b.timing.rawValue, b.via.rawValue)
            }
            // The same request seen by several programs can differ only here: without these the
            // order followed the hash order of a set, different in every process.
            return tieBreak(a).lexicographicallyPrecedes(tieBreak(b))
        }
    }

    private static func tieBreak(_ e: Edge) -> [String] {
        [
            e.missing ? "1" : "0", e.optional ? "1" : "0", e.retained ? "1" : "0", e.program ?? "",
            e.fromLifetime?.rawValue ?? "", e.toLifetime?.rawValue ?? "", e.missingReason ?? "",
            e.request.map { "\($0)" } ?? "",
        ]
    }
}

/// What is stored of a graph (the cache keeps whole analyses): the lookup tables are rebuilt.
extension DependencyGraph: Codable {
    enum CodingKeys: String, CodingKey {
        case services, edges, registrationSites, rootRequests, unanalyzable, forwardedTypes, drift, testFiles
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            services: try c.decode([Service].self, forKey: .services), edges: try c.decode([Edge].self, forKey: .edges),
            registrationSites: try c.decode([RegistrationSite].self, forKey: .registrationSites),
            rootRequests: try c.decode([Edge].self, forKey: .rootRequests),
            unanalyzable: try c.decode([UnanalyzableFact].self, forKey: .unanalyzable),
            forwardedTypes: try c.decode([String: [String]].self, forKey: .forwardedTypes))
        drift = try c.decode([DriftFact].self, forKey: .drift)
        testFiles = try c.decode(Set<String>.self, forKey: .testFiles)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(services, forKey: .services)
        try c.encode(edges, forKey: .edges)
        try c.encode(registrationSites, forKey: .registrationSites)
        try c.encode(rootRequests, forKey: .rootRequests)
        try c.encode(unanalyzable, forKey: .unanalyzable)
        try c.encode(forwardedTypes, forKey: .forwardedTypes)
        try c.encode(drift, forKey: .drift)
        try c.encode(testFiles, forKey: .testFiles)
    }
}
