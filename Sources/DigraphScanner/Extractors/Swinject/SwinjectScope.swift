import DigraphCore
import SwiftSyntax

/// Swinject's `ObjectScope` values and their normalized lifetimes.
enum SwinjectScope {
    static let defaultDetail = "graph"


    /// `.container`, `ObjectScope.weak`, a custom `.session` (scoped); nil for anything the scanner
    /// cannot read, such as a variable.
    static func read(_ expr: ExprSyntax) -> (lifetime: Lifetime, detail: String)? {
        guard let member = expr.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base, base.trimmedDescription != "ObjectScope" { return nil }
        let name = member.declName.baseName.text
        return (SwinjectScopes.lifetime(of: name), name)
    }
}
