/// A function that registers on a container it is given: `func moreServices(container: Container)
/// { container.register(…) }`. Its registrations go to whatever instance its callers pass, so
/// their ``RegistrationFact/containerInstance`` is ``key`` until the linker settles it from the
/// ``ContainerArgumentFact``s of the calls (see ``ContainerParameters``).
public struct ContainerParameterFact: Codable, Sendable, Hashable {
    /// `param:<owner>|<name>|<index>`, as registrations name the instance.
    public var key: String
    /// The declaring type, or "" for a global function.
    public var owner: String
    /// The function's base name; `init` for an initializer.
    public var name: String
    public var parameters: [ParameterFact]
    /// Which parameter is the container.
    public var index: Int

    public init(key: String, owner: String, name: String, parameters: [ParameterFact], index: Int) {
        self.key = key
        self.owner = owner
        self.name = name
        self.parameters = parameters
        self.index = index
    }

    public static let prefix = "param:"
}

/// A call passing a container instance on: `moreServices(container: container)` where
/// `container` is a local `Container()`, a property, or the caller's own container parameter.
public struct ContainerArgumentFact: Codable, Sendable, Hashable {
    /// The type the callee is looked up in when the call says (`Setup.run(…)`, or an unqualified
    /// call inside a type: that type's method or a global function); nil for `object.run(…)`.
    public var ownerHint: String?
    public var name: String
    public var labels: [String?]
    public var argument: Int
    /// The instance passed (a ``ContainerInstance`` name, or another ``ContainerParameterFact/key``).
    public var instance: String

    public init(ownerHint: String?, name: String, labels: [String?], argument: Int, instance: String) {
        self.ownerHint = ownerHint
        self.name = name
        self.labels = labels
        self.argument = argument
        self.instance = instance
    }
}
