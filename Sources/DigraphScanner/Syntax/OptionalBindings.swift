import SwiftSyntax

/// The value an `if let` / `guard let` binds a name to, as code at a node sees it: the
/// condition of an enclosing `if`, or a `guard` earlier in an enclosing block. (Plain `let`s
/// are ``LocalBinding``'s.)
enum OptionalBindings {
    static func value(of name: String, at node: some SyntaxProtocol) -> ExprSyntax? {
        var child = Syntax(node)
        var current = child.parent
        while let n = current {
            if n.is(ClosureExprSyntax.self) || n.is(FunctionDeclSyntax.self) || n.is(MemberBlockSyntax.self) { return nil }
            // Only the `if`'s body sees what its conditions bind, not its `else`.
            if let branch = n.as(IfExprSyntax.self), branch.body.id == child.id, let value = bound(name, in: branch.conditions) {
                return value
            }
            if let items = n.as(CodeBlockItemListSyntax.self) {
                for item in items {
                    if item.position >= child.position { break }
                    if let guardStmt = item.item.as(GuardStmtSyntax.self), let value = bound(name, in: guardStmt.conditions) {
                        return value
                    }
                }
            }
            child = n
            current = n.parent
        }
        return nil
    }

    private static func bound(_ name: String, in conditions: ConditionElementListSyntax) -> ExprSyntax? {
        for condition in conditions {
            guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            else { continue }
            // `if let name {`: the outer `name`, which this does not follow.
            return binding.initializer?.value
        }
        return nil
    }
}
