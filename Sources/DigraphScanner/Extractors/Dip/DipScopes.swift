import DigraphCore
import SwiftSyntax

/// Dip's `ComponentScope` values and their normalized lifetimes.
enum DipScopes {
    static let defaultDetail = "shared"

    static let builtIn: [String: Lifetime] = [
        "unique": .transient,
        // One instance per resolution: Dip's object graph.
        "shared": .graph,
        "singleton": .singleton,
        "eagerSingleton": .singleton,
        "weakSingleton": .weak,
    ]

    /// `.singleton`, `ComponentScope.unique`; nil for anything else.
    static func read(_ expr: ExprSyntax) -> (lifetime: Lifetime, detail: String)? {
        guard let member = expr.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil else { return nil }
        if let base = member.base, base.trimmedDescription != "ComponentScope" { return nil }
        let name = member.declName.baseName.text
        return builtIn[name].map { ($0, name) }
    }
}
