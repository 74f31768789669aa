/// Facts of the DI styles whose services are members of an owner type rather than registrations
/// keyed by type: the Factory library (`Container.service`), swift-dependencies
/// (`DependencyValues.apiClient`), key-path dependency containers (`DependencyContainer.bService`)
/// and `Has…` protocol environments (`AppEnvironment.userSession`). Their ids are `Owner.property`.
public struct MemberFacts: Codable, Sendable, Hashable {
    public var services: [MemberServiceFact] = []
    public var requests: [MemberRequestFact] = []
    /// Values given to a service at run time: Factory `.register { … }`, swift-dependencies
    /// `$0.x = …`, a key-path container's `set(initialValue:key:)`.
    public var assignments: [MemberAssignmentFact] = []
    /// swift-dependencies and key-path container key types, with the values they declare.
    public var keys: [DependencyKeyFact] = []
    /// `typealias Dependencies = Container`, `typealias Inject = Injected`: names a style's own
    /// types go by in the project.
    public var typeAliases: [TypeAliasFact] = []
    /// `Has…` environments: requirements and the consumers that take an environment.
    public var environmentRequirements: [EnvironmentRequirementFact] = []
    public var environmentConsumers: [EnvironmentConsumerFact] = []

    public init() {}

    public var isEmpty: Bool {
        services.isEmpty && requests.isEmpty && assignments.isEmpty && keys.isEmpty && typeAliases.isEmpty
            && environmentRequirements.isEmpty && environmentConsumers.isEmpty
    }
}

/// A member-keyed service as declared: `var x: Factory<T> { self { … }.singleton }`,
/// `extension DependencyValues { var x: T { get { self[Key.self] } … } }`.
public struct MemberServiceFact: Codable, Sendable, Hashable {
    public var registry: Registry
    public var owner: String
    public var property: String
    /// What a consumer receives (`T` of `Factory<T>`), when written.
    public var valueType: String?
    /// `ParameterFactory<P, T>`: the parameter types.
    public var parameterTypes: [String]
    public var lifetime: Lifetime
    /// The style's own spelling: `unique`, `singleton`, `session`, `key`.
    public var lifetimeDetail: String
    public var implementationTypes: [String]
    /// The key type its accessor reads (`self[APIClientKey.self]`), for key-based styles.
    public var key: String?
    /// Factory `promised()`: crashes (or returns nil) until something registers it.
    public var promised: Bool
    public var location: SourceLocation
    public var conditions: [ConditionalBranch]
    /// No scope written: the container's default (`unique`, or what its `manager.defaultScope` says).
    public var lifetimeIsDefault: Bool = false

    public init(
        registry: Registry, owner: String, property: String, valueType: String? = nil, parameterTypes: [String] = [],
        lifetime: Lifetime, lifetimeDetail: String, implementationTypes: [String] = [], key: String? = nil,
        promised: Bool = false, location: SourceLocation, conditions: [ConditionalBranch] = []
    ) {
        self.registry = registry
        self.owner = owner
        self.property = property
        self.valueType = valueType
        self.parameterTypes = parameterTypes
        self.lifetime = lifetime
        self.lifetimeDetail = lifetimeDetail
        self.implementationTypes = implementationTypes
        self.key = key
        self.promised = promised
        self.location = location
        self.conditions = conditions
    }

    public var serviceID: String { ServiceID.member(owner: owner, property: property) }
}

/// A consumer asking for a member-keyed service: `@Injected(\.x)`, `Container.shared.x()`,
/// `self.x()` inside another factory, `@Dependency(\.x)`.
public struct MemberRequestFact: Codable, Sendable, Hashable {
    public var requester: Requester
    /// The style whose syntax asked. `.unspecified`: a key path whose root decides
    /// (`@Dependency(\.x)` reads swift-dependencies' `DependencyValues` or a project's own
    /// key-path container).
    public var registry: Registry
    /// The owner written or implied (`Container` for `@Injected(\.x)`); nil: the style's roots.
    /// `served:Container.factory`: the container the service `Container.factory` builds
    /// (``servedContainerMarker``).
    public var owner: String?
    public var property: String
    /// Prefix of an owner that is the container a Factory service serves (`@Injected(\.factory)
    /// var factory` with `var factory: Factory<Container> { self { Container.shared } }`, then
    /// `factory.loginScreen()`).
    public static let servedContainerMarker = "served:"
    /// Prefix of an owner that is the container another container's property returns:
    /// `through:Container.galleryFeaturesContainer` for `@LazyInjected(\.galleryFeaturesContainer.x)`
    /// with `extension Container { var galleryFeaturesContainer: GalleryFeaturesContainer { .shared } }`.
    public static let containerPropertyMarker = "through:"
    /// `@Dependency(T.self)`: a key type read directly, instead of a property.
    public var keyType: String?
    public var timing: Timing
    public var retained: Bool
    public var via: Via
    public var location: SourceLocation
    public var conditions: [ConditionalBranch]
    /// See ``RequestFact/isNeverRead``.
    public var isNeverRead: Bool = false
    /// See ``RequestFact/isDesignTime``.
    public var isDesignTime: Bool = false

    public init(
        requester: Requester, registry: Registry, owner: String?, property: String, keyType: String? = nil,
        timing: Timing, retained: Bool, via: Via, location: SourceLocation, conditions: [ConditionalBranch] = []
    ) {
        self.requester = requester
        self.registry = registry
        self.owner = owner
        self.property = property
        self.keyType = keyType
        self.timing = timing
        self.retained = retained
        self.via = via
        self.location = location
        self.conditions = conditions
    }
}

/// A value given to a member-keyed service at run time.
public struct MemberAssignmentFact: Codable, Sendable, Hashable {
    /// The key of `.dependency(value)` when the value's type is not read: it may give any key
    /// type its value, so none of them is proven unset.
    public static let anyKey = "*"

    public var registry: Registry
    public var owner: String?
    /// The property assigned, or nil when only the key is named (`set(initialValue:key:)`).
    public var property: String?
    public var key: String?
    public var implementationTypes: [String]
    public var location: SourceLocation

    public init(
        registry: Registry, owner: String?, property: String?, key: String? = nil, implementationTypes: [String] = [],
        location: SourceLocation
    ) {
        self.registry = registry
        self.owner = owner
        self.property = property
        self.key = key
        self.implementationTypes = implementationTypes
        self.location = location
    }
}

/// A key type: swift-dependencies' `DependencyKey`/`TestDependencyKey` conformance, or a
/// key-path container's `DependencyKey`/`LazyDependencyKey` (seed 004).
public struct DependencyKeyFact: Codable, Sendable, Hashable {
    public var registry: Registry
    public var type: String
    /// The static values it declares: `liveValue`, `testValue`, `previewValue`, `currentValue`.
    public var values: [String]
    /// Seed 004's `LazyDependencyKey`: no value until `set(initialValue:key:)`.
    public var isLazy: Bool
    /// What `liveValue` / `currentValue` builds, when it constructs a type.
    public var implementationTypes: [String]
    public var location: SourceLocation
    /// False for a plain extension (no key protocol) declaring values (babylon's
    /// `extension TransactionClient { static var liveValue: Self {…} }` beside
    /// `struct TransactionClient: DependencyKey` in another file): its values count only for a
    /// type some declaration makes a key.
    public var declaresKey: Bool

    public init(
        registry: Registry, type: String, values: [String], isLazy: Bool = false, implementationTypes: [String] = [],
        location: SourceLocation, declaresKey: Bool = true
    ) {
        self.registry = registry
        self.type = type
        self.values = values
        self.isLazy = isLazy
        self.implementationTypes = implementationTypes
        self.location = location
        self.declaresKey = declaresKey
    }
}

public struct TypeAliasFact: Codable, Sendable, Hashable {
    public var name: String
    /// Qualified by its enclosing types when nested (`SomeViewModel.Dependencies`).
    public var qualifiedName: String
    public var target: String
    /// Declared in an `#if` branch (`typealias NSObject = AnyObject` on Linux only): not another
    /// name for the type in every build.
    public var isConditional: Bool = false

    public init(name: String, qualifiedName: String, target: String, isConditional: Bool = false) {
        self.name = name
        self.qualifiedName = qualifiedName
        self.target = target
        self.isConditional = isConditional
    }
}

/// `protocol HasUserSession { var userSession: UserSessionProtocol { get } }`.
public struct EnvironmentRequirementFact: Codable, Sendable, Hashable {
    public var protocolName: String
    public var property: String
    public var type: String?
    public var location: SourceLocation

    public init(protocolName: String, property: String, type: String?, location: SourceLocation) {
        self.protocolName = protocolName
        self.property = property
        self.type = type
        self.location = location
    }
}

/// `init(dependencies: Dependencies = AppEnvironment.shared)` in a type whose `Dependencies` is a
/// composition of `Has…` protocols: the consumer reads each required property of the environment.
public struct EnvironmentConsumerFact: Codable, Sendable, Hashable {
    public var consumer: String
    /// The parameter's type as written (`Dependencies`, `HasA & HasB`).
    public var requirement: String
    /// The environment type given as the default (`AppEnvironment` of `AppEnvironment.shared`),
    /// or `property:Owner.name` for a stored property whose type the linker reads.
    public var environment: String?
    public static let propertyMarker = "property:"
    /// The type whose code makes the call that gives the environment (`AppCoordinator` for
    /// `DashboardCoordinator(context: context)` written in it): when what it gives is its own
    /// requirement rather than a concrete environment, the consumer gets whatever environments
    /// that type was given. nil for a default argument.
    public var handedOnBy: String?
    public var location: SourceLocation

    public init(
        consumer: String, requirement: String, environment: String?, handedOnBy: String? = nil, location: SourceLocation
    ) {
        self.consumer = consumer
        self.requirement = requirement
        self.environment = environment
        self.handedOnBy = handedOnBy
        self.location = location
    }
}
