/// Who asks for a dependency.
public enum Requester: Codable, Sendable, Hashable {
    /// Inside the factory (or `initCompleted`) of the registration at this index in the same file.
    case registration(Int)
    /// Inside a type's declaration or one of its extensions.
    case type(String)
    /// Top-level code: a composition root outside any type.
    case root
    /// Inside the definition of the member-keyed service with this id (a Factory closure).
    case service(String)
}

/// How a dependency is obtained. Values are the report's `via` strings.
public enum Via: String, Codable, Sendable, Hashable {
    case resolve, initializer, property, method
    case propertyWrapper = "property_wrapper"
    case environment
    case sharedAccess = "shared_access"
    case snapshot
}

/// When a dependency is obtained relative to its requester's construction.
public enum Timing: String, Codable, Sendable, Hashable {
    /// While the requester is being built: cycles through it recurse forever.
    case eager
    /// After the requester exists or on first use (`initCompleted`, property wrappers, methods).
    case deferred
}

/// The requested type, sometimes only known after linking (`autoResolve()` assigned to a stored
/// property declared in another file).
public enum RequestedType: Codable, Sendable, Hashable {
    case named(String)
    case storedProperty(owner: String, property: String)
}

/// A `resolve` / `autoResolve` / `@Dependency` site.
public struct RequestFact: Codable, Sendable, Hashable {
    public var requester: Requester
    public var registry: Registry
    public var type: RequestedType
    public var name: String?
    public var nameKind: NameKind
    /// The container instance resolved from, when the scanner can place it: a container created
    /// in the same function is matched only against its own registrations and its parents'.
    public var containerInstance: String?
    /// Runtime arguments passed; their types where visible (literals), else `_`.
    public var argumentTypes: [String]
    public var timing: Timing
    /// Whether the requester keeps the result (stored), as opposed to using it once.
    public var retained: Bool
    public var via: Via
    /// Written to tolerate absence (`resolve(X.self)` without `!`): a miss is a note, not an error.
    public var optional: Bool
    public var location: SourceLocation
    public var conditions: [ConditionalBranch]
    /// Asks for every registration of the type at once (DITranquillity `many(…)`, an array
    /// parameter): none registered is an empty collection, not a miss, and several are not a
    /// clash.
    public var collects: Bool = false
    /// A wrapped property (`@Injected var x`) that nothing in its file reads: declared, never
    /// used. Not a use of what it asks for (`god_singleton` does not count it).
    public var isNeverRead: Bool = false
    /// Made in a SwiftUI preview (a `PreviewProvider` or `#Preview`): run by Xcode's canvas, never
    /// by the app. No dependent of what it asks for, and a miss there crashes only the canvas.
    public var isDesignTime: Bool = false
    /// The initializer argument the value is passed as, when the requester keeps it only by
    /// passing it there (`NodesStorage(merging: r.resolve(Merging.self)!)`): whether the built
    /// type keeps it is its initializer's call (``ParameterFact/isKept``), read in the link where
    /// the type is declared.
    public var passedTo: InitializerArgument?

    public init(
        requester: Requester, registry: Registry, type: RequestedType, name: String? = nil,
        argumentTypes: [String] = [], timing: Timing, retained: Bool, via: Via, optional: Bool,
        location: SourceLocation, conditions: [ConditionalBranch] = [], nameKind: NameKind = .literal,
        containerInstance: String? = nil
    ) {
        self.requester = requester
        self.registry = registry
        self.type = type
        self.name = name
        self.nameKind = nameKind
        self.containerInstance = containerInstance
        self.argumentTypes = argumentTypes
        self.timing = timing
        self.retained = retained
        self.via = via
        self.optional = optional
        self.location = location
        self.conditions = conditions
    }
}

/// A use of a singleton's static member: `Network.shared`, a default argument `= .shared`,
/// a stored property initialised from `UserSession.shared`.
public struct SharedAccessFact: Codable, Sendable, Hashable {
    public var requester: Requester
    public var ownerType: String
    public var member: String
    public var timing: Timing
    public var retained: Bool
    public var via: Via
    public var location: SourceLocation
    /// See ``RequestFact/isDesignTime``.
    public var isDesignTime: Bool = false

    public init(
        requester: Requester, ownerType: String, member: String, timing: Timing, retained: Bool, via: Via,
        location: SourceLocation
    ) {
        self.requester = requester
        self.ownerType = ownerType
        self.member = member
        self.timing = timing
        self.retained = retained
        self.via = via
        self.location = location
    }
}

/// A DI site the scanner recognised but could not interpret; reported, never guessed.
public struct UnanalyzableFact: Codable, Sendable, Hashable {
    public var message: String
    /// The service involved when known (e.g. the registered type).
    public var service: String?
    public var location: SourceLocation
    /// A registration it could not read: the keys it may register (its container is open).
    public var opens: OpenKeys?
    /// The container instance of that registration (see ``ContainerInstance``).
    public var containerInstance: String?

    public init(
        message: String, service: String?, location: SourceLocation, opens: OpenKeys? = nil,
        containerInstance: String? = nil
    ) {
        self.message = message
        self.service = service
        self.location = location
        self.opens = opens
        self.containerInstance = containerInstance
    }
}
