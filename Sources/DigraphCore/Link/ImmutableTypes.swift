/// Which types hold no state that can change after construction: a struct, enum or final-ish
/// class declared in the scanned code whose stored instance properties are all `let`s of such
/// types (or of the standard library's plain values). A captive of such a type is harmless: the
/// holder keeps a value that would be the same if built again (see `scope_mismatch`).
///
/// Anything not declared in the scan (a protocol, a platform type, a superclass from a library)
/// is not known immutable: the answer is only ever "proved immutable" or "not known".
struct ImmutableTypes {
    private let typeDecls: [String: [TypeDeclFact]]
    private var known: [String: Bool] = [:]

    init(typeDecls: [String: [TypeDeclFact]]) { self.typeDecls = typeDecls }

    /// Plain values of the standard library and Foundation.
    static let plainValues: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
        "Float", "Bool", "Character", "URL", "Date", "UUID", "Data", "Decimal", "TimeInterval", "CGFloat", "Substring",
    ]

    mutating func isImmutable(_ type: String) -> Bool { isImmutable(type, visiting: []) }

    private mutating func isImmutable(_ spelled: String, visiting: Set<String>) -> Bool {
        let type = Self.element(of: TypeName.unwrappingOptional(TypeName.normalize(spelled)))
        if Self.plainValues.contains(type) { return true }
        if let answer = known[type] { return answer }
        // A type reached again through its own properties (`indirect enum`, a tree): not proven.
        guard !visiting.contains(type) else { return false }
        let decls = typeDecls[type, default: []]
        let declared = decls.filter { $0.kind != .extension }
        guard !declared.isEmpty, declared.allSatisfy({ $0.kind != .protocol && $0.kind != .actor }) else {
            known[type] = false
            return false
        }
        var answer = true
        for decl in decls where answer {
            if decl.kind == .class, let superclass = decl.inheritedTypes.first,
                !isHarmlessParent(superclass, visiting: visiting.union([type]))
            {
                answer = false
            }
            for property in decl.storedProperties where !property.isStatic && answer {
                guard !property.isVariable, let propertyType = property.type,
                    isImmutable(propertyType, visiting: visiting.union([type]))
                else {
                    answer = false
                    continue
                }
            }
        }
        if visiting.isEmpty { known[type] = answer }
        return answer
    }

    /// The first type a class inherits: a protocol (of the scan or a known stateless one of the
    /// standard library), `NSObject`, or a class of the scan that is itself immutable.
    private mutating func isHarmlessParent(_ parent: String, visiting: Set<String>) -> Bool {
        if Self.statelessParents.contains(parent) { return true }
        let decls = typeDecls[parent, default: []].filter { $0.kind != .extension }
        if decls.isEmpty { return false }
        if decls.allSatisfy({ $0.kind == .protocol }) { return true }
        return isImmutable(parent, visiting: visiting)
    }

    static let statelessParents: Set<String> = [
        "NSObject", "Sendable", "Codable", "Decodable", "Encodable", "Equatable", "Hashable", "Identifiable",
        "CustomStringConvertible", "@unchecked Sendable",
    ]

    /// `[T]`, `Set<T>`, `[K: V]` (when both are), `T?`: the element that decides.
    private static func element(of type: String) -> String {
        if type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") { return String(type.dropFirst().dropLast()) }
        if type.hasPrefix("Set<"), type.hasSuffix(">") { return String(type.dropFirst(4).dropLast()) }
        return type
    }
}
