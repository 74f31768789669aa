/// A type declaration or extension, with what the linker needs to follow injection across files.
public struct TypeDeclFact: Codable, Sendable, Hashable {
    public enum Kind: String, Codable, Sendable {
        case `class`, `struct`, `enum`, `protocol`, actor, `extension`
    }

    /// Qualified by its enclosing types (`Outer.Inner`); for an extension, the extended type.
    public var name: String
    public var kind: Kind
    public var inheritedTypes: [String]
    public var storedProperties: [PropertyFact]
    /// `static let shared` / `static var shared` (and other static members holding an
    /// instance of the type itself): the member names.
    public var sharedMembers: [String]
    public var location: SourceLocation

    public init(
        name: String, kind: Kind, inheritedTypes: [String] = [], storedProperties: [PropertyFact] = [],
        sharedMembers: [String] = [], location: SourceLocation
    ) {
        self.name = name
        self.kind = kind
        self.inheritedTypes = inheritedTypes
        self.storedProperties = storedProperties
        self.sharedMembers = sharedMembers
        self.location = location
    }
}

public struct PropertyFact: Codable, Sendable, Hashable {
    public var name: String
    /// The annotated type, when written.
    public var type: String?
    public var isStatic: Bool

    public init(name: String, type: String?, isStatic: Bool) {
        self.name = name
        self.type = type
        self.isStatic = isStatic
    }
}

/// A hand-written service locator's own implementation (a type declaring
/// `register(factory:forMetaType:)`), so the linker knows how its factories are cached.
public struct LocatorImplementationFact: Codable, Sendable, Hashable {
    public enum FactoryCaching: String, Codable, Sendable {
        /// Factory results are kept in weak storage (`NSMapTable` with `.weakMemory` values).
        case weak
        /// Factory results are kept strongly once built.
        case strong
        /// Every resolve runs the factory again.
        case none
    }

    public var typeName: String
    public var factoryCaching: FactoryCaching
    public var location: SourceLocation

    public init(typeName: String, factoryCaching: FactoryCaching, location: SourceLocation) {
        self.typeName = typeName
        self.factoryCaching = factoryCaching
        self.location = location
    }
}
