import DigraphCore
import SwiftSyntax

/// Swinject registrations: `register(T.self[, name:]) { r[, args…] in … }` (or `factory:`), with
/// the chained `.inObjectScope(…)`, `.initCompleted { … }` and `.implements(…)` that follow.
///
/// A call is a registration only in Swinject's shape: a metatype first, then only `name:` and a
/// factory closure. Look-alikes such as `tableView.register(Cell.self, forCellReuseIdentifier:)`,
/// `UserDefaults.register(defaults:)` or a locator's `register(instance:forMetaType:)` have other
/// labels or no factory and are left alone.
final class SwinjectRegistrationExtractor: SyntaxVisitor {
    static let containerName = "swinject"
    private let state: ScanState

    init(state: ScanState) {
        self.state = state
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        AssemblyConstructions.record(node, in: state)
        guard !state.isClaimed(node) else { return .visitChildren }
        let name = state.calledName(node)
        if name == "register", let shape = Shape(node), !TypeNaming.isPlumbing(shape.serviceType, at: node) {
            record(node, shape)
        } else if name == "forward" {
            recordForward(node)
        } else if node.arguments.first(labeled: "parent") != nil || node.arguments.first(labeled: "defaultObjectScope") != nil,
            ContainerReceiver.containerCreation(ExprSyntax(node)) != nil
        {
            recordCreation(node)
        } else if let name, Self.modifiers.contains(name),
            let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            let variable = member.base?.as(DeclReferenceExprSyntax.self),
            let index = registration(heldBy: variable.baseName.text, at: node)
        {
            // `entry.inObjectScope(.container)` on a registration kept in a variable.
            apply(ChainedCall(name: name, call: node), to: index)
        }
        return .visitChildren
    }

    static let modifiers: Set<String> = ["inObjectScope", "initCompleted", "implements"]

    /// The parts of a `register` call that make it Swinject's.
    private struct Shape {
        var serviceType: String
        var nameExpr: ExprSyntax?
        var factory: ClosureExprSyntax?

        init?(_ call: FunctionCallExprSyntax) {
            let args = Array(call.arguments)
            guard let first = args.first, first.label == nil,
                let type = ExpressionReading.metatype(first.expression)
            else { return nil }
            var factoryExpr: ExprSyntax?
            for arg in args.dropFirst() {
                switch arg.label?.text {
                case "name": nameExpr = arg.expression
                case "factory": factoryExpr = arg.expression
                default: return nil
                }
            }
            if let trailing = call.trailingClosure {
                guard factoryExpr == nil else { return nil }
                factoryExpr = ExprSyntax(trailing)
            }
            guard let factoryExpr else { return nil }
            serviceType = type
            factory = factoryExpr.as(ClosureExprSyntax.self)
        }
    }

    /// `Container(parent: root, defaultObjectScope: .container)`: the child sees and may override
    /// the parent's registrations, and those registered on it without a scope of their own take
    /// its default (placer's service container: its services are singletons).
    private func recordCreation(_ node: FunctionCallExprSyntax) {
        let instance = ContainerReceiver.creationKey(node, state: state)
        if let parent = node.arguments.first(labeled: "parent"),
            let parentInstance = ContainerReceiver.instance(named: parent.expression, state: state)
        {
            state.facts.containerParents.append(ContainerParentFact(instance: instance, parent: parentInstance))
        }
        if let scope = node.arguments.first(labeled: "defaultObjectScope") {
            let read = SwinjectScope.read(scope.expression)
            state.facts.defaultLifetimes.append(
                DefaultLifetimeFact(
                    registry: .swinject, lifetime: read?.lifetime, detail: read?.detail ?? scope.expression.trimmedDescription,
                    location: state.location(of: scope), owner: instance))
        }
    }

    private func record(_ call: FunctionCallExprSyntax, _ shape: Shape) {
        state.claim(call)
        let (name, nameKind) = NameReading.registrationName(
            shape.nameExpr, serviceType: shape.serviceType, at: call, state: state)
        let arguments = shape.factory.map(Self.runtimeArgumentTypes) ?? []
        var implementations: [String] = []
        if let factory = shape.factory {
            implementations = FactoryProduct.read(factory, keyedBy: shape.serviceType).implementations
        }
        let index = state.facts.registrations.count
        state.appendRegistration(
            RegistrationFact(
                registry: .swinject, container: Self.containerName, serviceType: shape.serviceType, name: name,
                argumentTypes: arguments, lifetime: .graph, lifetimeDetail: SwinjectScope.defaultDetail,
                lifetimeIsDefault: true, implementationTypes: Array(Set(implementations)).sorted(),
                location: state.location(of: call), conditions: ConditionalCompilation.branches(of: call),
                nameKind: nameKind, containerInstance: ContainerReceiver.instance(of: call, state: state),
                scope: LocalBinding.scope(of: call, path: state.path)), at: call)
        state.facts.registrations[index].assembly = AssemblyConstructions.enclosingAssembly(of: call)
        if let factory = shape.factory {
            state.markFactory(factory, registration: index, registry: .swinject, isCompletion: false)
        }
        let chain = Self.chainedCalls(after: call)
        for modifier in chain { apply(modifier, to: index) }
        if let factory = shape.factory { FactoryProduct.readLifetime(of: factory, into: &state.facts.registrations[index]) }
        if !state.facts.importsSwinject {
            // Maybe a project's own locator of that shape: the link decides (``ProvisionalLocatorCallFact``).
            state.facts.provisionalLocatorCalls.append(
                ProvisionalLocatorCallFact(
                    shape: LocatorCallShape(
                        name: "register", labels: call.argumentLabels, metatypeArgument: 0, hasTrailingClosure: call.trailingClosure != nil),
                    kind: .libraryShaped(index: index), fallbackRequester: .root))
        }
        let outermost = chain.last?.call ?? call
        if let variable = Self.boundVariable(of: outermost) {
            state.registrationVariables[Self.scopeKey(of: outermost) + variable] = index
        }
    }

    /// `inObjectScope`, `initCompleted` and `implements`, whether chained or called on a variable.
    /// SwinjectAutoregistration's `autoregister(…)` returns the same `ServiceEntry`, so its chain
    /// is applied here too.
    func apply(_ modifier: ChainedCall, to index: Int) {
        let serviceType = state.facts.registrations[index].serviceType
        switch modifier.name {
        case "inObjectScope":
            guard let arg = modifier.call.arguments.first?.expression else { return }
            state.facts.registrations[index].lifetimeIsDefault = false
            if let scope = SwinjectScope.read(arg) {
                state.facts.registrations[index].lifetime = scope.lifetime
                state.facts.registrations[index].lifetimeDetail = scope.detail
            } else {
                state.facts.registrations[index].lifetime = .unknown
                state.facts.registrations[index].lifetimeDetail = arg.trimmedDescription
                state.unanalyzable(
                    "scope `\(arg.trimmedDescription)` of `\(serviceType)` is chosen at run time; lifetime unknown",
                    service: serviceType, at: modifier.call)
            }
        case "initCompleted":
            if let closure = modifier.call.trailingClosure
                ?? modifier.call.arguments.first?.expression.as(ClosureExprSyntax.self)
            {
                state.markFactory(closure, registration: index, registry: .swinject, isCompletion: true)
            }
        case "implements":
            state.facts.registrations[index].forwardedTypes +=
                modifier.call.arguments.compactMap { ExpressionReading.metatype($0.expression) }
        default:
            return
        }
    }

    /// `container.forward(P.self, to: entry)` where `entry` holds a registration.
    private func recordForward(_ call: FunctionCallExprSyntax) {
        let args = Array(call.arguments)
        guard args.count == 2, args[0].label == nil, let type = ExpressionReading.metatype(args[0].expression),
            args[1].label?.text == "to", let variable = args[1].expression.as(DeclReferenceExprSyntax.self),
            let index = registration(heldBy: variable.baseName.text, at: call)
        else { return }
        state.facts.registrations[index].forwardedTypes.append(type)
    }

    private func registration(heldBy variable: String, at node: some SyntaxProtocol) -> Int? {
        state.registrationVariables[Self.scopeKey(of: node) + variable]
    }

    /// The name in `let name = <call>`.
    private static func boundVariable(of call: FunctionCallExprSyntax) -> String? {
        guard let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let ident = binding.pattern.as(IdentifierPatternSyntax.self)
        else { return nil }
        return ident.identifier.text
    }

    /// The innermost function, closure or file that a local variable belongs to.
    private static func scopeKey(of node: some SyntaxProtocol) -> String {
        var current = node.parent
        while let n = current {
            if n.is(FunctionDeclSyntax.self) || n.is(ClosureExprSyntax.self) || n.is(InitializerDeclSyntax.self)
                || n.is(AccessorDeclSyntax.self)
            {
                return "\(n.position.utf8Offset):"
            }
            current = n.parent
        }
        return "file:"
    }

    /// Runtime arguments are the factory's parameters after the resolver: `{ (r, id: String) in }`
    /// -> `[String]`, `{ r, a, b in }` -> `[_, _]`.
    private static func runtimeArgumentTypes(_ closure: ClosureExprSyntax) -> [String] {
        guard let parameters = closure.signature?.parameterClause else { return [] }
        switch parameters {
        case .simpleInput(let names):
            return Array(repeating: ServiceID.unknownArgument, count: max(0, names.count - 1))
        case .parameterClause(let clause):
            return clause.parameters.dropFirst().map { param in
                param.type.map { TypeName.normalize($0.trimmedDescription) } ?? ServiceID.unknownArgument
            }
        }
    }

    struct ChainedCall {
        var name: String
        var call: FunctionCallExprSyntax
    }

    /// `register(…).inObjectScope(.container).initCompleted { … }`: the calls chained on the result.
    static func chainedCalls(after call: FunctionCallExprSyntax) -> [ChainedCall] {
        var result: [ChainedCall] = []
        var current = Syntax(call)
        while let member = current.parent?.as(MemberAccessExprSyntax.self), member.base?.id == current.id,
            let next = member.parent?.as(FunctionCallExprSyntax.self), next.calledExpression.id == member.id
        {
            result.append(ChainedCall(name: member.declName.baseName.text, call: next))
            current = Syntax(next)
        }
        return result
    }
}
