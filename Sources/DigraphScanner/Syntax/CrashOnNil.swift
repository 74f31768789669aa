import SwiftSyntax

/// `guard let x = container.resolve(X.self) else { fatalError("…") }`: a resolve whose nil the
/// code turns into a crash, as `!` would (3dollar's `Environment` accessors). Not an optional use.
enum CrashOnNil {
    /// Calls that never return.
    static let neverReturning: Set<String> = ["fatalError", "preconditionFailure"]

    static func guards(_ node: some SyntaxProtocol) -> Bool {
        var value = Syntax(node)
        // `resolve(X.self) as? Y`, `(resolve(X.self))`.
        while let parent = value.parent, parent.is(AsExprSyntax.self) || parent.is(TupleExprSyntax.self)
            || parent.is(LabeledExprSyntax.self) || parent.is(LabeledExprListSyntax.self)
        {
            value = parent
        }
        guard let initializer = value.parent?.as(InitializerClauseSyntax.self),
            initializer.parent?.is(OptionalBindingConditionSyntax.self) == true,
            let guardStatement = initializer.parent?.parent?.parent?.parent?.as(GuardStmtSyntax.self)
        else { return false }
        guard let last = guardStatement.body.statements.last?.item.as(ExprSyntax.self),
            let call = last.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)
        else { return false }
        return neverReturning.contains(callee.baseName.text)
    }
}
