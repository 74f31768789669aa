import DigraphCore
import SwiftSyntax

/// `resolve(T.self…)` and `autoResolve()` sites, attributed to the registration whose factory
/// they are in, or to the type whose code they are in.
///
/// Registry: inside a factory, that registration's; `autoResolve()` and receivers named like a
/// locator (`ServiceLocator.shared`, `serviceLocator`) go to the service locator; Swinject-only
/// labels go to Swinject; anything else is satisfied by any type-keyed registry.
final class ResolveExtractor: SyntaxVisitor {
    private let state: ScanState

    init(state: ScanState) {
        self.state = state
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard !state.isClaimed(node), let resolve = ResolveCall(node) else { return .visitChildren }
        // `T.self` of a generic parameter, or `type.self` of a metatype parameter (JogTracker's
        // `push<T>(_ type: T.Type)`): the helper's callers choose the key, this is its plumbing.
        if case .resolve(let type) = resolve.kind, type.first?.isLowercase == true || TypeNaming.isPlumbing(type, at: node) {
            return .visitChildren
        }
        state.claim(node)
        let context = SiteContext.of(node, in: state)
        let registry = Self.registry(of: node, resolve, context)

        var requested: RequestedType
        switch resolve.kind {
        case .resolve(let type): requested = .named(type)
        case .autoResolve:
            guard let inferred = ContextualType.of(node, requester: context.requester) else {
                state.untypedResolve(
                    "cannot tell which type `\(node.trimmedDescription)` resolves: annotate the variable, property or parameter it is assigned to",
                    at: node)
                return .visitChildren
            }
            if ContextualType.isGenericParameter(inferred, at: node) { return .visitChildren }
            requested = inferred
        }

        var name: String?
        var nameKind = NameKind.literal
        if let nameExpr = NameReading.given(resolve.nameExpr) {
            let read = NameReading.read(nameExpr)
            name = read.kind == .dynamic ? ServiceID.dynamicName : read.text
            nameKind = read.kind
            if read.kind == .dynamic {
                state.unanalyzable(
                    "resolve name `\(nameExpr.trimmedDescription)` is computed at run time", service: nil, at: node)
            }
        }
        let forced = node.parent?.is(ForceUnwrapExprSyntax.self) == true || CrashOnNil.guards(node)
        let optional: Bool =
            registry == .serviceLocator ? (!forced && OptionalUse.isOptional(Syntax(node))) : !forced
        var timing = context.timing
        var retained = context.retained
        if let closure = context.factoryClosure, retained {
            retained = KeptUse.isKept(node, in: closure)
        }
        // In a factory, the container it is registered on, unless the call names another one
        // (ZeroWasteReminder's `main.register(X.self) { _ in remote.resolve(X.self)! }`); the
        // factory's own resolver parameter names none.
        let own = context.factory.flatMap { state.facts.registrations[$0.registrationIndex].containerInstance }
        let receiver = ContainerReceiver.instance(of: node, state: state)
        let instance: String? = context.factory == nil ? receiver : (receiver.flatMap { $0 == own ? nil : $0 } ?? own)
        if registry != .serviceLocator, case .named(let type) = requested, let wrapper = SwinjectDeferredWrappers.unwrap(type) {
            requested = .named(wrapper.type)
            timing = .deferred
            retained = retained && wrapper.keepsInstance
        }
        // A receiver named like a locator (`locator.resolve(X.self)`) says how the call behaves
        // (optional results), not which registry it reads: whatever registers on that receiver
        // satisfies it, Swinject included.
        let recorded = registry == .serviceLocator && !Self.isAutoResolve(resolve) && context.factory == nil ? .unspecified : registry
        var request = RequestFact(
            requester: context.requester, registry: recorded, type: requested, name: name,
            argumentTypes: resolve.argumentTypes, timing: timing, retained: retained,
            via: .resolve, optional: optional, location: state.location(of: node),
            conditions: ConditionalCompilation.branches(of: node), nameKind: nameKind,
            containerInstance: instance)
        request.passedTo = KeptUse.initializerArgument(of: node, kept: retained)
        state.facts.requests.append(request)
        return .visitChildren
    }

    private static func isAutoResolve(_ resolve: ResolveCall) -> Bool {
        if case .autoResolve = resolve.kind { return true }
        return false
    }

    private static func registry(of call: FunctionCallExprSyntax, _ resolve: ResolveCall, _ context: SiteContext) -> Registry {
        if let factory = context.factory { return factory.registry }
        if case .autoResolve = resolve.kind { return .serviceLocator }
        if resolve.usesSwinjectLabels { return .swinject }
        let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        if let root = ExpressionReading.rootName(receiver), root.lowercased().contains("locator") {
            return .serviceLocator
        }
        return .unspecified
    }
}

/// Whether a value is used in a way that tolerates nil: `x?.y`, `x ?? y`, `if let v = x`.
enum OptionalUse {
    static func isOptional(_ node: Syntax) -> Bool {
        guard let parent = node.parent else { return false }
        if parent.is(OptionalChainingExprSyntax.self) { return true }
        if let clause = parent.as(InitializerClauseSyntax.self), clause.parent?.is(OptionalBindingConditionSyntax.self) == true {
            return true
        }
        if let list = parent.as(ExprListSyntax.self) {
            let items = Array(list)
            if let i = items.firstIndex(where: { $0.id == node.id }), i + 1 < items.count,
                let op = items[i + 1].as(BinaryOperatorExprSyntax.self), op.operator.text == "??"
            {
                return true
            }
        }
        return false
    }
}
