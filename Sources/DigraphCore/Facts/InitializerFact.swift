/// An initializer as declared (or synthesized by Swift: a struct's memberwise one), so that
/// dependencies written as "whatever `Impl.init` takes" can be linked across files.
public struct InitializerFact: Codable, Sendable, Hashable {
    public var parameters: [ParameterFact]
    /// `init?`: never what `Impl.init` names where a non-optional `Impl` is expected.
    public var isFailable: Bool
    /// A struct's memberwise initializer, which Swift writes when the struct declares none.
    public var isSynthesized: Bool
    public var location: SourceLocation

    public init(parameters: [ParameterFact], isFailable: Bool = false, isSynthesized: Bool = false, location: SourceLocation) {
        self.parameters = parameters
        self.isFailable = isFailable
        self.isSynthesized = isSynthesized
        self.location = location
    }

    /// `init(a:_:c:)`: the labels as `Impl.init(a:_:c:)` spells them.
    public var signature: String {
        "init(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }
}

public struct ParameterFact: Codable, Sendable, Hashable {
    /// The argument label; nil for `_`.
    public var label: String?
    /// The written type, normalized, without `@escaping`/`inout`; `_` when not written.
    public var type: String
    public var hasDefault: Bool
    /// The initializer may keep what it is given: false only when its body reads the parameter
    /// on the spot (`dependencies.resolve(…)`, `info.version`) or ignores it, so a cached holder
    /// built with it does not keep it (ios-spain-s' `LocaleManager(dependencies:)`).
    public var isKept: Bool

    public init(label: String?, type: String, hasDefault: Bool, isKept: Bool = true) {
        self.label = label
        self.type = type
        self.hasDefault = hasDefault
        self.isKept = isKept
    }
}

/// A request whose type the scanner cannot read at the site because it is an initializer's
/// parameter type, declared in whichever file declares the initializer:
///
/// - one argument of a call: `Impl(session: resolve())` (Resolver, Dip), typed by the parameter the
///   argument goes to;
/// - every parameter: `autoregister(P.self, initializer: Impl.init)` (SwinjectAutoregistration),
///   `container.register(Impl.init)` (DITranquillity): each becomes a request, except the ones a
///   runtime argument supplies.
///
/// The linker picks the initializer by the labels written (`Impl.init(a:b:)`, the call's labels),
/// else the only one there is; an ambiguous or unknown one is reported as unanalyzable.
public struct InitializerRequestFact: Codable, Sendable, Hashable {
    public enum Parameters: Codable, Sendable, Hashable {
        /// The argument at this index of the call (labels in ``InitializerRequestFact/labels``).
        case argument(index: Int)
        /// Every parameter; the first parameter of each of these types comes from a runtime
        /// argument instead (SwinjectAutoregistration matches arguments by type).
        case all(suppliedTypes: [String])
    }

    /// The type constructed: `Impl` in `Impl.init`, `Impl(…)`.
    public var type: String
    /// Argument labels written at the site (`nil` elements for unlabeled arguments); nil when the
    /// site names no labels (a bare `Impl.init`).
    public var labels: [String?]?
    public var parameters: Parameters
    /// What each request becomes, with a placeholder type the linker fills in.
    public var template: RequestFact
    /// `Outer(a: .init(b: resolve()))`: the `.init` calls between ``type`` and the request, outermost
    /// first; each builds the type of the parameter it is passed to.
    public var through: [ArgumentStep]
    /// DITranquillity's `many($0)`: the parameter is a collection of every registration of its
    /// element type, so the request is for the element (`[Logger]` -> `Logger`).
    public var wantsElements: Bool

    public init(
        type: String, labels: [String?]?, parameters: Parameters, template: RequestFact, through: [ArgumentStep] = [],
        wantsElements: Bool = false
    ) {
        self.type = type
        self.labels = labels
        self.parameters = parameters
        self.template = template
        self.through = through
        self.wantsElements = wantsElements
    }

    /// One argument of one call: its labels and which of them.
    public struct ArgumentStep: Codable, Sendable, Hashable {
        public var labels: [String?]
        public var index: Int

        public init(labels: [String?], index: Int) {
            self.labels = labels
            self.index = index
        }
    }
}

/// Code that changes a library's default scope for the registrations that do not choose one:
/// `Resolver.defaultScope = .application`, a Factory container's `manager.defaultScope = .singleton`.
public struct DefaultLifetimeFact: Codable, Sendable, Hashable {
    public var registry: Registry
    /// nil: set to something the scanner cannot read (a variable).
    public var lifetime: Lifetime?
    public var detail: String
    public var location: SourceLocation
    /// The container type whose default it is (a Factory container's `manager`); nil: every
    /// container of the registry (Resolver's one default, or a container the scanner cannot name).
    public var owner: String?

    public init(registry: Registry, lifetime: Lifetime?, detail: String, location: SourceLocation, owner: String? = nil) {
        self.registry = registry
        self.lifetime = lifetime
        self.detail = detail
        self.location = location
        self.owner = owner
    }
}
