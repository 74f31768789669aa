import SwiftSyntax

/// Whether an initializer may keep a parameter: every use that is not the base of a member
/// read or call (`dependencies.resolve(…)`, `info.version`) might store it, pass it on or
/// capture it; a use inside a closure might outlive the call. Only a parameter that is read on
/// the spot, or not used at all, is certainly not kept.
enum ParameterUse {
    static func mayKeep(_ name: String, in body: CodeBlockSyntax) -> Bool {
        guard name != "_" else { return false }
        return LocalReferences.named(name, in: body).contains { reference in
            if insideClosure(Syntax(reference), body: body) { return true }
            var current = Syntax(reference)
            // `p!`, `p?`, `try p`, `(p)`: still the value itself.
            while let parent = current.parent,
                parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
                    || parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self)
                    || (parent.as(TupleExprSyntax.self)?.elements.count == 1)
            {
                current = parent
            }
            guard let member = current.parent?.as(MemberAccessExprSyntax.self), member.base?.id == current.id else { return true }
            return false
        }
    }

    private static func insideClosure(_ node: Syntax, body: CodeBlockSyntax) -> Bool {
        var current = node.parent
        while let n = current, n.id != body.id {
            if n.is(ClosureExprSyntax.self) || n.is(FunctionDeclSyntax.self) { return true }
            current = n.parent
        }
        return false
    }
}
