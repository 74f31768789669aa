import DigraphCore
import SwiftSyntax

/// DITranquillity, in files that import it: `container.register(Impl.init)` (the initializer's
/// parameters are its dependencies, read from wherever `Impl` is declared), `register { Impl(a: $0,
/// b: $1) }` (each `$n` takes the type of the parameter it is passed to; `many($0)` every
/// registration of the element type), `register(Impl.self)`, `registerStoryboard(name:)`; then
/// `.as(P.self)` / `.as(check: P.self) { $0 }` aliases, `.lifetime(…)`, and `.injection(\.property)`
/// or `.injection { $0.property = $1 }` (property injection, after init: deferred, also with
/// `cycle: true`); `container.resolve([name:])` typed from context.
final class DITranquillityExtractor {
    static let containerName = "ditranquillity"
    private let state: ScanState

    init(state: ScanState) { self.state = state }

    func visit(_ node: FunctionCallExprSyntax) {
        recordAppendedParts(node)
        switch ExpressionReading.calledName(node) {
        case "register":
            guard let shape = Registration(node) else { return }
            state.claim(node)
            record(node, shape)
        case "registerStoryboard":
            guard let name = node.arguments.first(labeled: "name")?.expression else { return }
            state.claim(node)
            let (text, kind) = DipExtractor.readTag(name, of: "UIStoryboard", at: node, state: state)
            append(node, serviceType: "UIStoryboard", name: text, nameKind: kind, implementations: ["UIStoryboard"])
        case "resolve", "resolveMany":
            guard node.trailingClosure == nil, node.arguments.allSatisfy({ ["name", "tag"].contains($0.label?.text ?? "") })
            else { return }
            state.claim(node)
            recordResolve(node, collects: ExpressionReading.calledName(node) == "resolveMany")
        default:
            return
        }
    }

    // MARK: - Registrations

    private enum Registration {
        case initializer(type: String, labels: [String?]?)
        case closure(ClosureExprSyntax)
        case metatype(String)

        init?(_ call: FunctionCallExprSyntax) {
            // `file:` and `line:` only say where, for DITranquillity's own diagnostics; `main:`
            // builds on the main actor.
            let arguments = call.arguments.filter { !["file", "line"].contains($0.label?.text ?? "") }
                .map { argument in argument.label?.text == "main" ? argument.with(\.label, nil).with(\.colon, nil) : argument }
            if let closure = call.trailingClosure, arguments.isEmpty {
                self = .closure(closure)
                return
            }
            // `register(T.self) { … }` is Swinject's, which a file may import too.
            guard call.trailingClosure == nil, arguments.count == 1, let only = arguments.first, only.label == nil
            else { return nil }
            let expr = only.expression
            if let closure = expr.as(ClosureExprSyntax.self) {
                self = .closure(closure)
            } else if let member = expr.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
                let type = ExpressionReading.initReference(expr)
            {
                self = .initializer(
                    type: type,
                    labels: member.declName.argumentNames.map { names in
                        names.arguments.map { $0.name.tokenKind == .wildcard ? nil : $0.name.text }
                    })
            } else if let type = ExpressionReading.metatype(expr) {
                self = .metatype(type)
            } else {
                return nil
            }
        }
    }

    private func record(_ call: FunctionCallExprSyntax, _ shape: Registration) {
        switch shape {
        case .metatype(let type):
            guard !TypeNaming.isPlumbing(type, at: call) else { return }
            let index = append(call, serviceType: type, implementations: [type])
            applyChain(after: call, to: index)
        case .initializer(let type, let labels):
            guard !TypeNaming.isPlumbing(type, at: call) else { return }
            let index = append(call, serviceType: type, implementations: [type])
            state.facts.initializerRequests.append(
                InitializerRequestFact(type: type, labels: labels, parameters: .all(suppliedTypes: []), template: template(index, call)))
            applyChain(after: call, to: index)
        case .closure(let closure):
            let product = FactoryProduct.read(closure)
            guard let type = product.serviceType else {
                let instance = ContainerReceiver.instance(of: call, state: state)
                state.unanalyzable(
                    "cannot tell which type `register { … }` registers: its results differ or are not constructions",
                    service: nil, at: call,
                    opens: OpenKeys(registry: .ditranquillity, anyName: true, functionTypesOnly: product.buildsClosure),
                    containerInstance: instance)
                if let instance, ContainerInstance.isLocal(instance) {
                    state.facts.untypedRegistrations.append(
                        UntypedRegistrationFact(
                            registry: .ditranquillity, name: nil, location: state.location(of: call),
                            containerInstance: instance))
                }
                recordPending(call, product: product)
                return
            }
            let index = append(call, serviceType: type, implementations: product.implementations)
            state.markFactory(closure, registration: index, registry: .ditranquillity, isCompletion: false)
            state.noteGenericConstruction(closure, registers: type, at: call)
            recordClosureParameters(closure, index: index, call: call)
            applyChain(after: call, to: index)
        }
    }

    /// `register { Builder.build() }`: the link may type it from `build()`'s declaration; until
    /// then it waits as a pending registration (typed, it withdraws the unread site above). Only
    /// when what is chained (a lifetime, an untagged `.as`) points at nothing else.
    private func recordPending(_ call: FunctionCallExprSyntax, product: FactoryProduct.Product) {
        guard let token = product.staticProductToken else { return }
        let chain = SwinjectRegistrationExtractor.chainedCalls(after: call)
        let pointsElsewhere = chain.contains { modifier in
            !["lifetime", "as", "default", "test"].contains(modifier.name)
                || modifier.call.arguments.contains { $0.label != nil }
        }
        guard !pointsElsewhere else { return }
        let index = append(call, serviceType: token, implementations: [token])
        applyChain(after: call, to: index)
        state.facts.pendingRegistrations.append(state.facts.registrations.remove(at: index))
    }

    @discardableResult
    private func append(
        _ call: FunctionCallExprSyntax, serviceType: String, name: String? = nil, nameKind: NameKind = .literal,
        implementations: [String]
    ) -> Int {
        let index = state.facts.registrations.count
        state.appendRegistration(
            RegistrationFact(
                registry: .ditranquillity, container: Self.containerName, serviceType: serviceType, name: name,
                lifetime: .graph, lifetimeDetail: DITranquillityLifetimes.defaultDetail, lifetimeIsDefault: true,
                implementationTypes: implementations, location: state.location(of: call),
                conditions: ConditionalCompilation.branches(of: call), nameKind: nameKind,
                containerInstance: ContainerReceiver.instance(of: call, state: state),
                scope: LocalBinding.scope(of: call, path: state.path)), at: call)
        state.facts.registrations[index].assembly = Self.enclosingPart(of: call)
        return index
    }

    // MARK: - Parts and frameworks

    /// Every metatype passed to a call (`append(part: P.self)`, `append(framework: F.self)`,
    /// `container.import(F.self)`, `[A.self, B.self].forEach { container.append(part: $0) }`): the
    /// parts and frameworks that can run. A part no call names is never appended, so its
    /// registrations duplicate nothing (see ``RegistrationFact/assembly``). Any metatype counts,
    /// so that a list passed on elsewhere keeps its parts: naming too many only keeps a duplicate.
    private func recordAppendedParts(_ call: FunctionCallExprSyntax) {
        for argument in call.arguments {
            let elements = argument.expression.as(ArrayExprSyntax.self).map { $0.elements.map(\.expression) } ?? [argument.expression]
            for element in elements {
                guard let type = ExpressionReading.metatype(element) else { continue }
                AssemblyConstructions.insert(type, state)
                if ["part", "framework"].contains(argument.label?.text) {
                    state.facts.appliedAssemblies.append(
                        AppliedAssemblyFact(type: type, registry: .ditranquillity, location: state.location(of: element)))
                }
            }
        }
    }

    /// The part or framework whose `static func load(container:)` holds a registration.
    static func enclosingPart(of node: some SyntaxProtocol) -> String? {
        var current = Syntax(node).parent
        while let n = current {
            if let function = n.as(FunctionDeclSyntax.self) {
                guard function.name.text == "load", function.modifiers.contains(where: { $0.name.text == "static" }),
                    function.signature.parameterClause.parameters.first?.firstName.text == "container"
                else { return nil }
                return TypeNaming.enclosingName(of: function)
            }
            current = n.parent
        }
        return nil
    }

    private func template(_ index: Int, _ node: some SyntaxProtocol, timing: Timing = .eager) -> RequestFact {
        RequestFact(
            requester: .registration(index), registry: .ditranquillity, type: .named(""), timing: timing,
            retained: timing == .eager, via: timing == .eager ? .initializer : .property, optional: false,
            location: state.location(of: node), conditions: ConditionalCompilation.branches(of: node),
            containerInstance: state.facts.registrations[index].containerInstance)
    }

    /// `{ Impl(a: $0, b: many($1)) }`: each anonymous parameter takes the type of the initializer
    /// parameter it is passed to; typed parameters (`{ (a: A) in … }`) say their type.
    private func recordClosureParameters(_ closure: ClosureExprSyntax, index: Int, call: FunctionCallExprSyntax) {
        if case .parameterClause(let clause)? = closure.signature?.parameterClause {
            for parameter in clause.parameters {
                guard let type = parameter.type else { continue }
                var request = template(index, parameter)
                request.type = .named(TypeName.unwrappingOptional(InitializerReading.parameterType(type)))
                state.facts.requests.append(request)
            }
            return
        }
        final class Finder: SyntaxVisitor {
            var found: [DeclReferenceExprSyntax] = []
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if case .dollarIdentifier = node.baseName.tokenKind { found.append(node) }
                return .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(closure.statements)
        for reference in finder.found {
            // `arg($0)`: a runtime argument the caller passes to `resolve(args:)`, not a dependency.
            if Self.wrappingCall(of: ExprSyntax(reference)).map(ExpressionReading.calledName) == "arg" { continue }
            var argument = ExprSyntax(reference)
            var wantsElements = false
            // `many($0)`: the call is what is passed on.
            if let many = reference.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                ExpressionReading.calledName(many) == "many"
            {
                argument = ExprSyntax(many)
                wantsElements = true
            }
            guard let site = ConstructorArgument.of(argument) else {
                state.unanalyzable(
                    "cannot tell which type `\(reference.baseName.text)` is: pass it straight to an initializer or write the closure's parameter types",
                    service: state.facts.registrations[index].serviceType, at: reference)
                continue
            }
            state.facts.initializerRequests.append(
                InitializerRequestFact(
                    type: site.type, labels: site.labels, parameters: .argument(index: site.index),
                    template: template(index, reference), through: site.through, wantsElements: wantsElements))
        }
    }

    private func applyChain(after call: FunctionCallExprSyntax, to index: Int) {
        let registration = state.facts.registrations[index]
        for modifier in SwinjectRegistrationExtractor.chainedCalls(after: call) {
            let args = modifier.call.arguments
            switch modifier.name {
            case "as":
                guard let type = args.first.flatMap({ ExpressionReading.metatype($0.expression) }) else { continue }
                if let name = args.first(labeled: "name")?.expression ?? args.first(labeled: "tag")?.expression {
                    let (text, kind) = DipExtractor.readTag(name, of: type, at: modifier.call, state: state)
                    let alias = append(
                        call, serviceType: type, name: text, nameKind: kind, implementations: registration.implementationTypes)
                    var request = template(alias, modifier.call)
                    request.type = .named(registration.serviceType)
                    request.via = .resolve
                    // The alias is the same component: never one of several a resolve finds.
                    request.collects = true
                    state.facts.requests.append(request)
                } else {
                    state.facts.registrations[index].forwardedTypes.append(type)
                }
            case "lifetime":
                guard let arg = args.first?.expression else { continue }
                state.facts.registrations[index].lifetimeIsDefault = false
                if let read = DITranquillityLifetimes.read(arg) {
                    state.facts.registrations[index].lifetime = read.lifetime
                    state.facts.registrations[index].lifetimeDetail = read.detail
                } else {
                    state.facts.registrations[index].lifetime = .unknown
                    state.facts.registrations[index].lifetimeDetail = arg.trimmedDescription
                    state.unanalyzable(
                        "lifetime `\(arg.trimmedDescription)` of `\(registration.serviceType)` is chosen at run time; lifetime unknown",
                        service: registration.serviceType, at: modifier.call)
                }
            case "injection":
                recordInjection(modifier.call, index: index)
            case "default", "test":
                // Chosen when several registrations answer a single resolve.
                state.facts.registrations[index].isPreferred = true
            default:
                continue
            }
        }
    }

    /// `.injection(\.logger)`, `.injection(cycle: true, \.parent)`, `.injection { $0.logger = $1 }`:
    /// a property set after the instance exists.
    private func recordInjection(_ call: FunctionCallExprSyntax, index: Int) {
        guard let owner = state.facts.registrations[index].implementationTypes.first else { return }
        var properties: [String] = []
        for arg in call.arguments {
            if let keyPath = arg.expression.as(KeyPathExprSyntax.self), keyPath.components.count == 1,
                case .property(let property)? = keyPath.components.first?.component
            {
                properties.append(property.declName.baseName.text)
            }
        }
        if let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self),
            properties.isEmpty
        {
            // `{ $0.logger = $1 }`
            for item in closure.statements {
                guard let sequence = item.item.as(SequenceExprSyntax.self) else { continue }
                let parts = Array(sequence.elements)
                guard parts.count == 3, parts[1].is(AssignmentExprSyntax.self),
                    let target = parts[0].as(MemberAccessExprSyntax.self), target.base?.trimmedDescription == "$0",
                    parts[2].trimmedDescription.hasPrefix("$")
                else { continue }
                properties.append(target.declName.baseName.text)
            }
        }
        // `.injection(\.a) { many($0) }` collects every registration; `{ arg($0) }` is a runtime
        // argument, no dependency.
        var collects = false
        if let modifier = call.trailingClosure, !properties.isEmpty, modifier.statements.count == 1,
            let only = modifier.statements.first?.item.as(FunctionCallExprSyntax.self)
        {
            switch ExpressionReading.calledName(only) {
            case "arg": return
            case "many": collects = true
            default: break
            }
        }
        for property in properties {
            var request = template(index, call, timing: .deferred)
            request.type = .storedProperty(owner: owner, property: property)
            request.retained = true
            request.collects = collects
            state.facts.requests.append(request)
        }
    }

    /// The call `expr` is an argument of: `many($0)`, `arg($0)`, `by(tag: T.self, on: container.resolve())`.
    static func wrappingCall(of expr: ExprSyntax) -> FunctionCallExprSyntax? {
        guard let argument = expr.parent?.as(LabeledExprSyntax.self), argument.parent?.as(LabeledExprListSyntax.self) != nil,
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return nil }
        return call
    }

    // MARK: - Requests

    private func recordResolve(_ call: FunctionCallExprSyntax, collects: Bool) {
        let context = SiteContext.of(call, in: state)
        var retained = context.retained
        if let closure = context.factoryClosure, retained { retained = KeptUse.isKept(call, in: closure) }
        var nameExpr = call.arguments.first(labeled: "name")?.expression ?? call.arguments.first(labeled: "tag")?.expression
        // `many(container.resolve())`, `by(tag: T.self, on: container.resolve())`: the outer call
        // says what is asked for and takes the context's type.
        var outer = call
        var collects = collects
        while let wrapper = Self.wrappingCall(of: ExprSyntax(outer)) {
            switch ExpressionReading.calledName(wrapper) {
            case "many": collects = true
            case "by":
                guard let tag = wrapper.arguments.first(labeled: "tag")?.expression else {
                    state.unanalyzable(
                        "cannot tell which tags `\(wrapper.trimmedDescription)` combines", service: nil, at: wrapper)
                    return
                }
                nameExpr = tag
            default:
                break
            }
            guard ["many", "by"].contains(ExpressionReading.calledName(wrapper)) else { break }
            outer = wrapper
        }
        let (name, nameKind) = DipExtractor.readTag(nameExpr, of: "", at: call, state: state)
        guard let type = ContextualType.of(outer, requester: context.requester) else {
            state.untypedResolve(
                "cannot tell which type `\(call.trimmedDescription)` resolves: annotate the variable it is assigned to", at: call)
            return
        }
        if ContextualType.isGenericParameter(type, at: outer) { return }
        state.facts.requests.append(
            RequestFact(
                requester: context.requester, registry: context.factory?.registry ?? .ditranquillity, type: type,
                name: name, timing: context.timing, retained: retained, via: .resolve,
                optional: ContextualType.isOptional(outer, requester: context.requester),
                location: state.location(of: call), conditions: ConditionalCompilation.branches(of: call), nameKind: nameKind,
                containerInstance: context.factory == nil ? ContainerReceiver.instance(of: call, state: state) : nil))
        state.facts.requests[state.facts.requests.count - 1].collects = collects
        state.facts.requests[state.facts.requests.count - 1].passedTo = KeptUse.initializerArgument(of: outer, kept: retained)
    }

}
