/// Everything one Swift file says about dependency injection, as plain values.
///
/// Produced by the scanner independently for each file (so scanning parallelises and can be
/// cached), joined across files by the ``Linker``. Nothing here refers to syntax nodes.
public struct FileFacts: Codable, Sendable, Hashable {
    public var file: String
    public var types: [TypeDeclFact] = []
    public var registrations: [RegistrationFact] = []
    public var requests: [RequestFact] = []
    public var sharedAccesses: [SharedAccessFact] = []
    public var locatorImplementations: [LocatorImplementationFact] = []
    public var unanalyzable: [UnanalyzableFact] = []
    public var suppressionComments: [SuppressionComment] = []
    /// Constants with literal values, for names given through them.
    public var constants: [ConstantFact] = []
    /// Container instances created in this file with a parent (`Container(parent: p)`).
    public var containerParents: [ContainerParentFact] = []
    /// Functions registering on a container parameter, and calls passing containers on.
    public var containerParameters: [ContainerParameterFact] = []
    public var containerArguments: [ContainerArgumentFact] = []
    /// Requests whose types come from an initializer declared in any scanned file (see
    /// ``InitializerRequestFact``); the linker turns them into ``requests``.
    public var initializerRequests: [InitializerRequestFact] = []
    /// A library's default scope set by the code (`Resolver.defaultScope = .application`).
    public var defaultLifetimes: [DefaultLifetimeFact] = []
    /// A project's own locator, as its implementation shows it (see ``LocatorMethodFact``).
    public var locatorMethods: [LocatorMethodFact] = []
    public var locatorWrappers: [LocatorWrapperFact] = []
    /// Calls that are locator registrations or requests if a locator method has their shape.
    public var provisionalLocatorCalls: [ProvisionalLocatorCallFact] = []
    public var wrappedProperties: [WrappedPropertyFact] = []
    /// Named registrations whose type the scanner cannot read.
    public var untypedRegistrations: [UntypedRegistrationFact] = []
    /// Declares tests (`XCTestCase` subclasses, `@Suite`, `@Test`, `QuickSpec`) or imports a test
    /// framework: test code when no project description says otherwise.
    public var declaresTests: Bool = false
    /// The file imports Swinject (or a module of it): its Swinject-shaped calls are Swinject's.
    public var importsSwinject: Bool = false
    /// Types constructed where assemblies are: `Assembler([A(), B()])`, `apply(assembly: C())`,
    /// and any `…Assembly(…)` construction; DITranquillity parts and frameworks passed as
    /// metatypes (`append(part: P.self)`). Sorted, unique.
    public var constructedAssemblies: [String] = []
    /// Assemblies and parts applied to a container (`Assembler([A()])`, `apply(assembly: B())`,
    /// `append(part: P.self)`): one the scan does not declare may register anything.
    public var appliedAssemblies: [AppliedAssemblyFact] = []
    /// What looks like DI but no extractor read (`x.register(Y.self) { … }` of an unknown
    /// container, `@Injected var …`, a type named `…Container`): said in the coverage summary so
    /// that a style digraph does not read never passes as a clean run.
    public var unrecognised: [UnrecognisedSite] = []
    /// Where the parser first met a syntax error: it recovers, but DI sites nearby may be missed.
    public var syntaxError: SourceLocation?
    /// Why the file was not analysed at all (it nests deeper than digraph parses), and where.
    public var notAnalysed: FileNote?
    /// Member-keyed styles: Factory, swift-dependencies, key-path containers, `Has…` environments.
    public var members = MemberFacts()
    /// Needle components and Weaver annotations: trees of scopes (see ``NeedleFacts``).
    public var needle = NeedleFacts()
    public var weaver = WeaverFacts()
    /// Hand-written factories and containers, and seed 001's protocol injectors.
    public var composition = CompositionFacts()
    /// Named functions that make registrations, and calls of functions named like DI setup:
    /// registrations of helpers only tests and previews call (see ``TestOnlyRegistrationHelpers``).
    public var registeringFunctions: [RegisteringFunctionFact] = []
    public var setupCalls: [SetupCallFact] = []
    /// `register { Builder.build() }`: a registration keyed by what a static member of a type
    /// gives, which only the link can read (see ``StaticProductTypes``). Typed, it joins
    /// ``registrations`` and the unread site at its location is withdrawn; untyped, it is dropped.
    public var pendingRegistrations: [RegistrationFact] = []
    /// Registrations keyed by a construction written without generic arguments, with what its
    /// arguments say of them (see ``GenericConstructions``).
    public var genericConstructions: [GenericConstructionFact] = []

    public init(file: String) { self.file = file }
}

/// A message about a whole file, at the place it concerns.
public struct FileNote: Codable, Sendable, Hashable {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }
}

/// Which kind of registry a registration or request belongs to. Requests whose registry the
/// scanner cannot tell (`container.resolve(X.self)` at a composition root) use `.unspecified`
/// and are satisfied by any type-keyed registry.
public enum Registry: String, Codable, Sendable, Hashable, CaseIterable {
    case swinject
    case serviceLocator = "service-locator"
    case resolver
    case dip
    case ditranquillity
    case needle
    case weaver
    case unspecified
    // Member-keyed styles (services `Owner.property`, see ``MemberFacts``).
    case factory
    case swiftDependencies = "swift-dependencies"
    case keyPathContainer = "keypath-container"
    case hasEnvironment = "has-environment"
    // Hand-written composition (services `Owner.member`, see ``CompositionFacts``): built by the
    // project's own code rather than registered, so never unused and never a near miss.
    case composition
    case injector

    /// Whether the style's services are registrations in a container (as opposed to members a
    /// project's own factories build, or values an injector assigns).
    public var registers: Bool { self != .unspecified && self != .composition && self != .injector }

    /// The `style` string of the report.
    public var style: String { rawValue }

    /// Keyed by `Owner.property`: the compiler checks what a request names, so a request can
    /// only miss its own member's value, never match another member of the same type.
    public var isMemberKeyed: Bool { [.factory, .swiftDependencies, .keyPathContainer, .hasEnvironment].contains(self) }
}

/// One branch of an `#if` / `#elseif` / `#else` block: `block` identifies the block in the file,
/// `clause` the branch. Two facts in different clauses of the same block are alternatives.
public struct ConditionalBranch: Codable, Sendable, Hashable {
    public var block: Int
    public var clause: Int
    public init(block: Int, clause: Int) {
        self.block = block
        self.clause = clause
    }
}

extension Array where Element == ConditionalBranch {
    /// False when the two paths take different clauses of the same `#if` block, i.e. the code at
    /// one can never be compiled together with the code at the other.
    public func isCompatible(with other: [ConditionalBranch]) -> Bool {
        for mine in self {
            for theirs in other where mine.block == theirs.block && mine.clause != theirs.clause {
                return false
            }
        }
        return true
    }
}

/// `let child = Container(parent: root)`: `child` sees and may override `root`'s registrations.
public struct ContainerParentFact: Codable, Sendable, Hashable {
    public var instance: String
    public var parent: String

    public init(instance: String, parent: String) {
        self.instance = instance
        self.parent = parent
    }
}

/// Where a container instance is created, as the scanner names it: `local:<file>:<line>:<column>`
/// for a container built in a function (its own instance), `Type.property` for a stored or static
/// property, a global's name.
public enum ContainerInstance {
    public static let localPrefix = "local:"
    public static func isLocal(_ instance: String?) -> Bool { instance?.hasPrefix(localPrefix) == true }
}

/// A DI-looking site that no extractor understood.
public struct UnrecognisedSite: Codable, Sendable, Hashable {
    /// How it is written, shortened: `container.register(…)`, `@Injected`, `type AppContainer`.
    public var what: String
    public var location: SourceLocation
    /// A registration call no extractor read: the keys it may register (every key when its
    /// receiver was not read).
    public var opens: OpenKeys?

    /// A type that looks like a container (`type AppContainer`), not a call or an attribute.
    public var namesAType: Bool { what.hasPrefix("type ") }

    public init(what: String, location: SourceLocation, opens: OpenKeys? = nil) {
        self.what = what
        self.location = location
        self.opens = opens
    }
}

/// An assembly or part applied to a container, where it is applied (see ``FileFacts/appliedAssemblies``).
public struct AppliedAssemblyFact: Codable, Sendable, Hashable {
    public var type: String
    public var registry: Registry
    public var location: SourceLocation

    public init(type: String, registry: Registry, location: SourceLocation) {
        self.type = type
        self.registry = registry
        self.location = location
    }
}

/// `register(name: "host") { r in r.resolve(Config.self).host }`: the name is known, the type is
/// not. A request by that name that nothing else satisfies is then neither satisfied nor missing.
/// Unnamed (`register { Firestore.firestore().enableLogging(on: true) }`), the same holds for a
/// request of a type the closure names (`mentionedTypes`).
public struct UntypedRegistrationFact: Codable, Sendable, Hashable {
    public var registry: Registry
    /// nil: registered without a name.
    public var name: String?
    /// Type names the factory closure spells (`Firestore`), for an unnamed registration.
    public var mentionedTypes: [String]
    public var location: SourceLocation
    /// Unnamed, in a container built in a function: that container's misses are not known either.
    public var containerInstance: String?

    public init(
        registry: Registry, name: String?, mentionedTypes: [String] = [], location: SourceLocation,
        containerInstance: String? = nil
    ) {
        self.registry = registry
        self.name = name
        self.mentionedTypes = mentionedTypes
        self.location = location
        self.containerInstance = containerInstance
    }
}
