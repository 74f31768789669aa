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
    /// `static let shared` / `static var shared`: the type's singleton members.
    public var sharedMembers: [SharedMember]
    /// A stored property keeps values weakly (`NSMapTable` with `.weakMemory` values): how the
    /// seed's service locator caches what its factories build.
    public var holdsWeakValueCache: Bool
    /// The initializers declared here; for a struct declaring none, Swift's memberwise one.
    public var initializers: [InitializerFact]
    public var location: SourceLocation
    /// `class Dependency<T>`: `T` names no service (a property typed `T` is the wrapper's plumbing).
    public var genericParameters: [String] = []
    /// `private`/`fileprivate` at file scope: two files may each declare their own type of this
    /// name (test files often do), and code in this file means this one.
    public var isFilePrivate: Bool = false
    /// `static func make() -> Self`, `class func instantiateViewController<T>(of: T.Type) -> T`:
    /// what a call on the type gives, so a value made by one is typed (see ``StaticProductTypes``).
    public var staticFunctions: [StaticFunctionFact] = []

    public init(
        name: String, kind: Kind, inheritedTypes: [String] = [], storedProperties: [PropertyFact] = [],
        sharedMembers: [SharedMember] = [], holdsWeakValueCache: Bool = false, initializers: [InitializerFact] = [],
        location: SourceLocation
    ) {
        self.name = name
        self.kind = kind
        self.inheritedTypes = inheritedTypes
        self.storedProperties = storedProperties
        self.sharedMembers = sharedMembers
        self.holdsWeakValueCache = holdsWeakValueCache
        self.initializers = initializers
        self.location = location
    }
}

public struct SharedMember: Codable, Sendable, Hashable {
    public var name: String
    public var location: SourceLocation
    /// Declared without a value (`static var shared: Session?`, `static weak var shared`): the
    /// app assigns it, often from the type's own `init` (`if Self.shared == nil { Self.shared =
    /// self }`). Reading it while building one is no recursion: nothing builds it on first read.
    public var isAssigned: Bool = false
    /// A computed `static var shared: T { T() }`: every read builds a new instance, so it is no
    /// singleton, and one kept by a singleton is a captive.
    public var isComputedInstance: Bool = false
    /// Another type it is built as (XcodesApp's `struct Shell { private static let shared =
    /// XcodesShell() }`): the singleton is that type's instance, so the declaring type's own code
    /// (`var unxip = Shell.shared.unxip`) does not run when it is built. nil: the declaring type.
    public var builds: String? = nil

    public init(
        name: String, location: SourceLocation, isAssigned: Bool = false, isComputedInstance: Bool = false,
        builds: String? = nil
    ) {
        self.name = name
        self.location = location
        self.isAssigned = isAssigned
        self.isComputedInstance = isComputedInstance
        self.builds = builds
    }

    /// The lifetime detail of a computed shared member.
    public static let computedDetail = "computed static"

    /// The lifetime detail of a singleton the app assigns.
    public static let assignedDetail = "assigned static"
}

public struct PropertyFact: Codable, Sendable, Hashable {
    public var name: String
    /// The annotated type, when written.
    public var type: String?
    public var isStatic: Bool
    /// A stored `var` (also `lazy`, observed): state that can change after construction.
    public var isVariable: Bool

    public init(name: String, type: String?, isStatic: Bool, isVariable: Bool = false) {
        self.name = name
        self.type = type
        self.isStatic = isStatic
        self.isVariable = isVariable
    }
}

/// A hand-written service locator's own implementation: a type declaring
/// `register(factory:forMetaType:)`. The linker reads how it caches factory results from the
/// type's declarations (``TypeDeclFact/holdsWeakValueCache``).
public struct LocatorImplementationFact: Codable, Sendable, Hashable {
    public var typeName: String
    public var location: SourceLocation

    public init(typeName: String, location: SourceLocation) {
        self.typeName = typeName
        self.location = location
    }
}

/// A static (or class) function that returns a value, as the product typing reads it.
public struct StaticFunctionFact: Codable, Sendable, Hashable {
    public var name: String
    /// The return type as written, normalized, without `?`/`!`: `Self`, a type, or a generic
    /// parameter of the function.
    public var returnType: String
    /// It returns its generic parameter `T` and takes a `T.Type`: that parameter's argument label
    /// (`_` when it has none), whose metatype argument is the type of what the call gives.
    public var metatypeLabel: String?

    public init(name: String, returnType: String, metatypeLabel: String? = nil) {
        self.name = name
        self.returnType = returnType
        self.metatypeLabel = metatypeLabel
    }
}
