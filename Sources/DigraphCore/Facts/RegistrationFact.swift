/// A registration in a type-keyed container: Swinject's `register(T.self) { … }` or a service
/// locator's `register(instance:forMetaType:)`.
public struct RegistrationFact: Codable, Sendable, Hashable {
    public var registry: Registry
    /// The container it is registered in. All Swinject assemblies feed one container unless the
    /// code says otherwise, so this is the registry's default container name by default.
    public var container: String
    public var serviceType: String
    /// nil: the default (unnamed) registration.
    public var name: String?
    /// Runtime argument types of the factory, `_` where not written.
    public var argumentTypes: [String]
    public var lifetime: Lifetime
    /// The framework's own spelling: `container`, `graph`, `session`, `instance`, `factory`.
    public var lifetimeDetail: String
    /// Whether `lifetime` came from the framework's default rather than an explicit scope.
    public var lifetimeIsDefault: Bool
    public var implementationTypes: [String]
    /// Other service types the same registration answers for (Swinject `.implements(P.self)`).
    public var forwardedTypes: [String]
    public var location: SourceLocation
    public var conditions: [ConditionalBranch]

    public init(
        registry: Registry, container: String, serviceType: String, name: String? = nil,
        argumentTypes: [String] = [], lifetime: Lifetime, lifetimeDetail: String,
        lifetimeIsDefault: Bool = false, implementationTypes: [String] = [], forwardedTypes: [String] = [],
        location: SourceLocation, conditions: [ConditionalBranch] = []
    ) {
        self.registry = registry
        self.container = container
        self.serviceType = serviceType
        self.name = name
        self.argumentTypes = argumentTypes
        self.lifetime = lifetime
        self.lifetimeDetail = lifetimeDetail
        self.lifetimeIsDefault = lifetimeIsDefault
        self.implementationTypes = implementationTypes
        self.forwardedTypes = forwardedTypes
        self.location = location
        self.conditions = conditions
    }

    public var serviceID: String {
        ServiceID.typeKeyed(type: serviceType, name: name, arguments: argumentTypes)
    }
}
