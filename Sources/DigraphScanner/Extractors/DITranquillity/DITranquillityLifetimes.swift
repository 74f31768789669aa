import DigraphCore
import SwiftSyntax

/// DITranquillity's `DILifeTime` values and their normalized lifetimes.
enum DITranquillityLifetimes {
    static let defaultDetail = "objectGraph"

    /// `.single`, `.perRun(.weak)`, `.perContainer(.strong)`, `.objectGraph`, `.prototype`,
    /// `.custom(scope)` (scoped); nil for what the scanner cannot read.
    static func read(_ expr: ExprSyntax) -> (lifetime: Lifetime, detail: String)? {
        if let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base == nil || member.base?.trimmedDescription == "DILifeTime"
        {
            let name = member.declName.baseName.text
            let argument = call.arguments.first?.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            switch (name, argument) {
            case ("perRun", "weak"?), ("perContainer", "weak"?): return (.weak, "\(name)(.weak)")
            case ("perRun", _), ("perContainer", _): return (.singleton, "\(name)(.\(argument ?? "strong"))")
            case ("custom", _): return (.scoped, call.trimmedDescription.replacingOccurrences(of: " ", with: ""))
            default: return nil
            }
        }
        guard let member = expr.as(MemberAccessExprSyntax.self),
            member.base == nil || member.base?.trimmedDescription == "DILifeTime"
        else { return nil }
        switch member.declName.baseName.text {
        case "single": return (.singleton, "single")
        case "perRun", "perContainer": return (.singleton, member.declName.baseName.text)
        case "objectGraph", "default": return (.graph, member.declName.baseName.text)
        case "prototype": return (.transient, "prototype")
        default: return nil
        }
    }
}
