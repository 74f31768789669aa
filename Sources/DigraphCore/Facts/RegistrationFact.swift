/// A registration in a type-keyed container: Swinject's `register(T.self) { … }` or a service
/// locator's `register(instance:forMetaType:)`.
public struct RegistrationFact: Codable, Sendable, Hashable {
    public var registry: Registry
    /// The container it is registered in. All Swinject assemblies feed one container unless the
    /// code says otherwise, so this is the registry's default container name by default.
    public var container: String
    public var serviceType: String
    /// nil: the default (unnamed) registration. For a constant, its spelling until the linker
    /// resolves it to the literal it is declared with (see ``nameKind``).
    public var name: String?
    public var nameKind: NameKind
    /// The container instance registered on (see ``ContainerInstance``); nil: the program's
    /// default container (an `Assembly`'s parameter, a receiver the scanner cannot place).
    public var containerInstance: String?
    /// The innermost function the registration is written in (`file:offset`), so a test method
    /// re-registering on its fixture container overrides rather than duplicates.
    public var scope: String?
    /// The type whose `assemble(container:)` holds it (a Swinject `Assembly`): its registrations
    /// run only if something constructs that type.
    public var assembly: String?
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
        location: SourceLocation, conditions: [ConditionalBranch] = [], nameKind: NameKind = .literal,
        containerInstance: String? = nil, scope: String? = nil
    ) {
        self.registry = registry
        self.container = container
        self.serviceType = serviceType
        self.name = name
        self.nameKind = nameKind
        self.containerInstance = containerInstance
        self.scope = scope
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

/// How a registration or request name was written.
public enum NameKind: String, Codable, Sendable, Hashable {
    /// A string literal: the name itself.
    case literal
    /// A constant (`DatabaseName.primary`, `.api`, `kPrimary`): the linker replaces its spelling
    /// with the literal it is declared with in the scanned code, else keeps the spelling as the name.
    case constant
    /// Computed at run time (a parameter, a loop variable, interpolation): never matches,
    /// duplicates or cycles with anything.
    case dynamic
}

/// A constant declared with a literal value, as a name could refer to it: `Names.primary`
/// (`static let primary = "primary"`, or a `String` enum case), `kPrimary` (a global).
public struct ConstantFact: Codable, Sendable, Hashable {
    /// Qualified by its enclosing types: `DatabaseName.primary`, `Resolver.Name.api`, `kPrimary`.
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
