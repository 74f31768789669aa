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
    /// Further instances it is registered on: a helper function called with several containers
    /// (see ``ContainerParameterFact``); "" is the default container.
    public var additionalInstances: [String] = []
    /// The innermost function the registration is written in (`file:offset`), so a test method
    /// re-registering on its fixture container overrides rather than duplicates.
    public var scope: String?
    /// The test run it is made in, when written in a test: `Type#file:offset` inside a test method
    /// (`func test…()`, `@Test`), `Type` in a test class's other code (`setUp`, helpers), which
    /// every test method of `Type` runs. XCTest builds a fresh test case per method, so two test
    /// methods never share a container; see ``TestRun``. nil elsewhere.
    public var testRun: String?
    /// The type whose `assemble(container:)` holds it (a Swinject `Assembly`), or whose
    /// `static func load(container:)` does (a DITranquillity `DIPart`/`DIFramework`): its
    /// registrations run only if something constructs (or appends) that type.
    public var assembly: String?
    /// The type (or extension) the registration is written in, qualified (`Detail.Assembly`): an
    /// unqualified key names a type nested there first (see ``NestedTypeNames``).
    public var enclosingType: String?
    /// The factory only hands out another key's product (`{ $0.resolve(PlaceService.self)! }`):
    /// that key's type. What it gives lives as long as that product (see ``ForwardingLifetimes``).
    public var forwardsTo: String?
    /// Some result of the factory is a value it made itself (a construction, a storyboard's
    /// controller cast to its type, followed through locals and `if let`), not another key's
    /// resolve: what it resolves and stores in that value is held, never forwarded, even when
    /// the link reads no implementation type (see ``Service/buildsOwnProduct``).
    public var buildsOwnProduct: Bool = false
    /// A project locator's registration with a factory closure: the types of all its parameters
    /// (`_` where not written), for when the link finds the call is Swinject's `register` under a
    /// project's name: the runtime arguments are the last of them, as many as the library call
    /// takes (openedx's `{ (r, url: URL?, id: String) in … }`, PianoReminder's `{ questions in … }`).
    /// nil otherwise.
    public var factoryParameterTypes: [String]? = nil
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
    /// DITranquillity `.default()` / `.test()`: chosen when several registrations answer a single
    /// resolve, so registering the key again is no clash.
    public var isPreferred: Bool = false
    /// Made in a SwiftUI preview (see ``RequestFact/isDesignTime``): Xcode's canvas runs it, the
    /// app never does.
    public var isDesignTime: Bool = false
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
    /// `static let apiMode = mock`: the constant stands for another one's value (qualified, like
    /// ``name``); ``value`` is then unused.
    public var aliasOf: String?

    public init(name: String, value: String, aliasOf: String? = nil) {
        self.name = name
        self.value = value
        self.aliasOf = aliasOf
    }
}

/// Which test runs code belongs to (``RegistrationFact/testRun``): `Type#method` for a test
/// method, `Type` for the rest of a test type (run by each of its methods), nil for code outside
/// any test (run by every test).
public enum TestRun {
    /// Whether code of run `a` and code of run `b` can run in one test: the same method, or one of
    /// them is shared by the other's type, or either is not test code.
    public static func compatible(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b, a != b else { return true }
        let (typeA, methodA) = split(a)
        let (typeB, methodB) = split(b)
        return typeA == typeB && (methodA == nil || methodB == nil)
    }

    static func split(_ run: String) -> (type: Substring, method: Substring?) {
        guard let hash = run.firstIndex(of: "#") else { return (Substring(run), nil) }
        return (run[..<hash], run[run.index(after: hash)...])
    }
}
