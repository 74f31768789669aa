import DigraphCore
import SwiftSyntax

/// Resolver's requests, in files that import Resolver: `resolve(P.self[, name:][, args:])`,
/// `optional(…)` (tolerates absence), and `resolve()` typed from context the way the compiler
/// infers it: an annotation, the stored property it is assigned to, a return type, or the
/// parameter of the initializer it is passed to (`Impl(session: resolve())`, read by the linker
/// from wherever `Impl` is declared). Also the property wrappers: `@Injected` and
/// `@OptionalInjected` resolve when their owner is built (eager), `@LazyInjected` on first use
/// (deferred), `@WeakLazyInjected` on first use without keeping the instance.
final class ResolverRequestExtractor {
    private let state: ScanState

    init(state: ScanState) { self.state = state }

    func visit(_ node: FunctionCallExprSyntax) {
        guard let call = Call(node) else { return }
        state.claim(node)
        let context = SiteContext.of(node, in: state)
        var retained = context.retained
        if let closure = context.factoryClosure, retained { retained = KeptUse.isKept(node, in: closure) }
        let (name, nameKind) = readName(call.nameExpr, at: node)
        let instance =
            context.factory != nil
            ? context.factory.flatMap { state.facts.registrations[$0.registrationIndex].containerInstance }
            : ResolverContainers.instance(of: node, state: state)
        var template = RequestFact(
            requester: context.requester, registry: context.factory?.registry ?? .resolver, type: .named(""), name: name,
            timing: context.timing, retained: retained, via: .resolve, optional: call.isOptional,
            location: state.location(of: node), conditions: ConditionalCompilation.branches(of: node),
            nameKind: nameKind, containerInstance: instance)
        template.passedTo = KeptUse.initializerArgument(of: node, kept: retained)
        if let type = call.type {
            // `type.self` of a metatype parameter, `T.self` of a generic one: the helper's plumbing.
            if type.first?.isLowercase == true || TypeNaming.isPlumbing(type, at: node) { return }
            template.type = .named(type)
        } else if let inferred = ContextualType.of(node, requester: context.requester) {
            if ContextualType.isGenericParameter(inferred, at: node) { return }
            template.type = inferred
        } else if let site = ConstructorArgument.of(node) {
            state.facts.initializerRequests.append(
                InitializerRequestFact(
                    type: site.type, labels: site.labels, parameters: .argument(index: site.index), template: template,
                    through: site.through))
            return
        } else {
            state.untypedResolve(
                "cannot tell which type `\(node.trimmedDescription)` resolves: annotate the variable, property or parameter it is assigned to",
                at: node)
            return
        }
        state.facts.requests.append(template)
    }

    /// `resolve(…)` or `optional(…)` with Resolver's labels; nil for anything else.
    private struct Call {
        var type: String?
        var nameExpr: ExprSyntax?
        var isOptional: Bool

        init?(_ call: FunctionCallExprSyntax) {
            guard call.trailingClosure == nil else { return nil }
            switch ExpressionReading.calledName(call) {
            case "resolve": isOptional = false
            case "optional":
                // `args.optional()` reads a runtime argument; only a container's `optional` resolves.
                guard Self.isOnContainer(call) else { return nil }
                isOptional = true
            default: return nil
            }
            for (i, arg) in call.arguments.enumerated() {
                switch arg.label?.text {
                case nil where i == 0:
                    guard let type = ExpressionReading.metatype(arg.expression) else { return nil }
                    self.type = type
                case "name": nameExpr = arg.expression
                case "args": continue
                default: return nil
                }
            }
        }

        private static func isOnContainer(_ call: FunctionCallExprSyntax) -> Bool {
            guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else {
                return call.calledExpression.is(DeclReferenceExprSyntax.self)
            }
            let root = ExpressionReading.rootName(base) ?? ""
            return root == "Resolver" || root.lowercased().hasSuffix("resolver") || root.lowercased().hasSuffix("container")
        }
    }

    private func readName(_ expr: ExprSyntax?, at node: some SyntaxProtocol) -> (String?, NameKind) {
        guard let expr = NameReading.given(expr) else { return (nil, .literal) }
        let read = NameReading.read(expr)
        if read.kind == .dynamic {
            state.unanalyzable("resolve name `\(expr.trimmedDescription)` is computed at run time", service: nil, at: node)
            return (ServiceID.dynamicName, .dynamic)
        }
        return (read.text, read.kind)
    }

    // MARK: - Property wrappers

    private struct Wrapper {
        var timing: Timing
        var retained: Bool
        var optional: Bool
    }

    private static let wrappers: [String: Wrapper] = [
        "Injected": Wrapper(timing: .eager, retained: true, optional: false),
        "InjectedObject": Wrapper(timing: .eager, retained: true, optional: false),
        "OptionalInjected": Wrapper(timing: .eager, retained: true, optional: true),
        "LazyInjected": Wrapper(timing: .deferred, retained: true, optional: false),
        "WeakLazyInjected": Wrapper(timing: .deferred, retained: false, optional: false),
    ]

    /// Resolver's wrappers take no argument or `name:`/`container:`/`args:`; Factory's `@Injected(\.x)`
    /// takes a key path and is not Resolver's.
    func visit(_ node: VariableDeclSyntax) {
        for element in node.attributes {
            guard let attribute = element.as(AttributeSyntax.self),
                let wrapper = Self.wrappers[attribute.attributeName.trimmedDescription]
            else { continue }
            let arguments: [LabeledExprSyntax]
            switch attribute.arguments {
            case nil: arguments = []
            case .argumentList(let list)?: arguments = Array(list)
            default: continue
            }
            guard arguments.allSatisfy({ ["name", "container", "args"].contains($0.label?.text ?? "") }) else { continue }
            record(node, attribute, wrapper, arguments)
        }
    }

    private func record(_ node: VariableDeclSyntax, _ attribute: AttributeSyntax, _ wrapper: Wrapper, _ arguments: [LabeledExprSyntax]) {
        let context = SiteContext.of(node, in: state)
        let (name, nameKind) = readName(arguments.first { $0.label?.text == "name" }?.expression, at: attribute)
        let instance = arguments.first { $0.label?.text == "container" }.flatMap {
            ResolverContainers.instance(named: $0.expression, state: state)
        }
        for binding in node.bindings {
            guard let ident = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            guard let annotation = binding.typeAnnotation else {
                state.unanalyzable(
                    "`@\(attribute.attributeName.trimmedDescription) var \(ident.identifier.text)` has no type annotation",
                    service: nil, at: ident)
                continue
            }
            let written = TypeName.normalize(annotation.type.trimmedDescription)
            state.facts.requests.append(
                RequestFact(
                    requester: context.requester, registry: .resolver, type: .named(TypeName.unwrappingOptional(written)),
                    name: name, timing: wrapper.timing, retained: wrapper.retained, via: .propertyWrapper,
                    optional: wrapper.optional, location: state.location(of: ident),
                    conditions: ConditionalCompilation.branches(of: node), nameKind: nameKind, containerInstance: instance))
        }
    }
}
