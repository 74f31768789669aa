import DigraphCore
import SwiftSyntax

/// Uses of Factory library services:
///
/// - calls: `Container.shared.api()`, `self.api()` / `api()` inside a factory closure,
///   `DemoContainer.shared.search("q")`, `.resolve()`, 1.x `Container.api()`, the global
///   `resolve(\.api)` / `resolve(\DemoContainer.api)`;
/// - property wrappers: `@Injected(\.api)` and `@InjectedObject` / `@InjectedObservable` (resolved
///   when the owner is initialised: eager), `@LazyInjected` / `@WeakLazyInjected` (on first
///   access: deferred), `@DynamicInjected` (on every access: deferred, and nothing is kept),
///   `@Injected(\DemoContainer.api)`, 1.x `@Injected(Container.api)`;
/// - overrides: `Container.shared.api.register { Mock() }`, `api.register { … }` in
///   `autoRegister()`: what makes a `promised()` service safe.
///
/// A call whose member is not a Factory service in the scanned code is dropped by the linker, so
/// `URLSession.shared.dataTask(…)` costs a fact and never becomes an edge.
final class FactoryRequestExtractor {
    private let state: ScanState

    static let eagerWrappers: Set<String> = ["Injected", "InjectedObject", "InjectedObservable", "InjectedType"]
    static let deferredWrappers: Set<String> = ["LazyInjected", "WeakLazyInjected", "DynamicInjected"]
    /// Wrappers that hold no instance: weakly, or resolved anew on each access.
    static let unkeptWrappers: Set<String> = ["WeakLazyInjected", "DynamicInjected"]
    /// `Container` and the protocol every container conforms to: owners a Factory call can have.
    static let containerProtocols: Set<String> = ["SharedContainer", "ManagedContainer"]
    static let overrideMethods: Set<String> = ["register", "onTest", "onPreview", "onDebug", "onArg", "onArgs"]

    init(state: ScanState) { self.state = state }

    // MARK: - Calls

    func visit(_ call: FunctionCallExprSyntax) {
        // Factory's global `resolve(\.api)`, `resolve(\DemoContainer.api)`: the container's shared
        // instance asked for that service.
        if let function = call.calledExpression.as(DeclReferenceExprSyntax.self), function.baseName.text == "resolve",
            call.arguments.count == 1, call.trailingClosure == nil, let only = call.arguments.first, only.label == nil,
            let keyPath = only.expression.as(KeyPathExprSyntax.self), let target = Self.keyPathTarget(keyPath)
        {
            request(target, at: call)
            return
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            if Self.overrideMethods.contains(name), let target = reference(base) {
                let implementations = FactoryShape.closures(of: call).flatMap(ExpressionReading.results(of:))
                    .compactMap(ExpressionReading.constructedType)
                if name == "register" {
                    state.facts.members.assignments.append(
                        MemberAssignmentFact(
                            registry: .factory, owner: target.owner, property: target.property,
                            implementationTypes: Array(Set(implementations)).sorted(), location: state.location(of: call)))
                }
                return
            }
            if name == "resolve" || name == "callAsFunction", let target = reference(base) {
                request(target, at: call)
                return
            }
        }
        guard call.trailingClosure == nil, let target = reference(call.calledExpression) else { return }
        request(target, at: call)
    }

    private func request(_ target: Reference, at call: FunctionCallExprSyntax) {
        var context = SiteContext.of(call, in: state)
        // A container's own methods (setup, `autoRegister`) are its composition root, not a consumer.
        if case .type = context.requester, context.factoryClosure == nil, containerOwner(around: call) != nil {
            context.requester = .root
        }
        var retained = context.retained
        if let closure = context.factoryClosure, retained { retained = KeptUse.isKept(call, in: closure) }
        state.facts.members.requests.append(
            MemberRequestFact(
                requester: context.requester, registry: .factory, owner: target.owner, property: target.property,
                timing: context.timing, retained: retained, via: context.positionalVia ?? .resolve,
                location: state.location(of: call), conditions: ConditionalCompilation.branches(of: call)))
    }

    struct Reference {
        var owner: String
        var property: String
    }

    /// `Container.shared.api`, `self.api` / `api` in a container, 1.x `Container.api`.
    private func reference(_ expr: ExprSyntax) -> Reference? {
        if let ref = expr.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            guard name.startsLowercase, let owner = containerOwner(around: expr) else { return nil }
            return Reference(owner: owner, property: name)
        }
        guard let member = expr.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        let property = member.declName.baseName.text
        guard property.startsLowercase else { return nil }
        if let ref = base.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            if name == "self" { return containerOwner(around: expr).map { Reference(owner: $0, property: property) } }
            // 1.x statics: `Container.api()`.
            if name.startsUppercase { return Reference(owner: name, property: property) }
            // `factory.loginScreen()` with `@Injected(\.factory) var factory` serving the container
            // itself: the linker reads which container the service `factory` builds.
            if state.mentionsInjected, let served = Self.wrappedService(name, around: expr) {
                return Reference(owner: MemberRequestFact.servedContainerMarker + served.owner + "." + served.property, property: property)
            }
            return nil
        }
        // `Container.shared.api`, `DemoContainer.shared.api`.
        if let shared = base.as(MemberAccessExprSyntax.self), shared.declName.baseName.text == "shared",
            let root = shared.base?.as(DeclReferenceExprSyntax.self), root.baseName.text.startsUppercase
        {
            return Reference(owner: root.baseName.text, property: property)
        }
        return nil
    }

    /// The container whose members an implicit or explicit `self` reaches: the service whose
    /// factory closure encloses the expression, else a container type or extension around it.
    private func containerOwner(around expr: some SyntaxProtocol) -> String? {
        var current = Syntax(expr).parent
        while let n = current {
            if let closure = n.as(ClosureExprSyntax.self), let member = state.memberClosure(for: closure) {
                return Self.owner(ofServiceID: member.serviceID)
            }
            if let name = TypeNaming.declaredName(of: n) { return isContainer(n, named: name) ? name : nil }
            current = n.parent
        }
        return nil
    }

    private func isContainer(_ decl: Syntax, named name: String) -> Bool {
        if name == "Container" || Self.containerProtocols.contains(name) { return true }
        let inherited: InheritanceClauseSyntax?
        if let c = decl.as(ClassDeclSyntax.self) {
            inherited = c.inheritanceClause
        } else if let s = decl.as(StructDeclSyntax.self) {
            inherited = s.inheritanceClause
        } else if let e = decl.as(ExtensionDeclSyntax.self) {
            inherited = e.inheritanceClause
        } else {
            inherited = nil
        }
        if inherited?.inheritedTypes.contains(where: { Self.containerProtocols.contains($0.type.trimmedDescription) }) == true {
            return true
        }
        // An extension of a custom container declared in another file.
        return decl.is(ExtensionDeclSyntax.self) && name.hasSuffix("Container")
    }

    static func owner(ofServiceID id: String) -> String {
        guard let dot = id.lastIndex(of: ".") else { return id }
        return String(id[..<dot])
    }

    /// The service a stored property of the enclosing type is injected with
    /// (`@Injected(\.factory) private var factory`).
    private static func wrappedService(_ name: String, around node: some SyntaxProtocol) -> Reference? {
        var current = Syntax(node).parent
        while let n = current {
            if let members = n.as(MemberBlockSyntax.self) {
                for item in members.members {
                    guard let variable = item.decl.as(VariableDeclSyntax.self), !variable.attributes.isEmpty,
                        variable.bindings.contains(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name })
                    else { continue }
                    for element in variable.attributes {
                        guard let attribute = element.as(AttributeSyntax.self),
                            eagerWrappers.contains(attribute.attributeName.trimmedDescription)
                                || deferredWrappers.contains(attribute.attributeName.trimmedDescription),
                            case .argumentList(let arguments) = attribute.arguments,
                            let keyPath = arguments.first?.expression.as(KeyPathExprSyntax.self),
                            let component = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self)
                        else { continue }
                        let root = keyPath.root.map { TypeName.normalize($0.trimmedDescription) } ?? "Container"
                        return Reference(owner: root, property: component.declName.baseName.text)
                    }
                }
                return nil
            }
            current = n.parent
        }
        return nil
    }

    /// `\.api`, `\DemoContainer.api`, and `\.featuresContainer.api` through a container's
    /// property returning another container (the linker reads which one).
    private static func keyPathTarget(_ keyPath: KeyPathExprSyntax) -> Reference? {
        let names = keyPath.components.map { $0.component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName.text }
        let root = keyPath.root.map { TypeName.normalize($0.trimmedDescription) } ?? "Container"
        switch names.count {
        case 1:
            guard let property = names[0] else { return nil }
            return Reference(owner: root, property: property)
        case 2:
            guard let through = names[0], let property = names[1] else { return nil }
            return Reference(owner: MemberRequestFact.containerPropertyMarker + root + "." + through, property: property)
        default:
            return nil
        }
    }

    // MARK: - Property wrappers

    func visit(_ node: VariableDeclSyntax) {
        for element in node.attributes {
            guard let attribute = element.as(AttributeSyntax.self), attribute.arguments != nil else { continue }
            let wrapper = attribute.attributeName.trimmedDescription
            let known = Self.eagerWrappers.contains(wrapper) || Self.deferredWrappers.contains(wrapper)
            guard case .argumentList(let arguments) = attribute.arguments, let first = arguments.first?.expression else {
                continue
            }
            guard let target = wrapperTarget(first, knownWrapper: known) else { continue }
            let context = SiteContext.of(node, in: state)
            let deferred = Self.deferredWrappers.contains(wrapper)
            state.facts.members.requests.append(
                MemberRequestFact(
                    requester: context.requester, registry: .factory, owner: target.owner, property: target.property,
                    timing: deferred ? .deferred : context.timing, retained: !Self.unkeptWrappers.contains(wrapper),
                    via: .propertyWrapper, location: state.location(of: attribute),
                    conditions: ConditionalCompilation.branches(of: node)))
        }
    }

    /// `\.api` / `\Container.api` for the library's wrappers; `Container.api` (1.x, or a wrapper
    /// the project renamed with a typealias) for any wrapper.
    private func wrapperTarget(_ expr: ExprSyntax, knownWrapper: Bool) -> Reference? {
        if let keyPath = expr.as(KeyPathExprSyntax.self) {
            guard knownWrapper else { return nil }
            return Self.keyPathTarget(keyPath)
        }
        guard let member = expr.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.text.startsUppercase, member.declName.baseName.text != "self"
        else { return nil }
        return Reference(owner: base.baseName.text, property: member.declName.baseName.text)
    }
}
