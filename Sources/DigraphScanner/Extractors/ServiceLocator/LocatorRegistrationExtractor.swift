import DigraphCore
import SwiftSyntax

/// The seed's hand-written service locator: `register(instance: x, forMetaType: T.self)` (a
/// singleton) and `register(factory: { resolver in … } | Type.init, forMetaType: T.self)`.
///
/// The locator's own generic plumbing (`self.register(factory: { _ in factory() }, forMetaType:
/// metaType)`, or `T.self` for a generic `T`) names no service and is skipped.
final class LocatorRegistrationExtractor: SyntaxVisitor {
    static let containerName = "service-locator"
    private let state: ScanState

    init(state: ScanState) {
        self.state = state
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard state.calledName(node) == "register" else { return .visitChildren }
        let args = node.arguments
        guard args.count == 2, let metaArg = args.first(labeled: "forMetaType"),
            let serviceType = ExpressionReading.metatype(metaArg.expression),
            !TypeNaming.isGenericParameter(serviceType, at: node)
        else { return .visitChildren }

        state.claim(node)
        let index = state.facts.registrations.count
        if let instance = args.first(labeled: "instance") {
            let implementation = Self.instanceType(instance.expression)
            append(
                serviceType: serviceType, lifetime: .singleton, detail: "instance",
                implementations: implementation.map { [$0] } ?? [], at: node)
        } else if let factory = args.first(labeled: "factory") {
            var implementations: [String] = []
            if let closure = factory.expression.as(ClosureExprSyntax.self) {
                implementations = FactoryProduct.read(closure, keyedBy: serviceType).implementations
                state.markFactory(closure, registration: index, registry: .serviceLocator, isCompletion: false)
            } else if let type = ExpressionReading.initReference(factory.expression) {
                implementations = [type]
            }
            // "factory" is settled by the linker from how the project's locator caches results.
            append(
                serviceType: serviceType, lifetime: .weak, detail: "factory",
                implementations: Array(Set(implementations)).sorted(), at: node)
            if let name = ExpressionReading.calledName(node),
                let metatypeIndex = args.firstIndex(where: { $0.label?.text == "forMetaType" })
            {
                state.facts.provisionalLocatorCalls.append(
                    ProvisionalLocatorCallFact(
                        shape: LocatorCallShape(
                            name: name, labels: args.map { $0.label?.text },
                            metatypeArgument: args.distance(from: args.startIndex, to: metatypeIndex)),
                        kind: .knownRegistration(index: index), fallbackRequester: .root))
            }
        }
        return .visitChildren
    }

    private func append(
        serviceType: String, lifetime: Lifetime, detail: String, implementations: [String], at node: FunctionCallExprSyntax
    ) {
        state.appendRegistration(
            RegistrationFact(
                registry: .serviceLocator, container: Self.containerName, serviceType: serviceType,
                lifetime: lifetime, lifetimeDetail: detail, implementationTypes: implementations,
                location: state.location(of: node), conditions: ConditionalCompilation.branches(of: node),
                scope: LocalBinding.scope(of: node, path: state.path)), at: node)
    }

    /// `URLSession.shared` -> `URLSession`; `Foo()` -> `Foo`.
    private static func instanceType(_ expr: ExprSyntax) -> String? {
        if let constructed = ExpressionReading.constructedType(expr) { return constructed }
        if let member = expr.as(MemberAccessExprSyntax.self),
            DeclarationCollector.isSharedMemberName(member.declName.baseName.text),
            let base = member.base, base.trimmedDescription.startsUppercase
        {
            return TypeName.normalize(base.trimmedDescription)
        }
        return nil
    }
}
