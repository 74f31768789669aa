/// The keys a site digraph saw but could not read whole may register: the container it writes to
/// is *open* for them, and a request for one of them is not proven missing (see the spec's
/// "Certainty: an error is a proof").
///
/// `register { someFactory() }` whose type the scanner cannot work out opens every unnamed key of
/// its registry; `x.register(…)` on a receiver no extractor reads (a project's wrapper, a library
/// digraph does not know) opens every key of every type-keyed registry; a registration of a
/// known type under a name computed at run time opens that type's names.
public struct OpenKeys: Codable, Sendable, Hashable {
    /// The registry written to; nil: any type-keyed registry (the receiver was not read).
    public var registry: Registry?
    /// The key's type; nil: any type.
    public var type: String?
    /// The key's name; nil with `anyName`: any name; nil without it: unnamed keys only.
    public var name: String?
    public var anyName: Bool
    /// `register { env in { input in Screen(env: env, input: input) } }`: every result is a closure,
    /// so the key is a function type, whatever its parameters; no other key is open.
    public var functionTypesOnly: Bool = false

    public init(registry: Registry?, type: String? = nil, name: String? = nil, anyName: Bool, functionTypesOnly: Bool = false) {
        self.registry = registry
        self.type = type
        self.name = name
        self.anyName = anyName
        self.functionTypesOnly = functionTypesOnly
    }

    /// The registries a `register(…)` call on an unread receiver can write to.
    static let typeKeyed: Set<Registry> = [.swinject, .serviceLocator, .resolver, .dip, .ditranquillity, .unspecified]

    /// Every key of every type-keyed registry: a registration call on a receiver nothing read.
    public static let everything = OpenKeys(registry: nil, anyName: true)

    /// Whether a registration of these keys could satisfy `request`.
    public func covers(_ request: RequestDetail) -> Bool {
        if let registry {
            if request.registry != .unspecified, registry != request.registry { return false }
        } else if !Self.typeKeyed.contains(request.registry) {
            return false
        }
        if let type, TypeName.matchingKey(type) != TypeName.matchingKey(request.type) { return false }
        if functionTypesOnly, !request.type.contains("->") { return false }
        if anyName { return true }
        return name == request.name
    }

    /// `every key`, `unnamed keys of swinject`, `\`Database\` under any name`.
    public var description: String {
        let names = anyName ? "" : name.map { " named `\($0)`" } ?? " (unnamed)"
        let keys = type.map { "`\($0)`\(anyName ? " under any name" : names)" } ?? (functionTypesOnly ? "any function-typed key\(names)" : "any key\(names)")
        return registry.map { "\(keys) of \($0.style)" } ?? keys
    }
}

/// A site that leaves its container open, as a program's graph keeps it.
public struct OpenSite: Codable, Sendable, Hashable {
    /// How it is written (`NetworkModule.register(…)`), or why it could not be read.
    public var what: String
    public var location: SourceLocation
    public var keys: OpenKeys
    /// The container instance written to, when the scanner placed it (see ``ContainerInstance``).
    public var containerInstance: String?

    public init(what: String, location: SourceLocation, keys: OpenKeys, containerInstance: String? = nil) {
        self.what = what
        self.location = location
        self.keys = keys
        self.containerInstance = containerInstance
    }

    /// Whether this site may register what `request` (made on `instance`) asks for. A container
    /// built in a function is known whole: only a site writing to that very instance opens it.
    public func mayProvide(_ request: RequestDetail, instance: String?) -> Bool {
        guard keys.covers(request) else { return false }
        if ContainerInstance.isLocal(instance) { return containerInstance == instance }
        return !ContainerInstance.isLocal(containerInstance)
    }

    /// `the registration digraph could not read at DI/NetworkModule.swift:88:9 (`x.register(…)`)`.
    public var phrase: String { "`\(what)` at \(location)" }
}

extension OpenSite {
    /// The sites of one file that leave their containers open: registrations it saw but could
    /// not read (``UnanalyzableFact/opens``, ``UnrecognisedSite/opens``). The link and the
    /// coverage both read them here.
    public static func sites(in file: FileFacts) -> [OpenSite] {
        var sites: [OpenSite] = []
        for fact in file.unanalyzable {
            guard let keys = fact.opens else { continue }
            sites.append(
                OpenSite(what: fact.message, location: fact.location, keys: keys, containerInstance: fact.containerInstance))
        }
        for site in file.unrecognised {
            guard let keys = site.opens else { continue }
            sites.append(OpenSite(what: site.what, location: site.location, keys: keys))
        }
        return sites
    }
}

extension Array where Element == OpenSite {
    /// The sites that may provide `request`, in source order.
    public func providing(_ request: RequestDetail, instance: String?) -> [OpenSite] {
        filter { $0.mayProvide(request, instance: instance) }.sorted { $0.location < $1.location }
    }
}

/// Names of calls that register (`register`, `registerService`, `autoregister`, …): a call so
/// named that no reader read leaves its container open.
public enum DILookingNames {
    public static func isRegistration(_ name: String) -> Bool { name.lowercased().contains("register") }

    /// Property wrappers named like injection: the libraries' own, and the names projects give
    /// their wrappers over a container.
    public static let wrappers: Set<String> = [
        "Injected", "LazyInjected", "WeakLazyInjected", "DynamicInjected", "OptionalInjected", "InjectedObject", "InjectedObservable",
        "Inject", "Dependency", "Injectable", "Provided",
    ]
}
