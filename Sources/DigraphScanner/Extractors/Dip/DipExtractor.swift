import DigraphCore
import SwiftSyntax

/// Dip, in files that import it: `container.register([scope][, type: P.self][, tag: t]) { … }`
/// keyed by type and tag (`{ ServiceImp() as Service }`), with `.implements(…)` and
/// `.resolvingProperties { … }` chained; `try container.resolve([tag:][, arguments:])` typed from
/// context; `Injected<T>()` and `InjectedWeak<T>()` properties, which Dip fills after building
/// their owner (deferred); `container.reset()`, after which registering again is no duplicate;
/// `a.collaborate(with: b)`, after which each resolves what the other registers.
///
/// A factory's parameters (`{ Provider(name: $0) }`) are part of the key; a resolve passing no
/// arguments may still reach such a registration, Dip resolving its arguments itself (auto-wiring,
/// settled by the linker).
final class DipExtractor {
    static let containerName = "dip"
    private let state: ScanState
    /// `container.reset()` calls seen so far, per scope and receiver.
    private var resets: [String: Int] = [:]

    init(state: ScanState) { self.state = state }

    func visit(_ node: FunctionCallExprSyntax) {
        switch ExpressionReading.calledName(node) {
        case "register":
            guard let shape = RegistrationShape(node) else { return }
            state.claim(node)
            record(node, shape)
        case "resolve":
            guard let shape = ResolveShape(node) else { return }
            state.claim(node)
            record(node, shape)
        case "reset":
            guard node.arguments.isEmpty, let receiver = Self.receiverKey(node) else { return }
            resets[receiver, default: 0] += 1
        case "collaborate":
            // `a.collaborate(with: b, c)`: each resolves what the others register.
            guard let receiver = node.calledExpression.as(MemberAccessExprSyntax.self)?.base,
                let own = ContainerReceiver.instance(named: receiver, state: state)
            else { return }
            for argument in node.arguments {
                guard let other = ContainerReceiver.instance(named: argument.expression, state: state), other != own else {
                    continue
                }
                state.facts.containerParents.append(ContainerParentFact(instance: other, parent: own))
                state.facts.containerParents.append(ContainerParentFact(instance: own, parent: other))
            }
        default:
            return
        }
    }

    // MARK: - Registrations

    private struct RegistrationShape {
        var scope: ExprSyntax?
        var serviceType: String?
        var tag: ExprSyntax?
        /// nil for Dip-UI's `register(storyboardType: Controller.self, tag:)`: the storyboard
        /// builds the controller, Dip fills its properties.
        var factory: ExprSyntax?

        init?(_ call: FunctionCallExprSyntax) {
            var storyboard = false
            var factory: ExprSyntax?
            for (i, arg) in call.arguments.enumerated() {
                switch arg.label?.text {
                case nil where i == 0: scope = arg.expression
                case "scope": scope = arg.expression
                case "type":
                    guard let type = ExpressionReading.metatype(arg.expression) else { return nil }
                    serviceType = type
                case "tag": tag = arg.expression
                case "factory": factory = arg.expression
                case "storyboardType":
                    guard let type = ExpressionReading.metatype(arg.expression) else { return nil }
                    serviceType = type
                    storyboard = true
                default: return nil
                }
            }
            if let trailing = call.trailingClosure {
                guard factory == nil else { return nil }
                factory = ExprSyntax(trailing)
            }
            // A scope that is not a member (`register(definition, type:)` forwards a definition).
            if let scope, !scope.is(MemberAccessExprSyntax.self) { return nil }
            guard factory != nil || storyboard else { return nil }
            self.factory = factory
        }
    }

    private func record(_ call: FunctionCallExprSyntax, _ shape: RegistrationShape, pending: Bool = false) {
        let closure = shape.factory?.as(ClosureExprSyntax.self)
        let product = closure.map { FactoryProduct.read($0, keyedBy: shape.serviceType) }
        // falcon's `register(.singleton, factory: ApiMigrationsManager.init)`: Dip calls the
        // initializer, resolving each of its parameters; what it builds is that type.
        let initialized = shape.factory.flatMap(ExpressionReading.initReference)
        guard let serviceType = shape.serviceType ?? product?.serviceType ?? initialized else {
            // Dip falls back to the untagged registration for any tag: every key stays open.
            state.unanalyzable(
                "cannot tell which type `register { … }` registers: write `type: P.self` or end the factory with `as P`",
                service: nil, at: call,
                opens: OpenKeys(registry: .dip, anyName: true, functionTypesOnly: product?.buildsClosure == true),
                containerInstance: ContainerReceiver.instance(of: call, state: state))
            // `register { Builder.build() }`: the link may type it from `build()`'s declaration
            // (a pending registration; typed, it withdraws the unread site above).
            if shape.tag == nil, let token = product?.staticProductToken {
                var typed = shape
                typed.serviceType = token
                record(call, typed, pending: true)
            }
            return
        }
        if TypeNaming.isPlumbing(serviceType, at: call) { return }
        let (name, nameKind) = Self.readTag(shape.tag, of: serviceType, at: call, state: state)
        var lifetime = Lifetime.graph
        var detail = DipScopes.defaultDetail
        if let scope = shape.scope {
            if let read = DipScopes.read(scope) {
                (lifetime, detail) = read
            } else {
                (lifetime, detail) = (.unknown, scope.trimmedDescription)
                state.unanalyzable(
                    "scope `\(scope.trimmedDescription)` of `\(serviceType)` is not one of Dip's; lifetime unknown",
                    service: serviceType, at: call)
            }
        }
        let index = state.facts.registrations.count
        var instance = ContainerReceiver.instance(of: call, state: state)
        if let receiver = Self.receiverKey(call), let generation = resets[receiver] {
            // Registered after `reset()`: the earlier registrations are gone.
            instance = "\(instance ?? receiver) after reset \(generation)"
        }
        state.appendRegistration(
            RegistrationFact(
                registry: .dip, container: Self.containerName, serviceType: serviceType, name: name,
                argumentTypes: closure.map(Self.runtimeArguments) ?? [], lifetime: lifetime, lifetimeDetail: detail,
                lifetimeIsDefault: shape.scope == nil,
                implementationTypes: product?.implementations
                    ?? (shape.factory == nil ? [serviceType] : initialized.map { [$0] } ?? []),
                location: state.location(of: call), conditions: ConditionalCompilation.branches(of: call),
                nameKind: nameKind, containerInstance: instance, scope: LocalBinding.scope(of: call, path: state.path)), at: call)
        if pending {
            // Nothing may point at a pending registration's index: it leaves the list.
            state.facts.pendingRegistrations.append(state.facts.registrations.remove(at: index))
            return
        }
        if let closure {
            state.markFactory(closure, registration: index, registry: .dip, isCompletion: false)
            if shape.serviceType == nil { state.noteGenericConstruction(closure, registers: serviceType, at: call) }
            FactoryProduct.readLifetime(of: closure, into: &state.facts.registrations[index])
        }
        for modifier in SwinjectRegistrationExtractor.chainedCalls(after: call) {
            switch modifier.name {
            case "implements":
                state.facts.registrations[index].forwardedTypes +=
                    modifier.call.arguments.compactMap { ExpressionReading.metatype($0.expression) }
            case "resolvingProperties":
                if let completion = modifier.call.trailingClosure
                    ?? modifier.call.arguments.first?.expression.as(ClosureExprSyntax.self)
                {
                    state.markFactory(completion, registration: index, registry: .dip, isCompletion: true)
                }
            default:
                continue
            }
        }
    }

    /// Dip's factory parameters: `{ (name: String) in … }` -> `[String]`, `{ Provider(name: $0) }` -> `[_]`.
    private static func runtimeArguments(_ closure: ClosureExprSyntax) -> [String] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let names)?: return Array(repeating: ServiceID.unknownArgument, count: names.count)
        case .parameterClause(let clause)?:
            return clause.parameters.map { $0.type.map { TypeName.normalize($0.trimmedDescription) } ?? ServiceID.unknownArgument }
        case nil:
            let highest = AnonymousParameters.highestIndex(in: closure)
            return highest.map { Array(repeating: ServiceID.unknownArgument, count: $0 + 1) } ?? []
        }
    }

    /// The receiver a `register`/`reset` is called on, within its function: `container` in `setUp`.
    private static func receiverKey(_ call: FunctionCallExprSyntax) -> String? {
        guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return nil }
        return (LocalBinding.scope(of: call, path: "") ?? "") + "|" + base.trimmedDescription
    }

    /// A tag is a name: a string or integer literal, or a constant (`DependencyTags.Dummy`).
    static func readTag(_ expr: ExprSyntax?, of type: String, at node: some SyntaxProtocol, state: ScanState)
        -> (String?, NameKind)
    {
        guard let expr = NameReading.given(expr) else { return (nil, .literal) }
        if let integer = expr.as(IntegerLiteralExprSyntax.self) { return (integer.literal.text, .literal) }
        let read = NameReading.read(expr)
        if read.kind == .dynamic {
            state.unanalyzable("tag `\(expr.trimmedDescription)` of `\(type)` is computed at run time", service: type, at: node)
            return (ServiceID.dynamicName, .dynamic)
        }
        return (read.text, read.kind)
    }

    // MARK: - Requests

    private struct ResolveShape {
        var type: String?
        var tag: ExprSyntax?
        var argumentTypes: [String] = []

        init?(_ call: FunctionCallExprSyntax) {
            guard call.trailingClosure == nil else { return nil }
            var collecting = false
            for (i, arg) in call.arguments.enumerated() {
                switch arg.label?.text {
                case nil where i == 0:
                    // `(Service?).self`: Dip resolves the wrapped type.
                    guard let type = ExpressionReading.metatype(arg.expression) else { return nil }
                    self.type = TypeName.unwrappingOptional(type)
                case "tag": tag = arg.expression
                case "arguments", "withArguments":
                    argumentTypes = [ArgumentTyping.type(of: arg.expression)]
                    collecting = true
                    continue
                case nil where collecting: argumentTypes.append(ArgumentTyping.type(of: arg.expression))
                default: return nil
                }
                if arg.label != nil { collecting = false }
            }
        }
    }

    private func record(_ call: FunctionCallExprSyntax, _ shape: ResolveShape) {
        let context = SiteContext.of(call, in: state)
        var retained = context.retained
        if let closure = context.factoryClosure, retained { retained = KeptUse.isKept(call, in: closure) }
        let (name, nameKind) = Self.readTag(shape.tag, of: shape.type ?? "", at: call, state: state)
        var template = RequestFact(
            requester: context.requester, registry: context.factory?.registry ?? .dip, type: .named(""), name: name,
            argumentTypes: shape.argumentTypes, timing: context.timing, retained: retained, via: .resolve,
            optional: OptionalTry.tolerates(call), location: state.location(of: call),
            conditions: ConditionalCompilation.branches(of: call), nameKind: nameKind,
            containerInstance: context.factory == nil ? ContainerReceiver.instance(of: call, state: state) : nil)
        template.passedTo = KeptUse.initializerArgument(of: call, kept: retained)
        if let type = shape.type {
            template.type = .named(type)
        } else if let inferred = ContextualType.of(call, requester: context.requester) {
            if ContextualType.isGenericParameter(inferred, at: call) { return }
            template.type = inferred
        } else if let site = ConstructorArgument.of(call) {
            state.facts.initializerRequests.append(
                InitializerRequestFact(
                    type: site.type, labels: site.labels, parameters: .argument(index: site.index), template: template,
                    through: site.through))
            return
        } else {
            state.untypedResolve(
                "cannot tell which type `\(call.trimmedDescription)` resolves: annotate the variable, or add `as P`", at: call)
            return
        }
        state.facts.requests.append(template)
    }

    // MARK: - Auto-injection

    /// `let logger = Injected<Logger>()`, `InjectedWeak<Delegate>()`: filled after the owner is built.
    func visit(_ node: VariableDeclSyntax) {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true else { return }
        for binding in node.bindings {
            guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
                let wrapper = generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                wrapper == "Injected" || wrapper == "InjectedWeak",
                let argument = generic.genericArgumentClause.arguments.first
            else { continue }
            let context = SiteContext.of(node, in: state)
            let (name, nameKind) = Self.readTag(
                call.arguments.first(labeled: "tag")?.expression, of: "", at: call, state: state)
            let written = TypeName.normalize(argument.argument.trimmedDescription)
            state.facts.requests.append(
                RequestFact(
                    requester: context.requester, registry: .dip, type: .named(TypeName.unwrappingOptional(written)),
                    name: name, timing: .deferred, retained: wrapper == "Injected", via: .propertyWrapper,
                    optional: call.arguments.first(labeled: "required")?.expression.trimmedDescription == "false",
                    location: state.location(of: call), conditions: ConditionalCompilation.branches(of: node),
                    nameKind: nameKind))
        }
    }
}

/// `try? container.resolve()`: written to tolerate failure.
enum OptionalTry {
    static func tolerates(_ node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let n = current {
            if let tryExpr = n.as(TryExprSyntax.self) { return tryExpr.questionOrExclamationMark?.tokenKind == .postfixQuestionMark }
            if n.is(ExprListSyntax.self) || n.is(SequenceExprSyntax.self) || n.is(TupleExprSyntax.self) {
                current = n.parent
                continue
            }
            return false
        }
        return false
    }
}

/// `$0`, `$1` in a closure's own body (not nested closures).
enum AnonymousParameters {
    static func highestIndex(in closure: ClosureExprSyntax) -> Int? {
        final class Finder: SyntaxVisitor {
            var highest: Int?
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if case .dollarIdentifier(let text) = node.baseName.tokenKind, let n = Int(text.dropFirst()) {
                    highest = max(highest ?? n, n)
                }
                return .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(closure.statements)
        return finder.highest
    }
}
