import DigraphCore
import SwiftSyntax

/// SwinjectAutoregistration's `autoregister(P.self[, name:][, argument: A.self | arguments: A.self,
/// B.self], initializer: Impl.init)`: a Swinject registration whose factory resolves every
/// parameter of `Impl`'s initializer, except those a runtime argument of the same type supplies.
/// The initializer is usually declared in another file, so its parameters become an
/// ``InitializerRequestFact`` the linker finishes; the modifiers chained after it are Swinject's.
final class AutoregistrationExtractor {
    private let state: ScanState
    private let swinject: SwinjectRegistrationExtractor

    init(state: ScanState, swinject: SwinjectRegistrationExtractor) {
        self.state = state
        self.swinject = swinject
    }

    func visit(_ node: FunctionCallExprSyntax) {
        guard ExpressionReading.calledName(node) == "autoregister", let shape = Shape(node),
            !TypeNaming.isPlumbing(shape.serviceType, at: node)
        else { return }
        state.claim(node)
        record(node, shape)
    }

    /// The parts of an `autoregister` call; nil for anything else named `autoregister`.
    private struct Shape {
        var serviceType: String
        var nameExpr: ExprSyntax?
        var argumentTypes: [String] = []
        var initializer: ExprSyntax

        init?(_ call: FunctionCallExprSyntax) {
            let args = Array(call.arguments)
            guard let first = args.first, first.label == nil, let type = ExpressionReading.metatype(first.expression)
            else { return nil }
            serviceType = type
            var initializer: ExprSyntax?
            var collectingArguments = false
            for arg in args.dropFirst() {
                switch arg.label?.text {
                case "name": nameExpr = arg.expression
                case "argument", "arguments":
                    guard let argumentType = ExpressionReading.metatype(arg.expression) else { return nil }
                    argumentTypes = [argumentType]
                    collectingArguments = arg.label?.text == "arguments"
                    continue
                case nil where collectingArguments:
                    guard let argumentType = ExpressionReading.metatype(arg.expression) else { return nil }
                    argumentTypes.append(argumentType)
                    continue
                case "initializer": initializer = arg.expression
                default: return nil
                }
                collectingArguments = false
            }
            if let trailing = call.trailingClosure {
                guard initializer == nil else { return nil }
                initializer = ExprSyntax(trailing)
            }
            guard let initializer else { return nil }
            self.initializer = initializer
        }
    }

    private func record(_ call: FunctionCallExprSyntax, _ shape: Shape) {
        let (name, nameKind) = NameReading.registrationName(
            shape.nameExpr, serviceType: shape.serviceType, at: call, state: state)
        let index = state.facts.registrations.count
        let location = state.location(of: call)
        let instance = ContainerReceiver.instance(of: call, state: state)
        let dependencies = Dependencies(shape.initializer)
        state.appendRegistration(
            RegistrationFact(
                registry: .swinject, container: SwinjectRegistrationExtractor.containerName,
                serviceType: shape.serviceType, name: name, argumentTypes: shape.argumentTypes, lifetime: .graph,
                lifetimeDetail: SwinjectScope.defaultDetail, lifetimeIsDefault: true,
                implementationTypes: dependencies.implementations, location: location,
                conditions: ConditionalCompilation.branches(of: call), nameKind: nameKind, containerInstance: instance,
                scope: LocalBinding.scope(of: call, path: state.path)),
            at: call)
        let template = RequestFact(
            requester: .registration(index), registry: .swinject, type: .named(""), timing: .eager, retained: true,
            via: .initializer, optional: false, location: location, conditions: ConditionalCompilation.branches(of: call),
            containerInstance: instance)
        switch dependencies.kind {
        case .initializer(let type, let labels):
            state.facts.initializerRequests.append(
                InitializerRequestFact(
                    type: type, labels: labels, parameters: .all(suppliedTypes: shape.argumentTypes), template: template))
        case .closureParameters(let types):
            var supplied = shape.argumentTypes
            for type in types {
                if let i = supplied.firstIndex(of: type) {
                    supplied.remove(at: i)
                    continue
                }
                var request = template
                request.type = .named(TypeName.unwrappingOptional(type))
                request.optional = TypeName.unwrappingOptional(type) != type
                state.facts.requests.append(request)
            }
        case .unreadable(let spelling):
            state.unanalyzable(
                "cannot tell what `\(spelling)` resolves: `autoregister` reads the dependencies of an initializer (`Impl.init`) or of a closure with typed parameters",
                service: shape.serviceType, at: shape.initializer)
        }
        for modifier in SwinjectRegistrationExtractor.chainedCalls(after: call) { swinject.apply(modifier, to: index) }
    }

    /// What the `initializer:` argument says about the dependencies.
    private struct Dependencies {
        enum Kind {
            /// `Impl.init`, `Impl.init(a:b:)`: the initializer's parameters, read by the linker.
            case initializer(type: String, labels: [String?]?)
            /// `{ (a: A, b: B) in Impl(a: a, b: b) }`: the closure's parameters.
            case closureParameters([String])
            case unreadable(String)
        }

        var kind: Kind
        var implementations: [String] = []

        init(_ expr: ExprSyntax) {
            if let member = expr.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
                let type = ExpressionReading.initReference(expr)
            {
                let labels = member.declName.argumentNames.map { names in
                    names.arguments.map { $0.name.tokenKind == .wildcard ? nil : $0.name.text }
                }
                kind = .initializer(type: type, labels: labels)
                implementations = [type]
                return
            }
            guard let closure = expr.as(ClosureExprSyntax.self) else {
                kind = .unreadable(expr.trimmedDescription)
                return
            }
            implementations = FactoryProduct.read(closure).implementations
            switch closure.signature?.parameterClause {
            case nil:
                // `{ Impl() }` takes nothing; `{ Impl(a: $0) }` takes what `$0` is, unwritten.
                kind = Self.usesAnonymousParameters(closure) ? .unreadable(expr.trimmedDescription) : .closureParameters([])
            case .simpleInput(let names):
                kind = names.isEmpty ? .closureParameters([]) : .unreadable(expr.trimmedDescription)
            case .parameterClause(let clause):
                let types = clause.parameters.map { $0.type.map { InitializerReading.parameterType($0) } }
                kind = types.contains(nil) ? .unreadable(expr.trimmedDescription) : .closureParameters(types.compactMap { $0 })
            }
        }

        private static func usesAnonymousParameters(_ closure: ClosureExprSyntax) -> Bool {
            final class Finder: SyntaxVisitor {
                var found = false
                override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                    if case .dollarIdentifier = node.baseName.tokenKind { found = true }
                    return .visitChildren
                }
                override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            }
            let finder = Finder(viewMode: .sourceAccurate)
            finder.walk(closure.statements)
            return finder.found
        }
    }
}
