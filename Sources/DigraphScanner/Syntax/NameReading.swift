import DigraphCore
import SwiftSyntax

/// Reads a registration or request name: a literal, a constant the linker can resolve
/// (`DatabaseName.primary`, `.api`, `kPrimary`, `Names.api.rawValue`), or a value computed at run
/// time (a parameter, a local, a loop variable, interpolation), which is never guessed.
enum NameReading {
    struct Name {
        var text: String
        var kind: NameKind
    }

    /// A registration's `name:` as facts record it: its text (the unknown name when computed at
    /// run time, with an `unanalyzable_registration` note) and how it was written.
    static func registrationName(
        _ expr: ExprSyntax?, serviceType: String, at call: some SyntaxProtocol, state: ScanState
    ) -> (name: String?, kind: NameKind) {
        guard let expr = given(expr) else { return (nil, .literal) }
        let read = read(expr)
        guard read.kind == .dynamic else { return (read.text, read.kind) }
        state.unanalyzable(
            "registration name `\(expr.trimmedDescription)` of `\(serviceType)` is computed at run time",
            service: serviceType, at: call)
        return (ServiceID.dynamicName, .dynamic)
    }

    /// A `name:` argument as written, nil when there is none or it is `nil` (the default: no name;
    /// COOKID's `register(X.self, name: nil)`).
    static func given(_ expr: ExprSyntax?) -> ExprSyntax? {
        guard let expr, !expr.is(NilLiteralExprSyntax.self) else { return nil }
        return expr
    }

    static func read(_ expr: ExprSyntax) -> Name {
        if let literal = ExpressionReading.stringLiteral(expr) { return Name(text: literal, kind: .literal) }
        if let wrapped = nameInitializerLiteral(expr) { return Name(text: wrapped, kind: .literal) }
        var target = expr
        // `Names.api.rawValue` names the case's raw value: the case stands for it.
        if let member = target.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rawValue",
            let base = member.base
        {
            target = base
        }
        if let member = target.as(MemberAccessExprSyntax.self), isConstantPath(member, at: expr) {
            return Name(text: TypeName.normalize(member.trimmedDescription), kind: .constant)
        }
        if let ref = target.as(DeclReferenceExprSyntax.self), !LocalNames.isLocal(ref.baseName.text, at: expr) {
            return Name(text: ref.baseName.text, kind: .constant)
        }
        return Name(text: expr.trimmedDescription, kind: .dynamic)
    }

    /// `Resolver.Name("api")`, `Name("api")`, `.init("api")`, `.name("api")`: a literal in a wrapper.
    static func nameInitializerLiteral(_ expr: ExprSyntax) -> String? {
        guard let call = expr.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            let only = call.arguments.first, only.label == nil || only.label?.text == "rawValue",
            let literal = ExpressionReading.stringLiteral(only.expression)
        else { return nil }
        let callee = call.calledExpression.trimmedDescription
        let last = callee.split(separator: ".").last.map(String.init) ?? callee
        guard last == "init" || last == "Name" || last == "name" || last.startsUppercase else { return nil }
        return literal
    }

    /// `.api`, `Names.primary`, `Outer.Names.primary`: a chain of names rooted at a type or an
    /// implicit member. Rooted at a value (`self.name`, `config.name`) it is read at run time.
    private static func isConstantPath(_ member: MemberAccessExprSyntax, at node: ExprSyntax) -> Bool {
        var base = member.base
        while let b = base {
            if let inner = b.as(MemberAccessExprSyntax.self) {
                base = inner.base
                continue
            }
            guard let ref = b.as(DeclReferenceExprSyntax.self) else { return false }
            return ref.baseName.text.startsUppercase
        }
        return true
    }
}

/// Whether an identifier names a parameter or local of the code around a node (so its value is
/// only known at run time), as opposed to a global or a static constant.
enum LocalNames {
    static func isLocal(_ name: String, at node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let n = current {
            if let closure = n.as(ClosureExprSyntax.self), closureDeclares(closure, name) { return true }
            if let function = n.as(FunctionDeclSyntax.self) {
                if function.signature.parameterClause.parameters.contains(where: { parameterName($0) == name }) { return true }
                return bodyDeclares(function.body.map(Syntax.init), name)
            }
            if let initializer = n.as(InitializerDeclSyntax.self) {
                if initializer.signature.parameterClause.parameters.contains(where: { parameterName($0) == name }) {
                    return true
                }
                return bodyDeclares(initializer.body.map(Syntax.init), name)
            }
            if let loop = n.as(ForStmtSyntax.self), loop.pattern.trimmedDescription.contains(name) { return true }
            if let accessor = n.as(AccessorDeclSyntax.self) {
                if name == "newValue" || name == "oldValue" { return true }
                if bodyDeclares(accessor.body.map(Syntax.init), name) { return true }
            }
            if n.is(MemberBlockSyntax.self) { return false }
            current = n.parent
        }
        return false
    }

    private static func parameterName(_ parameter: FunctionParameterSyntax) -> String {
        (parameter.secondName ?? parameter.firstName).text
    }

    private static func closureDeclares(_ closure: ClosureExprSyntax, _ name: String) -> Bool {
        if let parameters = closure.signature?.parameterClause {
            switch parameters {
            case .simpleInput(let names): if names.contains(where: { $0.name.text == name }) { return true }
            case .parameterClause(let clause):
                if clause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name }) { return true }
            }
        }
        return bodyDeclares(Syntax(closure.statements), name)
    }

    /// A `let`/`var`/`guard let`/`if let` binding of `name` anywhere in the body (not in nested
    /// types). Over-approximates scoping, which only makes a name "run time" more often: never a
    /// guess the other way.
    private static func bodyDeclares(_ body: Syntax?, _ name: String) -> Bool {
        guard let body else { return false }
        guard let memo = ScanMemo.current else { return declaredNames(in: body).contains(name) }
        if let names = memo.declaredNames[body.id] { return names.contains(name) }
        let names = declaredNames(in: body)
        memo.declaredNames[body.id] = names
        return names.contains(name)
    }

    /// Every name an identifier pattern or an optional binding in `body` declares.
    private static func declaredNames(in body: Syntax) -> Set<String> {
        final class Finder: SyntaxVisitor {
            var names: Set<String> = []
            override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
                names.insert(node.identifier.text)
                return .skipChildren
            }
            override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
                names.insert(node.pattern.trimmedDescription)
                return .visitChildren
            }
            override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.names
    }
}
