/// A named function that makes registrations (`static func registerMocks()`), by the scope key its
/// registrations carry (``RegistrationFact/scope``), so the link can tell who calls it.
public struct RegisteringFunctionFact: Codable, Sendable, Hashable {
    public var name: String
    public var scope: String

    public init(name: String, scope: String) {
        self.name = name
        self.scope = scope
    }
}

/// A call to a function named like DI setup (`Resolver.registerMocks()`, `setUpDependencies()`):
/// where such helpers run. One made in a SwiftUI preview is ``isDesignTime``.
public struct SetupCallFact: Codable, Sendable, Hashable {
    public var name: String
    public var isDesignTime: Bool = false
    public var location: SourceLocation

    public init(name: String, isDesignTime: Bool = false, location: SourceLocation) {
        self.name = name
        self.isDesignTime = isDesignTime
        self.location = location
    }

    /// Verbs DI setup functions start with; a call to any other name is not recorded.
    public static let verbs = ["register", "setup", "setUp", "configure", "inject", "install", "bootstrap", "assemble", "mock", "stub", "prepare", "load"]

    public static func isSetupName(_ name: String) -> Bool {
        // Asked of every call: most names start with none of the verbs' letters.
        guard let first = name.utf8.first, verbInitials.contains(first) else { return false }
        return verbs.contains { name.hasPrefix($0) }
    }

    private static let verbInitials = Set(verbs.compactMap(\.utf8.first))
}
