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
        guard ExpressionReading.calledName(node) == "register", let shape = Shape(node) else { return .visitChildren }
        guard !TypeNaming.isGenericParameter(shape.serviceType, at: node) else { return .visitChildren }
        record(node, shape)
        return .visitChildren
    }

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

    private func record(_ call: FunctionCallExprSyntax, _ shape: Shape) {
        var name: String?
        if let nameExpr = shape.nameExpr {
            if let literal = ExpressionReading.stringLiteral(nameExpr) {
                name = literal
            } else {
                name = ServiceID.dynamicName
                state.unanalyzable(
                    "registration name `\(nameExpr.trimmedDescription)` of `\(shape.serviceType)` is not a string literal",
                    service: shape.serviceType, at: call)
            }
        }
        let arguments = shape.factory.map(Self.runtimeArgumentTypes) ?? []
        var implementations: [String] = []
        if let factory = shape.factory {
            implementations = ExpressionReading.results(of: factory).compactMap(ExpressionReading.constructedType)
        }
        var lifetime = Lifetime.graph
        var detail = SwinjectScope.defaultDetail
        var isDefault = true
        var forwarded: [String] = []
        var completions: [ClosureExprSyntax] = []
        for modifier in Self.chainedCalls(after: call) {
            switch modifier.name {
            case "inObjectScope":
                guard let arg = modifier.call.arguments.first?.expression else { continue }
                isDefault = false
                if let scope = SwinjectScope.read(arg) {
                    (lifetime, detail) = scope
                } else {
                    (lifetime, detail) = (.unknown, arg.trimmedDescription)
                    state.unanalyzable(
                        "scope `\(arg.trimmedDescription)` of `\(shape.serviceType)` is chosen at run time; lifetime unknown",
                        service: shape.serviceType, at: call)
                }
            case "initCompleted":
                if let closure = modifier.call.trailingClosure ?? modifier.call.arguments.first?.expression.as(ClosureExprSyntax.self) {
                    completions.append(closure)
                }
            case "implements":
                forwarded += modifier.call.arguments.compactMap { ExpressionReading.metatype($0.expression) }
            default: continue
            }
        }
        let index = state.facts.registrations.count
        state.facts.registrations.append(
            RegistrationFact(
                registry: .swinject, container: Self.containerName, serviceType: shape.serviceType, name: name,
                argumentTypes: arguments, lifetime: lifetime, lifetimeDetail: detail, lifetimeIsDefault: isDefault,
                implementationTypes: Array(Set(implementations)).sorted(), forwardedTypes: forwarded,
                location: state.location(of: call), conditions: ConditionalCompilation.branches(of: call)))
        if let factory = shape.factory {
            state.markFactory(factory, registration: index, registry: .swinject, isCompletion: false)
        }
        for completion in completions {
            state.markFactory(completion, registration: index, registry: .swinject, isCompletion: true)
        }
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
