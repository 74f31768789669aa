import DigraphCore
@_spi(RawSyntax) import SwiftSyntax

/// Small, literal readings of expressions. Anything not literal returns nil: extractors report
/// it as unanalyzable rather than guess.
enum ExpressionReading {
    /// `Foo.self`, `Foo<Bar>.self`, `(any Foo).self` -> the type's text, whitespace-normalized.
    static func metatype(_ expr: ExprSyntax) -> String? {
        guard let member = expr.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
            var base = member.base
        else { return nil }
        // `P.self.self` is `P.self`: the `.self` of a metatype is that metatype.
        while let inner = base.as(MemberAccessExprSyntax.self), inner.declName.baseName.text == "self",
            let innerBase = inner.base
        {
            base = innerBase
        }
        var text = base.trimmedDescription
        if text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
        guard !text.isEmpty else { return nil }
        return TypeName.normalize(text)
    }

    /// A string literal without interpolation.
    static func stringLiteral(_ expr: ExprSyntax) -> String? {
        guard let literal = expr.as(StringLiteralExprSyntax.self) else { return nil }
        var value = ""
        for segment in literal.segments {
            guard let text = segment.as(StringSegmentSyntax.self) else { return nil }
            value += text.content.text
        }
        return value
    }

    /// `left ?? right` as written (operators are not folded in a scanned tree).
    static func nilCoalescing(_ expr: ExprSyntax) -> (left: ExprSyntax, right: ExprSyntax)? {
        guard let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
            let left = sequence.elements.first, let right = sequence.elements.last
        else { return nil }
        return (left, right)
    }

    /// The type of a literal argument, `_` for anything else.
    static func literalType(_ expr: ExprSyntax) -> String {
        if expr.is(StringLiteralExprSyntax.self) { return "String" }
        if expr.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if expr.is(FloatLiteralExprSyntax.self) { return "Double" }
        if expr.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        return ServiceID.unknownArgument
    }

    /// The leftmost name of a member chain: `ServiceLocator.shared.resolve` -> `ServiceLocator`.
    static func rootName(_ expr: ExprSyntax?) -> String? {
        var current = expr
        while let e = current {
            if let ref = e.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
            if let member = e.as(MemberAccessExprSyntax.self) {
                current = member.base
                continue
            }
            if let call = e.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
                continue
            }
            if let unwrap = e.as(ForceUnwrapExprSyntax.self) {
                current = unwrap.expression
                continue
            }
            if let chain = e.as(OptionalChainingExprSyntax.self) {
                current = chain.expression
                continue
            }
            if e.is(SuperExprSyntax.self) { return "super" }
            return nil
        }
        return nil
    }

    /// The token naming what a call invokes, for comparisons without building a `String`
    /// (`calledNameToken(call)?.text == "register"`).
    static func calledNameToken(_ call: FunctionCallExprSyntax) -> TokenSyntax? {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName }
        return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName
    }

    /// The name a call invokes: `a.b.register(...)` and `register(...)` -> `register`.
    ///
    /// Read on the raw tree: it is asked of every call by most extractors, and making the nodes
    /// on the way cost more than the rest of their early exits.
    static func calledName(_ call: FunctionCallExprSyntax) -> String? {
        guard let called = RawFunctionCallExprSyntax(call.raw)?.calledExpression else { return nil }
        if let member = called.as(RawMemberAccessExprSyntax.self) { return String(syntaxText: member.declName.baseName.tokenText) }
        if let ref = called.as(RawDeclReferenceExprSyntax.self) { return String(syntaxText: ref.baseName.tokenText) }
        return nil
    }

    /// The type a call constructs: `Foo(...)`, `Foo.init(...)`, `Foo<Bar>(...)`.
    static func constructedType(_ expr: ExprSyntax) -> String? {
        var e = expr
        while true {
            if let unwrap = e.as(ForceUnwrapExprSyntax.self) { e = unwrap.expression; continue }
            if let paren = e.as(TupleExprSyntax.self), paren.elements.count == 1, let only = paren.elements.first {
                e = only.expression
                continue
            }
            break
        }
        guard let call = e.as(FunctionCallExprSyntax.self) else { return initReference(e) }
        let called = constructedCallee(call)
        if let ref = called.as(DeclReferenceExprSyntax.self), ref.baseName.text.startsUppercase {
            return ref.baseName.text
        }
        if let generic = called.as(GenericSpecializationExprSyntax.self) {
            return TypeName.normalize(generic.trimmedDescription)
        }
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.text.startsUppercase {
            return TypeName.normalize(member.trimmedDescription)
        }
        return nil
    }

    /// What a call constructs, if it constructs anything: `Foo` of `Foo(...)` and of `Foo.init(...)`.
    static func constructedCallee(_ call: FunctionCallExprSyntax) -> ExprSyntax {
        let called = call.calledExpression
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
            let base = member.base
        {
            return base
        }
        return called
    }

    /// `Foo.init` used as a function value.
    static func initReference(_ expr: ExprSyntax) -> String? {
        guard let member = expr.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
            let base = member.base, base.trimmedDescription.startsUppercase
        else { return nil }
        return TypeName.normalize(base.trimmedDescription)
    }

    /// The expressions a closure evaluates to: its single expression, or its `return`s (not those
    /// of nested closures or functions).
    static func results(of closure: ClosureExprSyntax) -> [ExprSyntax] { results(of: closure.statements) }

    /// The expressions a body evaluates to: its single expression, or its `return`s (not those of
    /// nested closures or functions).
    static func results(of statements: CodeBlockItemListSyntax) -> [ExprSyntax] {
        if statements.count == 1, let only = statements.first?.item.as(ExprSyntax.self) { return [only] }
        final class ReturnFinder: SyntaxVisitor {
            var found: [ExprSyntax] = []
            override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
                if let e = node.expression { found.append(e) }
                return .skipChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = ReturnFinder(viewMode: .sourceAccurate)
        finder.walk(statements)
        return finder.found
    }
}

extension LabeledExprListSyntax {
    /// The argument labelled `label`; the labels are compared on the raw tree, and only the one
    /// found is made a node.
    func first(labeled label: String) -> LabeledExprSyntax? {
        guard let raw = RawLabeledExprListSyntax(raw) else { return nil }
        for (i, element) in raw.elements.enumerated() {
            guard let text = element.label?.tokenText, text.count == label.utf8.count, text.elementsEqual(label.utf8) else {
                continue
            }
            return self[index(startIndex, offsetBy: i)]
        }
        return nil
    }
    var labels: [String?] { map { $0.label?.text } }
}

extension FunctionCallExprSyntax {
    /// Every argument's label, a trailing closure last (nil): the call's shape as a locator
    /// method's parameters see it.
    var argumentLabels: [String?] { arguments.labels + (trailingClosure == nil ? [] : [nil]) }
}
