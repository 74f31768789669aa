import DigraphCore
import SwiftSyntax

/// Which container instance a `register`/`resolve` call talks to, named by where that container
/// is created (see ``ContainerInstance``). nil when the receiver is the program's default container
/// as far as the scanner can tell: an `Assembly`'s parameter, a helper's parameter, an implicit
/// `self`, anything it cannot place.
enum ContainerReceiver {
    static func instance(of call: FunctionCallExprSyntax, state: ScanState) -> String? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return nil
        }
        return instance(named: base, state: state)
    }

    /// `hops`: how many creations this reading has gone through (an instance assigned to a name
    /// is the instance that name holds): at most ``maxHops``, then unknown. The scoping of locals
    /// already ends such chains; this bound holds whatever a future reader follows.
    /// `atWalk`: `expr` is where the scan's walk is (an argument of the call it visits), so a name
    /// no statement the walk reached binds has no local binding (``ScanState/boundNames``).
    static func instance(named expr: ExprSyntax, state: ScanState, hops: Int = 0, atWalk: Bool = false) -> String? {
        guard hops <= maxHops else { return nil }
        let receiver = unwrapped(expr)
        if let ref = receiver.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            if let closure = creationClosure(declaring: name, at: receiver) {
                return creationKey(closure.call, state: state, hops: hops + 1)
            }
            let mayBeBound = !atWalk || state.boundNames.contains(name)
            if mayBeBound, let binding = LocalBinding.find(name, at: receiver) {
                guard let value = binding.initializer?.value, let creation = containerCreation(value) else { return nil }
                return creationKey(creation, state: state, hops: hops + 1)
            }
            if LocalNames.isLocal(name, at: receiver) { return parameterInstance(name, at: receiver, state: state) }
            return qualified(name, at: receiver)
        }
        if let member = receiver.as(MemberAccessExprSyntax.self), let base = member.base {
            let property = member.declName.baseName.text
            if let ref = base.as(DeclReferenceExprSyntax.self), ref.baseName.text == "self" {
                return qualified(property, at: receiver)
            }
            if base.trimmedDescription.startsUppercase {
                return TypeName.normalize(member.trimmedDescription)
            }
        }
        return nil
    }

    /// Library entry points the container calls itself (a Swinject `Assembly`, a DITranquillity
    /// `DIPart`/`DIFramework`): their parameter is the program's container, never a helper's.
    private static let libraryEntryPoints: Set<String> = ["assemble", "load", "registerAllServices"]

    /// `container` a parameter of the function around (not of a closure in it): the instance its
    /// callers pass, `param:<owner>|<name>|<index>` (see ``ContainerParameterFact``).
    static func parameterInstance(_ name: String, at node: some SyntaxProtocol, state: ScanState) -> String? {
        var current = Syntax(node).parent
        while let n = current {
            if let closure = n.as(ClosureExprSyntax.self), closure.signature != nil {
                let declared: Bool
                switch closure.signature?.parameterClause {
                case .simpleInput(let names)?: declared = names.contains { $0.name.text == name }
                case .parameterClause(let clause)?:
                    declared = clause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
                case nil: declared = false
                }
                if declared { return nil }
            }
            let function = n.as(FunctionDeclSyntax.self)
            let initializer = n.as(InitializerDeclSyntax.self)
            if function != nil || initializer != nil {
                let clause = function?.signature.parameterClause ?? initializer!.signature.parameterClause
                let functionName = function?.name.text ?? "init"
                let parameters = Array(clause.parameters)
                guard let index = parameters.firstIndex(where: { ($0.secondName ?? $0.firstName).text == name }) else {
                    current = n.parent
                    continue
                }
                guard !libraryEntryPoints.contains(functionName) else { return nil }
                var owner = ""
                var up = n.parent
                while let u = up {
                    if let type = TypeNaming.declaredName(of: u) {
                        owner = type
                        break
                    }
                    up = u.parent
                }
                let key = "\(ContainerParameterFact.prefix)\(owner)|\(functionName)|\(index)"
                if !state.facts.containerParameters.contains(where: { $0.key == key }) {
                    state.facts.containerParameters.append(
                        ContainerParameterFact(
                            key: key, owner: owner, name: functionName,
                            parameters: parameters.map { parameter in
                                ParameterFact(
                                    label: parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text,
                                    type: InitializerReading.parameterType(parameter.type),
                                    hasDefault: parameter.defaultValue != nil)
                            },
                            index: index))
                }
                return key
            }
            if n.is(MemberBlockSyntax.self) { return nil }
            current = n.parent
        }
        return nil
    }

    /// `moreServices(container: container)`: a call passing a container the scanner can place
    /// (a local `Container()`, a property, its own container parameter) as an argument.
    static func recordArguments(of call: FunctionCallExprSyntax, state: ScanState) {
        guard !call.arguments.isEmpty else { return }
        let callee = call.calledExpression
        let name: String
        let reference = callee.as(DeclReferenceExprSyntax.self)
        let member = reference == nil ? callee.as(MemberAccessExprSyntax.self) : nil
        if let reference {
            name = reference.baseName.text
        } else if let member, member.base != nil {
            name = member.declName.baseName.text
        } else {
            return
        }
        let isConstruction = name.startsUppercase
        if isConstruction, containerCreation(ExprSyntax(call)) != nil { return }
        // The arguments first (most calls pass no name that could hold a container), then the
        // owner, which walks up the tree.
        var passed: [(Int, String)] = []
        for (i, argument) in call.arguments.enumerated() {
            let expr = unwrapped(argument.expression)
            if let ref = expr.as(DeclReferenceExprSyntax.self) {
                // `reduce(0, +)`, `$0`: an operator or a closure's shorthand is never a container.
                guard case .identifier = ref.baseName.tokenKind else { continue }
            } else if expr.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription != "self" {
                continue
            }
            if let instance = instance(named: expr, state: state, atWalk: true) { passed.append((i, instance)) }
        }
        guard !passed.isEmpty else { return }
        var ownerHint: String?
        if reference != nil {
            ownerHint = isConstruction ? name : (enclosingType(of: call) ?? "")
        } else if let base = member?.base {
            let baseText = base.trimmedDescription
            if baseText == "self" || baseText == "Self" {
                ownerHint = enclosingType(of: call) ?? ""
            } else if baseText.startsUppercase {
                ownerHint = TypeName.normalize(baseText)
            }
        }
        let labels = call.arguments.map { $0.label?.text }
        for (i, instance) in passed {
            state.facts.containerArguments.append(
                ContainerArgumentFact(
                    ownerHint: ownerHint, name: isConstruction ? "init" : name, labels: labels, argument: i,
                    instance: instance))
        }
    }

    /// See ``instance(named:state:hops:)``.
    static let maxHops = 8

    private static func enclosingType(of node: some SyntaxProtocol) -> String? { TypeNaming.enclosingName(of: node) }

    /// The name a `Container(…)` creation gets from where its value goes: a local, a property, a
    /// global, or a property assigned in `setUp`.
    static func creationKey(_ creation: FunctionCallExprSyntax, state: ScanState, hops: Int = 0) -> String {
        let local = ContainerInstance.localPrefix + state.location(of: creation).description
        var current = Syntax(creation).parent
        while let n = current {
            if let binding = n.as(PatternBindingSyntax.self), let ident = binding.pattern.as(IdentifierPatternSyntax.self) {
                let name = ident.identifier.text
                if let variable = binding.parent?.parent?.as(VariableDeclSyntax.self),
                    variable.parent?.is(MemberBlockItemSyntax.self) == true
                {
                    return qualified(name, at: Syntax(variable))
                }
                if variable(in: binding).map(isTopLevel) == true { return name }
                return local
            }
            if let infix = n.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) {
                return instance(named: infix.leftOperand, state: state, hops: hops) ?? local
            }
            if n.is(CodeBlockItemSyntax.self) || n.is(MemberBlockItemSyntax.self) { return local }
            current = n.parent
        }
        return local
    }

    /// `Container()`, `Container(parent: p)`, `Container { c in … }`, `Container.init(…)`, and
    /// Resolver's `Resolver(child: p)`.
    static func containerCreation(_ expr: ExprSyntax) -> FunctionCallExprSyntax? {
        guard let call = unwrapped(expr).as(FunctionCallExprSyntax.self) else { return nil }
        var callee = call.calledExpression.trimmedDescription
        if callee.hasSuffix(".init") { callee = String(callee.dropLast(5)) }
        let last = callee.split(separator: ".").last.map(String.init) ?? callee
        return last.hasSuffix("Container") || last == "Resolver" ? call : nil
    }

    private static func variable(in binding: PatternBindingSyntax) -> VariableDeclSyntax? {
        binding.parent?.parent?.as(VariableDeclSyntax.self)
    }

    private static func isTopLevel(_ variable: VariableDeclSyntax) -> Bool {
        variable.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
    }

    /// `Container { c in c.register(…) }`: the creation whose configuration closure declares `name`.
    private static func creationClosure(declaring name: String, at node: some SyntaxProtocol) -> (
        call: FunctionCallExprSyntax, closure: ClosureExprSyntax
    )? {
        var current = Syntax(node).parent
        while let n = current {
            if let closure = n.as(ClosureExprSyntax.self), let params = closure.signature?.parameterClause,
                case .simpleInput(let names) = params, names.count == 1, names.first?.name.text == name
            {
                var owner = closure.parent
                if owner?.is(LabeledExprSyntax.self) == true { owner = owner?.parent?.parent }
                if let call = owner?.as(FunctionCallExprSyntax.self), let creation = containerCreation(ExprSyntax(call)) {
                    return (creation, closure)
                }
                return nil
            }
            current = n.parent
        }
        return nil
    }

    /// `name` as a member of the type around `node`, or a global.
    private static func qualified(_ name: String, at node: some SyntaxProtocol) -> String {
        var current = Syntax(node).parent
        while let n = current {
            if let type = TypeNaming.declaredName(of: n) { return "\(type).\(name)" }
            current = n.parent
        }
        return name
    }

    private static func unwrapped(_ expr: ExprSyntax) -> ExprSyntax {
        var e = expr
        while true {
            if let x = e.as(ForceUnwrapExprSyntax.self) { e = x.expression; continue }
            if let x = e.as(OptionalChainingExprSyntax.self) { e = x.expression; continue }
            if let x = e.as(TryExprSyntax.self) { e = x.expression; continue }
            if let x = e.as(AwaitExprSyntax.self) { e = x.expression; continue }
            if let x = e.as(TupleExprSyntax.self), x.elements.count == 1, let only = x.elements.first, only.label == nil {
                e = only.expression
                continue
            }
            return e
        }
    }
}

/// The `let`/`var` binding of a name in the function or closure bodies around a node, as Swift
/// scopes it: a local is visible only to code after the end of its own binding, so in
/// `var dependencies = dependencies` the initializer reads an outer `dependencies` (a parameter,
/// a property), and a name used before a declaration of it is not that declaration. A chain of
/// locals followed through their initializers (`let b = a`, `a`'s binding, …) therefore only
/// goes backwards in the file and ends. At the top level of a file the bindings are globals: a
/// top-level function sees each of them, wherever it is declared; a global's initializer sees
/// only those declared before it, which keeps the chains going backwards there too.
enum LocalBinding {
    static func find(_ name: String, at node: some SyntaxProtocol) -> PatternBindingSyntax? {
        let memo = ScanMemo.current
        let position = node.position
        var child = Syntax(node)
        var current = child.parent
        while let n = current {
            if let items = n.as(CodeBlockItemListSyntax.self) {
                let candidates: [PatternBindingSyntax]
                if let memo {
                    let table = memo.bindings[items.id] ?? bindings(in: items)
                    if memo.bindings[items.id] == nil { memo.bindings[items.id] = table }
                    candidates = table[name] ?? []
                } else {
                    candidates = bindings(in: items)[name] ?? []
                }
                if let found = visible(candidates, at: position, in: items, from: child) { return found }
            }
            if n.is(MemberBlockSyntax.self) || n.is(SourceFileSyntax.self) { return nil }
            child = n
            current = n.parent
        }
        return nil
    }

    /// The binding among `candidates` (in source order) that code at `position` sees: the last one
    /// ending before it. In a file's top-level statements, code inside a function (`child` is the
    /// statement holding it) sees a global declared after it too.
    private static func visible(
        _ candidates: [PatternBindingSyntax], at position: AbsolutePosition, in items: CodeBlockItemListSyntax,
        from child: Syntax
    ) -> PatternBindingSyntax? {
        guard !candidates.isEmpty else { return nil }
        if let before = candidates.last(where: { $0.endPosition <= position }) { return before }
        guard items.parent?.is(SourceFileSyntax.self) == true,
            child.as(CodeBlockItemSyntax.self)?.item.is(FunctionDeclSyntax.self) == true
        else { return nil }
        return candidates.first
    }

    /// Every binding of each name among the statements, in source order.
    private static func bindings(in items: CodeBlockItemListSyntax) -> [String: [PatternBindingSyntax]] {
        var table: [String: [PatternBindingSyntax]] = [:]
        for item in items {
            guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                table[name, default: []].append(binding)
            }
        }
        return table
    }

    /// The innermost function, initializer or accessor around a node, as `file:offset`.
    static func scope(of node: some SyntaxProtocol, path: String) -> String? {
        var current = Syntax(node).parent
        while let n = current {
            if n.is(FunctionDeclSyntax.self) || n.is(InitializerDeclSyntax.self) || n.is(AccessorDeclSyntax.self) {
                return "\(path):\(n.position.utf8Offset)"
            }
            current = n.parent
        }
        return nil
    }
}
