/// `register { SearchViewModel(scheduler: RunLoop.main, debounce: .searchDebounce) }`: a
/// registration keyed by what its factory constructs, written without generic arguments. When the
/// type is generic, the compiler infers them from the arguments; the link does the same from the
/// initializer's declaration (see ``GenericConstructions``). Only the arguments that say something
/// of a type are read: a construction or a type's conventional instance (`RunLoop.main`) gives
/// that type, an implicit member (`.searchDebounce`) names a static member of the parameter's type.
public struct GenericConstructionFact: Codable, Sendable, Hashable {
    public struct Argument: Codable, Sendable, Hashable {
        /// nil: unlabeled.
        public var label: String?
        /// The type the argument is, when read (`RunLoop` of `RunLoop.main`, `Impl` of `Impl()`).
        public var type: String?
        /// `main` of `RunLoop.main`: a static member taken, by convention, to hold an instance of
        /// ``type``; its declaration, when the scan has one, says what it holds.
        public var typeMember: String?
        /// The implicit member it names (`searchDebounce` of `.searchDebounce`, `.seconds(1)`).
        public var implicitMember: String?

        public init(label: String?, type: String? = nil, typeMember: String? = nil, implicitMember: String? = nil) {
            self.label = label
            self.type = type
            self.typeMember = typeMember
            self.implicitMember = implicitMember
        }
    }

    /// The type constructed, as written, and the registration's key.
    public var type: String
    public var arguments: [Argument]
    /// The registration's location: the registration it types.
    public var location: SourceLocation

    public init(type: String, arguments: [Argument], location: SourceLocation) {
        self.type = type
        self.arguments = arguments
        self.location = location
    }
}
