/// Facts of hand-written composition, where no library is involved:
///
/// - factories and DI containers (seeds 000 and 003): `enum LoginScreenFactory { static func
///   make() -> UIViewController }`, `struct ViewControllersFactory { func make…() }`, a class
///   holding `lazy var service = Service(dep: dep)` and `func makeX() -> X { X(service: service) }`;
/// - seed 001's protocol injector: `protocol Injectable { var data: T! { get set } }` filled by an
///   `Injector<Injectable, T>` or an `inject(into:data:)` walking view controllers.
///
/// The scanner reads every type whose name says it composes (`…Factory`, `…Container`, …); the
/// linker keeps only those that do (a member passing another member's product, or something the
/// type holds, into what it builds): a `…Factory` that only formats values is a helper, not DI.
public struct CompositionFacts: Codable, Sendable, Hashable {
    public var members: [CompositionMemberFact] = []
    public var requests: [CompositionRequestFact] = []
    /// Where factory and container types are instantiated: how many instances their cached
    /// members live in.
    public var constructions: [ContainerConstructionFact] = []
    public var injectionRequirements: [InjectionRequirementFact] = []
    public var injectors: [InjectorFact] = []
    /// Types named like composition roots that declare `register…`/`resolve…` methods (in any
    /// extension): a container library's own container or a service locator, never composition.
    public var registeringOwners: [String] = []
    /// `injector.inject(into: root, data: data)`: where an injector runs.
    public var injections: [SourceLocation] = []
    /// Names assigned somewhere in the file (`vc.data = …`, `data = …`): a protocol requirement
    /// assigned anywhere is not reported as never set. Sorted, unique.
    public var assignedNames: [String] = []

    public init() {}

    public var isEmpty: Bool {
        members.isEmpty && requests.isEmpty && constructions.isEmpty && injectionRequirements.isEmpty
            && injectors.isEmpty && injections.isEmpty && assignedNames.isEmpty && registeringOwners.isEmpty
    }
}

/// One member of a factory or container type that builds or holds something.
public struct CompositionMemberFact: Codable, Sendable, Hashable {
    public enum Kind: String, Codable, Sendable, Hashable {
        /// `func make…()`, `static func create…()`: a new product per call.
        case factoryMethod = "factory_method"
        /// `var x: T { T() }`: a new product per read.
        case computedProperty = "computed_property"
        /// `lazy var x = T(…)`: built on first read, then cached per container instance.
        case lazyProperty = "lazy_property"
        /// `let x: T = Impl()`: built with the container, cached per container instance.
        case storedProperty = "stored_property"
    }

    /// What the member's results are.
    public enum Product: Codable, Sendable, Hashable {
        /// A new instance every time (a construction, or another factory's call).
        case new
        /// Another member of the same type (`func makeSession() -> Session { session }`).
        case member(String)
        /// A type's shared instance (`Logger.shared`).
        case staticInstance(String)
        /// Something the scanner cannot tell is new or shared.
        case unknown
    }

    /// The type or extended type declaring it, qualified (`Outer.Inner`).
    public var owner: String
    public var name: String
    public var kind: Kind
    public var isStatic: Bool
    /// The declared return or property type, when written.
    public var type: String?
    /// A factory method's parameter types.
    public var parameterTypes: [String]
    /// The types its results construct.
    public var implementationTypes: [String]
    public var product: Product
    /// Passes `self` into what it builds (`NavigationService(services: self)`): the owner composes.
    public var passesSelf: Bool
    public var location: SourceLocation
    public var conditions: [ConditionalBranch]

    public init(
        owner: String, name: String, kind: Kind, isStatic: Bool = false, type: String? = nil,
        parameterTypes: [String] = [], implementationTypes: [String] = [], product: Product = .new,
        passesSelf: Bool = false, location: SourceLocation, conditions: [ConditionalBranch] = []
    ) {
        self.owner = owner
        self.name = name
        self.kind = kind
        self.isStatic = isStatic
        self.type = type
        self.parameterTypes = parameterTypes
        self.implementationTypes = implementationTypes
        self.product = product
        self.passesSelf = passesSelf
        self.location = location
        self.conditions = conditions
    }

    public var serviceID: String { ServiceID.member(owner: owner, property: name) }

    /// Whether the member keeps what it builds for its container's lifetime.
    public var isCached: Bool { kind == .lazyProperty || kind == .storedProperty }
}

/// Code asking a factory or container member for its product: `makeX()` / `self.service` inside
/// another member, `LoginScreenFactory.create()`, `factory.makeDetail()` in a view controller.
public struct CompositionRequestFact: Codable, Sendable, Hashable {
    /// How the type whose member is asked for is known at the site.
    public enum Receiver: Codable, Sendable, Hashable {
        /// Written or implied: `Owner.make()`, `self.x` / `x` in the owner, a local built as `Owner()`,
        /// a parameter typed `Owner` (or a protocol a factory conforms to).
        case type(String)
        /// A stored property of this type (`viewControllersFactory.make…()`): its declared type.
        case property(owner: String, name: String)
    }

    public var requester: Requester
    public var receiver: Receiver
    public var member: String
    public var timing: Timing
    public var retained: Bool
    /// Passed into what the member builds, itself or a property of it (`dependencies.manager`):
    /// what makes its owner composition rather than a helper.
    public var passesIn: Bool
    /// Passed straight into an initializer, `Type(label: value)`: the link keeps it only when
    /// that initializer may keep the parameter (``ParameterFact/isKept``).
    public var passedTo: InitializerArgument?
    public var via: Via
    public var location: SourceLocation
    public var conditions: [ConditionalBranch]
    /// The arguments the call passes (0 for a property read): a member taking none that calls a
    /// member of its own name with some calls another overload (sora's
    /// `createDefaultRegistry()` -> `createDefaultRegistry(from:)`), not itself.
    public var argumentCount: Int = 0

    public init(
        requester: Requester, receiver: Receiver, member: String, timing: Timing, retained: Bool, passesIn: Bool = false,
        via: Via, location: SourceLocation, conditions: [ConditionalBranch] = [], passedTo: InitializerArgument? = nil
    ) {
        self.passedTo = passedTo
        self.requester = requester
        self.receiver = receiver
        self.member = member
        self.timing = timing
        self.retained = retained
        self.passesIn = passesIn
        self.via = via
        self.location = location
        self.conditions = conditions
    }
}

/// `let container = AppDIContainer()` in `AppDelegate`, `MoviesSceneDIContainer(…)` in a factory
/// method: a container built once at the app root holds singletons; one built per call holds
/// whatever it caches per instance.
public struct ContainerConstructionFact: Codable, Sendable, Hashable {
    public enum Site: Codable, Sendable, Hashable {
        /// The app's root: `AppDelegate`, `SceneDelegate`, the `@main` type, top-level code.
        case appRoot
        /// The value of a stored or lazy property of this type: as many instances as its owner has.
        case property(owner: String, name: String)
        /// Anywhere else (a function, a factory method): one instance per call.
        case elsewhere
    }

    public var type: String
    public var site: Site
    public var location: SourceLocation

    public init(type: String, site: Site, location: SourceLocation) {
        self.type = type
        self.site = site
        self.location = location
    }
}

/// `protocol Injectable: AnyObject { var data: [[String]]! { get set } }`: a requirement an
/// injector fills after the conforming view controller exists; read before, it crashes.
public struct InjectionRequirementFact: Codable, Sendable, Hashable {
    public var protocolName: String
    public var property: String
    /// Unwrapped (`[[String]]` for `[[String]]!`).
    public var type: String
    public var location: SourceLocation

    public init(protocolName: String, property: String, type: String, location: SourceLocation) {
        self.protocolName = protocolName
        self.property = property
        self.type = type
        self.location = location
    }
}

/// `Injector<Injectable, [[String]]>(callback: { vc, data in vc.data = data })`, or a function
/// `inject(into:data:)` doing `if let dest = controller as? Injectable { dest.data = data }`.
public struct InjectorFact: Codable, Sendable, Hashable {
    public var protocolName: String
    public var dataType: String?
    /// The requirements it assigns; nil when its callback cannot be read (it may set any).
    public var sets: [String]?
    public var location: SourceLocation

    public init(protocolName: String, dataType: String?, sets: [String]?, location: SourceLocation) {
        self.protocolName = protocolName
        self.dataType = dataType
        self.sets = sets
        self.location = location
    }
}

/// The argument at `index` of `type(labels…)`.
public struct InitializerArgument: Codable, Sendable, Hashable {
    public var type: String
    public var labels: [String?]
    public var index: Int

    public init(type: String, labels: [String?], index: Int) {
        self.type = type
        self.labels = labels
        self.index = index
    }
}
