/// Facts of the two styles whose graph is a tree of scopes that a code generator checks: Needle
/// (uber/needle: components, their `Dependency` protocols, satisfied by ancestors' properties) and
/// Weaver (scribd/Weaver: `// weaver:` annotations and `@Weaver` property wrappers, references
/// resolved by the types that build the annotated type). The linker walks the trees (see
/// `NeedleLinking` and `WeaverLinking`).

// MARK: - Needle

public struct NeedleFacts: Codable, Sendable, Hashable {
    /// Component classes and extensions of them.
    public var components: [NeedleComponentFact] = []
    /// `protocol XDependency: Dependency { … }` and `protocol XPluginExtension: PluginExtension { … }`.
    public var protocols: [NeedleProtocolFact] = []

    public init() {}

    public var isEmpty: Bool { components.isEmpty && protocols.isEmpty }
}

/// `class X: Component<XDependency>`, `class Root: BootstrapComponent`,
/// `class P: PluginizedComponent<D, E, NonCore>`, `class N: NonCoreComponent<EmptyDependency>`, or
/// an extension of any class (the linker keeps those of components).
public struct NeedleComponentFact: Codable, Sendable, Hashable {
    public enum Kind: String, Codable, Sendable, Hashable {
        case component, bootstrap, pluginized, nonCore, `extension`
    }

    public var name: String
    public var kind: Kind
    /// The dependency protocol (`EmptyDependency` for a `BootstrapComponent`); nil for an extension.
    public var dependency: String?
    /// A pluginized component's plugin extension protocol and non-core component.
    public var pluginExtension: String?
    public var nonCoreComponent: String?
    public var properties: [NeedlePropertyFact]
    /// Names called inside the declaration (`GameComponent` of `GameComponent(parent: self)`):
    /// Needle's generator takes a component called inside another as its child. Sorted, unique.
    public var calledNames: [String]
    /// What its methods and initializers read (`func makeView() { … dependency.x … }`): asked on
    /// behalf of whatever builds the component.
    public var reads: [NeedleReadFact]
    public var location: SourceLocation

    public init(
        name: String, kind: Kind, dependency: String? = nil, pluginExtension: String? = nil,
        nonCoreComponent: String? = nil, properties: [NeedlePropertyFact] = [], calledNames: [String] = [],
        reads: [NeedleReadFact] = [], location: SourceLocation
    ) {
        self.reads = reads
        self.name = name
        self.kind = kind
        self.dependency = dependency
        self.pluginExtension = pluginExtension
        self.nonCoreComponent = nonCoreComponent
        self.properties = properties
        self.calledNames = calledNames
        self.location = location
    }
}

/// An instance property of a component: a service `Component.property`.
public struct NeedlePropertyFact: Codable, Sendable, Hashable {
    public enum Storage: String, Codable, Sendable, Hashable {
        /// A computed property: a new value on each access.
        case computed
        /// `shared { … }`: built once per component instance.
        case shared
        /// A stored property (`let x = X()`, or set in `init`): one per component instance.
        case stored
        /// `lazy var x = X()`: one per component instance, built on first access.
        case lazy
    }

    public var name: String
    /// The annotated type as written (whitespace normalised); Needle matches providers by it.
    public var type: String?
    /// `private`/`fileprivate`: never a provider for descendants.
    public var isPrivate: Bool
    public var storage: Storage
    /// What the body constructs (`PlayersStreamImpl` of `shared { PlayersStreamImpl() }`).
    public var implementationTypes: [String]
    /// What the body reads: the dependency's, its own component's, the plugin extension's members.
    public var reads: [NeedleReadFact]
    /// A computed body that only hands on another value (`mutablePlayersStream`,
    /// `dependency.x`): its values live as long as that one's.
    public var forwards: NeedleReadFact?
    public var location: SourceLocation
    public var conditions: [ConditionalBranch]

    public init(
        name: String, type: String?, isPrivate: Bool = false, storage: Storage, implementationTypes: [String] = [],
        reads: [NeedleReadFact] = [], forwards: NeedleReadFact? = nil, location: SourceLocation,
        conditions: [ConditionalBranch] = []
    ) {
        self.name = name
        self.type = type
        self.isPrivate = isPrivate
        self.storage = storage
        self.implementationTypes = implementationTypes
        self.reads = reads
        self.forwards = forwards
        self.location = location
        self.conditions = conditions
    }
}

/// `dependency.x`, `pluginExtension.x`, `x` / `self.x` (a property of the same component, if it
/// has one: the linker decides), `child.x` (`x` of the component a property `child` returns),
/// `dependency.child.x` (`x` of the component the ancestor's `child` returns).
public struct NeedleReadFact: Codable, Sendable, Hashable {
    public enum Source: String, Codable, Sendable, Hashable {
        case dependency, pluginExtension, own, member, dependencyMember
        /// `dependency` handed on whole (`Builder(dependency: dependency)`): every requirement.
        case wholeDependency
    }

    public var source: Source
    /// For `.member` and `.dependencyMember`: the property whose value's member is read.
    public var base: String?
    public var name: String
    public var timing: Timing
    public var retained: Bool
    public var location: SourceLocation

    public init(
        source: Source, base: String? = nil, name: String, timing: Timing, retained: Bool, location: SourceLocation
    ) {
        self.source = source
        self.base = base
        self.name = name
        self.timing = timing
        self.retained = retained
        self.location = location
    }
}

/// A `Dependency` protocol (what a component needs from its ancestors) or a `PluginExtension`
/// protocol (what a pluginized component gets from its non-core component).
public struct NeedleProtocolFact: Codable, Sendable, Hashable {
    public var name: String
    public var isPluginExtension: Bool
    public var requirements: [NeedleRequirementFact]
    public var location: SourceLocation

    public init(name: String, isPluginExtension: Bool, requirements: [NeedleRequirementFact], location: SourceLocation) {
        self.name = name
        self.isPluginExtension = isPluginExtension
        self.requirements = requirements
        self.location = location
    }
}

public struct NeedleRequirementFact: Codable, Sendable, Hashable {
    public var name: String
    public var type: String
    public var location: SourceLocation

    public init(name: String, type: String, location: SourceLocation) {
        self.name = name
        self.type = type
        self.location = location
    }
}

// MARK: - Weaver

public struct WeaverFacts: Codable, Sendable, Hashable {
    public var annotations: [WeaverAnnotationFact] = []
    /// Types declaring annotations, with what Weaver needs to know about them.
    public var types: [WeaverTypeFact] = []
    /// `dependencies.x` read from a type's resolver.
    public var reads: [WeaverReadFact] = []

    public init() {}

    public var isEmpty: Bool { annotations.isEmpty && types.isEmpty && reads.isEmpty }
}

/// `// weaver: name = Impl <- P`, `// weaver: name <- P`, `// weaver: name <= T`, or the
/// `@Weaver(.registration | .reference | .parameter, …)` property wrappers.
public struct WeaverAnnotationFact: Codable, Sendable, Hashable {
    public enum Kind: String, Codable, Sendable, Hashable {
        case registration, reference, parameter
    }

    /// The type whose body holds the annotation (its dependency container).
    public var owner: String
    public var name: String
    public var kind: Kind
    /// What a consumer receives: the abstract type of a registration (its concrete type when it
    /// names none), the type of a reference or parameter.
    public var type: String
    /// A registration's concrete type: the type Weaver builds (whose own container is a child).
    public var concreteType: String?
    /// `.container` (the default), `.transient`, `.weak`, `.lazy`.
    public var scope: String
    /// `builder:` / `.builder =`: custom code builds it.
    public var hasBuilder: Bool
    /// `@WeaverP2(…) var x: (A, B) -> T`: the parameters its builder takes.
    public var closureParameters: [String]
    public var isPropertyWrapper: Bool
    public var location: SourceLocation

    public init(
        owner: String, name: String, kind: Kind, type: String, concreteType: String? = nil, scope: String = "container",
        hasBuilder: Bool = false, closureParameters: [String] = [], isPropertyWrapper: Bool = false,
        location: SourceLocation
    ) {
        self.owner = owner
        self.name = name
        self.kind = kind
        self.type = type
        self.concreteType = concreteType
        self.scope = scope
        self.hasBuilder = hasBuilder
        self.closureParameters = closureParameters
        self.isPropertyWrapper = isPropertyWrapper
        self.location = location
    }
}

public struct WeaverTypeFact: Codable, Sendable, Hashable {
    public var name: String
    /// `public`/`open`: code outside the module may build it and hand it its references.
    public var isPublic: Bool
    /// `// weaver: self.isIsolated = true`: not wired into the graph yet, not checked.
    public var isIsolated: Bool
    public var location: SourceLocation

    public init(name: String, isPublic: Bool, isIsolated: Bool, location: SourceLocation) {
        self.name = name
        self.isPublic = isPublic
        self.isIsolated = isIsolated
        self.location = location
    }
}

/// `dependencies.logger` inside the type that declares (or registers) `logger`.
public struct WeaverReadFact: Codable, Sendable, Hashable {
    public var owner: String
    public var name: String
    public var timing: Timing
    public var retained: Bool
    public var location: SourceLocation

    public init(owner: String, name: String, timing: Timing, retained: Bool, location: SourceLocation) {
        self.owner = owner
        self.name = name
        self.timing = timing
        self.retained = retained
        self.location = location
    }
}
