import DigraphCore
import SwiftSyntax

/// Resolver's registrations, in files that import Resolver: `register { Impl() }` keyed by what
/// the closure returns (`Impl() as P`, `{ () -> P in … }`, the returns of a longer body),
/// `register(P.self[, name:]) { … }`, on `Resolver`, `Resolver.main`, a child container or bare
/// inside `extension Resolver`; then the chained `.implements(P.self[, name:])`, `.scope(…)` and
/// `.resolveProperties { … }`. Also `Resolver.defaultScope = …`.
final class ResolverRegistrationExtractor {
    static let containerName = "resolver"
    private let state: ScanState

    init(state: ScanState) { self.state = state }

    func visit(_ node: FunctionCallExprSyntax) {
        if ExpressionReading.calledName(node) == "register", let shape = Shape(node) {
            state.claim(node)
            if !shape.isPlumbing { record(node, shape) }
        } else {
            ResolverContainers.recordCreation(node, state: state)
        }
    }

    private struct Shape {
        var serviceType: String?
        var nameExpr: ExprSyntax?
        var factory: ExprSyntax
        /// `register(type.self) { … }` with a metatype parameter: the library's own plumbing.
        var isPlumbing = false
        /// `register(typeOf, name: name) { typeOf.init() }` with `let typeOf = type(of: instance)`
        /// (Schuylkill's own `register(instance:)`): the key is a type known only at run time.
        var typeIsRuntime = false

        init?(_ call: FunctionCallExprSyntax) {
            var factory: ExprSyntax?
            for (i, arg) in call.arguments.enumerated() {
                switch arg.label?.text {
                case nil where i == 0:
                    guard let type = ExpressionReading.metatype(arg.expression) else {
                        // A value, not a closure or a literal: a metatype held in a variable.
                        guard arg.expression.is(DeclReferenceExprSyntax.self) || arg.expression.is(MemberAccessExprSyntax.self)
                        else { return nil }
                        typeIsRuntime = true
                        continue
                    }
                    serviceType = type
                    isPlumbing = TypeNaming.isPlumbing(type, at: arg)
                case "name": nameExpr = arg.expression
                case "factory": factory = arg.expression
                default: return nil
                }
            }
            if let trailing = call.trailingClosure {
                guard factory == nil else { return nil }
                factory = ExprSyntax(trailing)
            }
            guard let factory else { return nil }
            self.factory = factory
        }
    }

    private func record(_ call: FunctionCallExprSyntax, _ shape: Shape) {
        if shape.typeIsRuntime {
            let readName = NameReading.given(shape.nameExpr).map(NameReading.read)
            state.unanalyzable(
                "cannot tell which type `register(…)` registers: its type is a value known only at run time",
                service: nil, at: call,
                opens: OpenKeys(
                    registry: .resolver, name: readName.map { $0.kind == .dynamic ? nil : $0.text } ?? nil,
                    anyName: readName?.kind == .dynamic))
            return
        }
        let closure = shape.factory.as(ClosureExprSyntax.self)
        let product = closure.map { FactoryProduct.read($0, keyedBy: shape.serviceType) }
        guard let serviceType = shape.serviceType ?? product?.serviceType else {
            let readName = NameReading.given(shape.nameExpr).map(NameReading.read)
            state.unanalyzable(
                "cannot tell which type `register { … }` registers: its results differ or are not constructions; write `register(P.self) { … }` or `{ () -> P in … }`",
                service: nil, at: call,
                opens: OpenKeys(
                    registry: .resolver, name: readName?.kind == .dynamic ? nil : readName?.text,
                    anyName: readName?.kind == .dynamic, functionTypesOnly: product?.buildsClosure == true))
            // A closure registered as a value is a function type: no type it names is its key.
            if product?.buildsClosure == true { return }
            if let nameExpr = NameReading.given(shape.nameExpr) {
                let read = NameReading.read(nameExpr)
                if read.kind != .dynamic {
                    state.facts.untypedRegistrations.append(
                        UntypedRegistrationFact(registry: .resolver, name: read.text, location: state.location(of: call)))
                }
            } else if let closure {
                state.facts.untypedRegistrations.append(
                    UntypedRegistrationFact(
                        registry: .resolver, name: nil, mentionedTypes: Self.typeNames(in: closure),
                        location: state.location(of: call)))
                // `register { ComingScreenBuilder.build() }`: the link may type it from `build()`.
                // Only a scope or `.implements` chained: nothing else points at the registration.
                let chain = SwinjectRegistrationExtractor.chainedCalls(after: call)
                if let token = product?.staticProductToken, chain.allSatisfy({ $0.name == "scope" || $0.name == "implements" })
                {
                    let index = append(serviceType: token, name: nil, nameKind: .literal, implementations: [token], at: call)
                    for modifier in chain { apply(modifier, to: index) }
                    state.facts.pendingRegistrations.append(state.facts.registrations.removeLast())
                }
            }
            return
        }
        if TypeNaming.isGenericParameter(serviceType, at: call) { return }
        let (name, nameKind) = readName(shape.nameExpr, of: serviceType, at: call)
        var implementations = product?.implementations ?? []
        if closure == nil, let type = ExpressionReading.initReference(shape.factory) { implementations = [type] }
        let index = append(
            serviceType: serviceType, name: name, nameKind: nameKind, implementations: implementations, at: call)
        if let closure {
            state.markFactory(closure, registration: index, registry: .resolver, isCompletion: false)
            if shape.serviceType == nil { state.noteGenericConstruction(closure, registers: serviceType, at: call) }
        }
        for modifier in SwinjectRegistrationExtractor.chainedCalls(after: call) { apply(modifier, to: index) }
        if let closure { FactoryProduct.readLifetime(of: closure, into: &state.facts.registrations[index]) }
    }

    /// Capitalised names the closure spells (`Firestore` of `Firestore.firestore()`), sorted.
    static func typeNames(in closure: ClosureExprSyntax) -> [String] {
        final class Names: SyntaxVisitor {
            var found: Set<String> = []
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if node.baseName.text.startsUppercase { found.insert(node.baseName.text) }
                return .visitChildren
            }
            override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
                found.insert(node.name.text)
                return .visitChildren
            }
        }
        let names = Names(viewMode: .sourceAccurate)
        names.walk(closure)
        return names.found.sorted()
    }

    private func append(
        serviceType: String, name: String?, nameKind: NameKind, implementations: [String], at call: FunctionCallExprSyntax
    ) -> Int {
        let index = state.facts.registrations.count
        state.appendRegistration(
            RegistrationFact(
                registry: .resolver, container: Self.containerName, serviceType: serviceType, name: name,
                lifetime: .graph, lifetimeDetail: ResolverScopes.defaultDetail, lifetimeIsDefault: true,
                implementationTypes: Array(Set(implementations)).sorted(), location: state.location(of: call),
                conditions: ConditionalCompilation.branches(of: call), nameKind: nameKind,
                containerInstance: ResolverContainers.instance(of: call, state: state),
                scope: LocalBinding.scope(of: call, path: state.path)), at: call)
        return index
    }

    private func readName(_ expr: ExprSyntax?, of serviceType: String, at node: some SyntaxProtocol) -> (String?, NameKind) {
        guard let expr = NameReading.given(expr) else { return (nil, .literal) }
        let read = NameReading.read(expr)
        if read.kind == .dynamic {
            state.unanalyzable(
                "registration name `\(expr.trimmedDescription)` of `\(serviceType)` is computed at run time",
                service: serviceType, at: node)
            return (ServiceID.dynamicName, .dynamic)
        }
        return (read.text, read.kind)
    }

    private func apply(_ modifier: SwinjectRegistrationExtractor.ChainedCall, to index: Int) {
        let registration = state.facts.registrations[index]
        switch modifier.name {
        case "scope":
            guard let arg = modifier.call.arguments.first?.expression else { return }
            state.facts.registrations[index].lifetimeIsDefault = false
            if let scope = ResolverScopes.read(arg) {
                state.facts.registrations[index].lifetime = scope.lifetime
                state.facts.registrations[index].lifetimeDetail = scope.detail
            } else {
                state.facts.registrations[index].lifetime = .unknown
                state.facts.registrations[index].lifetimeDetail = arg.trimmedDescription
                state.unanalyzable(
                    "scope `\(arg.trimmedDescription)` of `\(registration.serviceType)` is chosen at run time; lifetime unknown",
                    service: registration.serviceType, at: modifier.call)
            }
        case "implements":
            guard let first = modifier.call.arguments.first, first.label == nil,
                let type = ExpressionReading.metatype(first.expression)
            else { return }
            if let nameExpr = modifier.call.arguments.first(labeled: "name")?.expression {
                implementsNamed(type, nameExpr, forwardingTo: registration, at: modifier.call)
            } else {
                state.facts.registrations[index].forwardedTypes.append(type)
            }
        case "resolveProperties":
            if let closure = modifier.call.trailingClosure
                ?? modifier.call.arguments.first?.expression.as(ClosureExprSyntax.self)
            {
                // Runs on the built instance: what it resolves is property injection, after init.
                state.markFactory(closure, registration: index, registry: .resolver, isCompletion: true)
            }
        default:
            return
        }
    }

    /// `.implements(P.self, name: .x)` registers `P#x` with a factory resolving the service.
    private func implementsNamed(
        _ type: String, _ nameExpr: ExprSyntax, forwardingTo service: RegistrationFact, at call: FunctionCallExprSyntax
    ) {
        let (name, nameKind) = readName(nameExpr, of: type, at: call)
        let index = append(
            serviceType: type, name: name, nameKind: nameKind, implementations: service.implementationTypes, at: call)
        state.facts.requests.append(
            RequestFact(
                requester: .registration(index), registry: .resolver, type: .named(service.serviceType),
                name: service.name, timing: .eager, retained: true, via: .resolve, optional: false,
                location: state.location(of: call), conditions: ConditionalCompilation.branches(of: call),
                nameKind: service.nameKind, containerInstance: service.containerInstance))
    }

    /// `Resolver.defaultScope = .application`, or `defaultScope = …` inside `extension Resolver`.
    func visit(_ node: SequenceExprSyntax) {
        let items = Array(node.elements)
        guard items.count == 3, items[1].is(AssignmentExprSyntax.self) else { return }
        let target = items[0].trimmedDescription
        guard target == "Resolver.defaultScope" || target == "defaultScope" && Self.isInResolverExtension(node) else { return }
        let scope = ResolverScopes.read(items[2])
        state.facts.defaultLifetimes.append(
            DefaultLifetimeFact(
                registry: .resolver, lifetime: scope?.lifetime, detail: scope?.detail ?? items[2].trimmedDescription,
                location: state.location(of: node)))
    }

    private static func isInResolverExtension(_ node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let n = current {
            if let ext = n.as(ExtensionDeclSyntax.self) { return ext.extendedType.trimmedDescription == "Resolver" }
            current = n.parent
        }
        return false
    }
}
