/// A project's own service locator, discovered from its implementation rather than from its
/// labels: a generic method taking a `T.Type` that stores into a keyed collection (or passes the
/// metatype on to one that does) registers; a generic method returning `T` that reads one (or
/// asks one that does) resolves. Every call of such a method is then a registration or a request,
/// whatever the method is called.
public struct LocatorMethodFact: Codable, Sendable, Hashable {
    public enum Role: String, Codable, Sendable {
        case register, resolve
    }

    /// The declaring type (`Store`), or "" for a global function.
    public var owner: String
    public var name: String
    public var parameters: [ParameterFact]
    /// Which parameter is the `T.Type` key; nil for `resolve<T>() -> T`.
    public var metatypeParameter: Int?
    public var role: Role
    /// Its body stores into or reads from a keyed collection itself (`store[key] = value`,
    /// `setObject(_:forKey:)`, `factories[key]`, `object(forKey:)`).
    public var usesKeyedStorage: Bool
    /// Calls in its body that pass the metatype (or `T.self`) on: it is a locator method when one
    /// of them is.
    public var forwards: [LocatorCallShape]
    /// A protocol requirement: a locator method when an implementation with its signature is.
    public var isRequirement: Bool
    /// A resolve returning `T?`: its callers get nil rather than a crash when nothing is registered.
    public var returnsOptional: Bool
    /// Its body fails when asked for what is not there: `fatalError`, `preconditionFailure`, a
    /// force unwrap, `as!`, `try!` or `throw`. A resolve that neither fails nor returns `T?` (nor
    /// forwards to one that fails) hands back a default, so a request through it cannot be a
    /// missing registration (a feature store's `getValue(for: Feature.self)`).
    public var failsWhenAbsent: Bool
    /// A resolve whose body builds the key's type itself (`type.init(…)`, `T(…)`), as SuperArc's
    /// `resolveOnDemand(type:)` does when nothing is registered: a request through it is never
    /// missing, whatever the calls it forwards to do.
    public var buildsWhenAbsent: Bool = false
    /// A register whose value is a factory (a function type, or a type or label naming one, such
    /// as `DependencyFactory`): what callers pass is called later, not kept as the instance.
    public var takesFactory: Bool
    /// A register keyed by the static type of the value it is given (EffectiveMobileTestTask's
    /// `register<T>(_ service: T)` storing under `String(describing: T.self)`): which parameter
    /// is the value. nil: keyed by a metatype parameter.
    public var valueKeyParameter: Int? = nil
    /// A resolve handing one of its parameters on as a library resolve's `name:`, that parameter
    /// defaulting to a literal: what a call that omits it asks for (EkSnacks' test injector's
    /// `load<S>(_ type: S.Type, name: String? = "stub") -> S { container.resolve(type, name: name)! }`).
    public var nameDefault: NameDefault? = nil
    public var location: SourceLocation

    public struct NameDefault: Codable, Sendable, Hashable {
        /// The parameter's argument label; nil for `_`.
        public var label: String?
        public var value: String

        public init(label: String?, value: String) {
            self.label = label
            self.value = value
        }
    }

    public init(
        owner: String, name: String, parameters: [ParameterFact], metatypeParameter: Int?, role: Role,
        usesKeyedStorage: Bool, forwards: [LocatorCallShape], isRequirement: Bool, returnsOptional: Bool = false,
        failsWhenAbsent: Bool = true, takesFactory: Bool = false, location: SourceLocation
    ) {
        self.owner = owner
        self.name = name
        self.parameters = parameters
        self.metatypeParameter = metatypeParameter
        self.role = role
        self.usesKeyedStorage = usesKeyedStorage
        self.forwards = forwards
        self.isRequirement = isRequirement
        self.returnsOptional = returnsOptional
        self.failsWhenAbsent = failsWhenAbsent
        self.takesFactory = takesFactory
        self.location = location
    }
}

/// A call as it can be matched against locator methods: its name, its argument labels, and which
/// argument is the metatype (nil: none, a request typed by context).
public struct LocatorCallShape: Codable, Sendable, Hashable {
    /// A container library's resolve given the key first: Swinject's and Dip's `resolve(T.self)`,
    /// `resolve(T.self, name:)`, Resolver's `resolve(T.self)`, `optional(T.self)`.
    public var isLibraryResolve: Bool {
        ["resolve", "optional", "synchronizedResolve"].contains(name) && metatypeArgument == 0 && labels.first == .some(nil)
    }

    /// Swinject's `register(serviceType, name: name, factory: factory)` (or the `_register` it
    /// calls) given the key first and a factory, labelled or trailing (FilamentSwatches'
    /// `container.register(Value.self, name: key) { _ in builder() }`): a project's
    /// `registerSingleton(_:factory:)` passing its own on is this call.
    public var isLibraryRegister: Bool {
        (name == "register" || name == "_register") && metatypeArgument == 0 && labels.first == .some(nil)
            && (labels.contains("factory") || hasTrailingClosure)
    }

    public var name: String
    /// A trailing closure is the last label (nil): it goes to the last parameter, whatever its label.
    public var labels: [String?]
    public var metatypeArgument: Int?
    public var hasTrailingClosure: Bool
    /// In a method's body, the Swinject object scope chained on the call (`container` for
    /// `.inObjectScope(.container)`); nil when none is.
    public var scope: String?
    /// The chained scope is the method's own parameter with this label (FilamentSwatches'
    /// `.inObjectScope(scope)` in `register(_:key:in:scope:builder:)`): what its callers pass.
    public var scopeParameter: String? = nil
    /// Swinject scopes the call passes by label (`scope: .container`), sorted by label, for the
    /// method it calls to chain.
    public var argumentScopes: [ArgumentScope] = []
    /// A library `register` given a closure literal: how many runtime arguments that closure takes
    /// after its resolver (`{ resolver, arg1 in factory(arg1) }` takes 1). nil otherwise.
    public var factoryArguments: Int? = nil

    /// The scope passed as the argument labelled `label`, if one is.
    public func argumentScope(_ label: String) -> String? {
        argumentScopes.first { $0.label == label }?.scope
    }

    public init(
        name: String, labels: [String?], metatypeArgument: Int?, hasTrailingClosure: Bool = false, scope: String? = nil,
        scopeParameter: String? = nil, argumentScopes: [ArgumentScope] = []
    ) {
        self.name = name
        self.labels = labels
        self.metatypeArgument = metatypeArgument
        self.hasTrailingClosure = hasTrailingClosure
        self.scope = scope
        self.scopeParameter = scopeParameter
        self.argumentScopes = argumentScopes
    }
}

/// A Swinject object scope a call passes by label: `scope: .container` is label `scope`, scope
/// `container`.
public struct ArgumentScope: Codable, Sendable, Hashable, Comparable {
    public var label: String
    public var scope: String

    public init(label: String, scope: String) {
        self.label = label
        self.scope = scope
    }

    public static func < (a: ArgumentScope, b: ArgumentScope) -> Bool { (a.label, a.scope) < (b.label, b.scope) }
}

/// A call that is a locator registration or request if, once every file is read, a locator method
/// has its shape. A provisional registration is already in ``FileFacts/registrations`` (so the
/// resolves in its factory are attributed to it) and is dropped when no method matches; its
/// factory's requests then go back to the code around the call.
public struct ProvisionalLocatorCallFact: Codable, Sendable, Hashable {
    public enum Kind: Codable, Sendable, Hashable {
        case registration(index: Int)
        case request(RequestFact)
        /// A registration already known to be one (the seed's `register(factory:forMetaType:)`):
        /// the locator method it calls only says how long what its factory builds lives.
        case knownRegistration(index: Int)
        /// A Swinject-shaped `register(P.self) { … }` read as Swinject's in a file that does not
        /// import Swinject (Wehoop's `SimpleDependencyContainer.register(_:factory:)`): the
        /// project's own locator's registration when one of its register methods has the shape
        /// and nothing in the scan imports Swinject.
        case libraryShaped(index: Int)
        /// A request typed by nothing but the parameter of the initializer it is passed to
        /// (MoviePosterApp's `FilmInfoInteractor(filmInfoService: resolver.resolve())`): the
        /// template's type is that parameter's, read once every file's initializers are known.
        case initializerArgument(InitializerRequestFact)
        /// A call with one value whose static type is not read here (`locator.register(service)`
        /// with `service` of a type inferred from a call): if it is a register keyed by its
        /// value's type, what it registers is unknown. Once per name in a file.
        case untypedValue(SourceLocation)
    }

    public var shape: LocatorCallShape
    public var kind: Kind
    /// Who asks for what the factory resolves when the call turns out not to be a registration.
    public var fallbackRequester: Requester
    /// `locator.get(P.self)!`: written not to tolerate absence even if the method returns `T?`.
    public var isForceUnwrapped: Bool

    public init(shape: LocatorCallShape, kind: Kind, fallbackRequester: Requester, isForceUnwrapped: Bool = false) {
        self.shape = shape
        self.kind = kind
        self.fallbackRequester = fallbackRequester
        self.isForceUnwrapped = isForceUnwrapped
    }
}

/// A generic `@propertyWrapper` type whose code passes `T.self` to these calls: a type-keyed
/// `@Wrapper var x: P` reading a locator when one of them is a locator's resolve.
public struct LocatorWrapperFact: Codable, Sendable, Hashable {
    public var name: String
    public var forwards: [LocatorCallShape]
    /// Its code fails when what it asks for is missing (see ``LocatorMethodFact/failsWhenAbsent``).
    public var failsWhenAbsent: Bool
    /// It asks in its `init`, when its holder is built, not when the property is first read: a
    /// property nothing reads still asks (see ``RequestFact/isNeverRead``).
    public var asksOnInit: Bool

    public init(name: String, forwards: [LocatorCallShape], failsWhenAbsent: Bool = true, asksOnInit: Bool = false) {
        self.name = name
        self.forwards = forwards
        self.failsWhenAbsent = failsWhenAbsent
        self.asksOnInit = asksOnInit
    }

    /// A container library's resolve given the wrapper's `T.self` first: Swinject's and Dip's
    /// `resolve(T.self)`, `resolve(T.self, name:)`, Resolver's `resolve(T.self)`, `optional(T.self)`.
    /// A project's `@Inject` over such a call is that call at each wrapped property.
    public var forwardsToLibraryResolve: Bool { forwards.contains(where: \.isLibraryResolve) }
}

/// `@Wrapper var x: P` with a wrapper the scanner does not know: a deferred request for `P` when
/// `Wrapper` turns out to read a locator (``LocatorWrapperFact``).
public struct WrappedPropertyFact: Codable, Sendable, Hashable {
    public var wrapper: String
    public var request: RequestFact

    public init(wrapper: String, request: RequestFact) {
        self.wrapper = wrapper
        self.request = request
    }
}
