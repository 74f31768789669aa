import DigraphCore
import SwiftSyntax

/// Whether a value obtained inside a registration's factory is *kept* by the product (passed to
/// its initializer, stored in a property, captured by a closure it stores, returned as the product
/// itself) or only *used* while building it (`r.resolve(F.self)!.make()`, a value read once).
/// Only kept values can be captive dependencies.
///
/// Follows local variables: `let f = r.resolve(F.self)!; return f.make()` uses `f`;
/// `let c = r.resolve(C.self)!; return Audit(context: c)` keeps it. Where it cannot tell, it says
/// kept: a possible captive dependency is reported rather than hidden.
enum KeptUse {
    private static let maxLocalHops = 4

    /// The initializer argument a kept value is passed as directly (`Impl(api: r.resolve(API.self)!)`):
    /// whether `Impl` keeps it is its initializer's call, read in the link.
    static func initializerArgument(of node: some SyntaxProtocol, kept: Bool) -> InitializerArgument? {
        kept ? initializerArgument(Syntax(node)) : nil
    }

    /// `Type(label: value)`, `Type(label: value!)`: the initializer argument `value` is, when it
    /// is one directly.
    private static func initializerArgument(_ value: Syntax) -> InitializerArgument? {
        var current = value
        while let parent = current.parent, parent.is(ForceUnwrapExprSyntax.self) || parent.is(TryExprSyntax.self) {
            current = parent
        }
        guard let argument = current.parent?.as(LabeledExprSyntax.self),
            let list = argument.parent?.as(LabeledExprListSyntax.self),
            let call = list.parent?.as(FunctionCallExprSyntax.self), call.arguments.id == list.id,
            let type = ExpressionReading.constructedType(ExprSyntax(call)),
            let index = list.firstIndex(where: { $0.id == argument.id }).map({ list.distance(from: list.startIndex, to: $0) })
        else { return nil }
        return InitializerArgument(type: type, labels: list.map { $0.label?.text }, index: index)
    }


    static func isKept(_ node: some SyntaxProtocol, in factory: ClosureExprSyntax) -> Bool {
        isKept(Syntax(node), in: factory, hops: 0)
    }

    private static func isKept(_ node: Syntax, in factory: ClosureExprSyntax, hops: Int) -> Bool {
        var current = node
        while let parent = current.parent {
            if parent.id == factory.statements.id || parent.is(CodeBlockItemSyntax.self) && parent.parent?.parent?.id == factory.id {
                // A statement of the factory on its own: the product when it is the only one.
                return factory.statements.count == 1
            }
            if parent.is(ForceUnwrapExprSyntax.self) || parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self)
                || parent.is(AsExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
            {
                current = parent
                continue
            }
            if let tuple = parent.as(TupleExprSyntax.self), tuple.elements.count == 1 {
                current = parent
                continue
            }
            if let member = parent.as(MemberAccessExprSyntax.self) {
                // `value.make()`, `value.url`: the product gets what the member gives, not the value.
                return member.base?.id != current.id
            }
            if let call = parent.as(FunctionCallExprSyntax.self) {
                // Calling the value (a resolved closure) uses it; anything else passes it on.
                return call.calledExpression.id != current.id
            }
            if let list = parent.as(ExprListSyntax.self) {
                return keptInSequence(current, list, factory: factory, hops: hops)
            }
            if let infix = parent.as(InfixOperatorExprSyntax.self) {
                if infix.operator.is(AssignmentExprSyntax.self) { return infix.rightOperand.id == current.id }
                if infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
                    current = parent
                    continue
                }
                return false
            }
            if let clause = parent.as(InitializerClauseSyntax.self) {
                // `guard let provider = r.resolve(P.self) else { … }`, `if let`: a local too
                // (UpcomingMovies' provider, only asked for the use cases the product keeps).
                if let binding = clause.parent?.as(OptionalBindingConditionSyntax.self) {
                    guard let ident = binding.pattern.as(IdentifierPatternSyntax.self), isInside(binding, factory)
                    else { return true }
                    return localIsKept(ident.identifier.text, in: factory, hops: hops)
                }
                guard let binding = clause.parent?.as(PatternBindingSyntax.self),
                    let ident = binding.pattern.as(IdentifierPatternSyntax.self),
                    isInside(binding, factory)
                else { return true }
                return localIsKept(ident.identifier.text, in: factory, hops: hops)
            }
            if parent.is(ReturnStmtSyntax.self) { return true }
            if parent.is(ConditionElementSyntax.self) || parent.is(StringLiteralSegmentListSyntax.self)
                || parent.is(ExpressionSegmentSyntax.self)
            {
                return false
            }
            if parent.is(LabeledExprSyntax.self) || parent.is(ArrayElementSyntax.self)
                || parent.is(DictionaryElementSyntax.self)
            {
                return true
            }
            if parent.is(ClosureExprSyntax.self) || parent.is(CodeBlockSyntax.self) { return true }
            current = parent
        }
        return true
    }

    /// Unfolded `a = b`, `a ?? b`, `a == b`: assigned or defaulted values are kept, compared ones not.
    private static func keptInSequence(_ element: Syntax, _ list: ExprListSyntax, factory: ClosureExprSyntax, hops: Int)
        -> Bool
    {
        let items = Array(list)
        guard let i = items.firstIndex(where: { $0.id == element.id }) else { return true }
        if items[..<i].contains(where: { $0.is(AssignmentExprSyntax.self) }) { return true }
        if i + 1 < items.count, items[i + 1].is(AssignmentExprSyntax.self) { return false }
        let neighbours = [i > 0 ? items[i - 1] : nil, i + 1 < items.count ? items[i + 1] : nil].compactMap { $0 }
        let onlyDefaulting = neighbours.allSatisfy { item in
            item.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" || item.is(UnresolvedAsExprSyntax.self)
                || item.is(TypeExprSyntax.self)
        }
        guard onlyDefaulting, let sequence = list.parent else { return false }
        return isKept(sequence, in: factory, hops: hops)
    }

    /// A local of the factory is kept when any use of it is: passed on, stored, returned, or
    /// captured by a nested closure.
    private static func localIsKept(_ name: String, in factory: ClosureExprSyntax, hops: Int) -> Bool {
        guard hops < maxLocalHops else { return true }
        return LocalReferences.named(name, in: factory.statements).contains { reference in
            if crossesNestedClosure(Syntax(reference), factory) { return true }
            return isKept(Syntax(reference), in: factory, hops: hops + 1)
        }
    }

    private static func crossesNestedClosure(_ node: Syntax, _ factory: ClosureExprSyntax) -> Bool {
        var current = node.parent
        while let n = current, n.id != factory.id {
            if n.is(ClosureExprSyntax.self) { return true }
            current = n.parent
        }
        return false
    }

    private static func isInside(_ node: some SyntaxProtocol, _ factory: ClosureExprSyntax) -> Bool {
        var current = Syntax(node).parent
        while let n = current {
            if n.id == factory.id { return true }
            if n.is(ClosureExprSyntax.self) || n.is(FunctionDeclSyntax.self) { return false }
            current = n.parent
        }
        return false
    }
}

/// Every use of a local's name under a node (`name`, not the member `x.name`).
enum LocalReferences {
    static func named(_ name: String, in node: some SyntaxProtocol) -> [DeclReferenceExprSyntax] {
        let references = References(name)
        references.walk(node)
        return references.found
    }

    private final class References: SyntaxVisitor {
        let name: String
        var found: [DeclReferenceExprSyntax] = []
        init(_ name: String) {
            self.name = name
            super.init(viewMode: .sourceAccurate)
        }
        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if node.baseName.text == name, node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id {
                found.append(node)
            }
            return .visitChildren
        }
    }
}
