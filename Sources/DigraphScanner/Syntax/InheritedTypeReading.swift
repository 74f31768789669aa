import SwiftSyntax

/// What a type conforms to or inherits, as written but for its attributes: `extension Key:
/// @retroactive DependencyKey`, `@unchecked Sendable`, `@preconcurrency Delegate` conform to
/// `DependencyKey`, `Sendable`, `Delegate`.
enum InheritedTypeReading {
    static func base(_ inherited: InheritedTypeSyntax) -> TypeSyntax {
        var type = inherited.type
        while let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
        return type
    }
}
