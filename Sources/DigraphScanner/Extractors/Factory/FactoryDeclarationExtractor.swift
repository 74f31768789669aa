import DigraphCore
import SwiftSyntax

/// The Factory library's service declarations (hmlongco/Factory 2.x/3.x and 1.x):
///
/// ```swift
/// extension Container {
///     var api: Factory<APIClient> { self { HTTPClient(session: self.session()) }.singleton }
///     var search: ParameterFactory<String, Search> { self { Search(query: $0) } }
///     var promisedClock: Factory<Clock?> { promised() }
///     static let legacy = Factory<Legacy>(scope: .shared) { Legacy() }      // 1.x
/// }
/// ```
///
/// Each becomes a member service `Owner.property`; its factory closure is marked so what it asks
/// for is attributed to the service (eager), and context-only builds (`.onTest { … }`) are
/// marked as alternatives (deferred, never a cycle).
final class FactoryDeclarationExtractor {
    private let state: ScanState

    init(state: ScanState) { self.state = state }

    func visit(_ node: VariableDeclSyntax) {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true, let owner = Self.owner(of: node) else { return }
        for binding in node.bindings {
            guard let ident = binding.pattern.as(IdentifierPatternSyntax.self), let body = Self.value(of: binding) else {
                continue
            }
            let annotation = binding.typeAnnotation.flatMap { Self.factoryTypeArguments($0.type) }
            // `var postBinder: Binder<Post> { .init(self) { … } }`: a property written as another
            // generic type is of that type, whatever its body looks like.
            if annotation == nil, let written = binding.typeAnnotation?.type, Self.isGenericType(written) { continue }
            guard var shape = FactoryShape.read(body) else {
                if let annotation, Self.isContainerName(owner) { unreadable(ident, owner: owner, type: annotation, body: body) }
                continue
            }
            // 1.x declarations are stored statics; a computed `Factory { … }` is some other type.
            if shape.isLegacy && binding.accessorBlock != nil { continue }
            let arguments = annotation ?? (shape.genericArguments.isEmpty ? nil : shape.genericArguments)
            let property = ident.identifier.text
            let id = ServiceID.member(owner: owner, property: property)
            let implementations =
                shape.closure.map { FactoryProduct.read($0, keyedBy: (annotation ?? shape.genericArguments).last).implementations } ?? []
            if let unreadable = shape.unreadableScope {
                state.unanalyzable(
                    "scope `\(unreadable.trimmedDescription)` of `\(id)` is chosen at run time", service: id, at: unreadable)
                shape.scope = FactoryScope(name: unreadable.trimmedDescription, lifetime: .unknown)
            }
            let value = arguments?.last.map(TypeName.normalize) ?? FactoryProduct.firstWrittenType(implementations)
            var (lifetime, detail) = (shape.scope.lifetime, shape.scope.name)
            var isDefault = shape.scope.isDefault
            // `self { TypeProvider.shared }`: whatever the scope, every resolve gives that static.
            // (A local the getter made would not do: the getter runs on every resolve.)
            if let closure = shape.closure, let member = FactoryProduct.staticInstance(closure) {
                (lifetime, detail, isDefault) = (.singleton, "static \(member)", false)
            }
            var service = MemberServiceFact(
                registry: .factory, owner: owner, property: property, valueType: value,
                parameterTypes: (arguments?.dropLast()).map(Array.init) ?? [], lifetime: lifetime,
                lifetimeDetail: detail, implementationTypes: implementations, promised: shape.promised,
                location: state.location(of: ident), conditions: ConditionalCompilation.branches(of: node))
            service.lifetimeIsDefault = isDefault
            state.facts.members.services.append(service)
            if let closure = shape.closure { state.markMemberClosure(closure, serviceID: id, isAlternative: false) }
            for closure in shape.decorators { state.markMemberClosure(closure, serviceID: id, isAlternative: false) }
            for closure in shape.alternatives { state.markMemberClosure(closure, serviceID: id, isAlternative: true) }
        }
    }

    /// A container property typed `Factory<T>` built some way the scanner cannot read
    /// (`{ makeFactory() }`): kept as a service with an unknown lifetime, and a note.
    private func unreadable(_ ident: IdentifierPatternSyntax, owner: String, type arguments: [String], body: ExprSyntax) {
        let id = ServiceID.member(owner: owner, property: ident.identifier.text)
        state.unanalyzable("cannot tell how `\(id)` is built from `\(body.trimmedDescription)`", service: id, at: body)
        state.facts.members.services.append(
            MemberServiceFact(
                registry: .factory, owner: owner, property: ident.identifier.text, valueType: arguments.last,
                parameterTypes: Array(arguments.dropLast()), lifetime: .unknown, lifetimeDetail: "unknown",
                location: state.location(of: ident), conditions: ConditionalCompilation.branches(of: ident)))
    }

    /// `Container`, the protocols every container conforms to, a custom `…Container`.
    static func isContainerName(_ name: String) -> Bool {
        name == "Container" || name.hasSuffix("Container") || name == "SharedContainer" || name == "ManagedContainer"
    }

    /// The type or extension declaring the member.
    static func owner(of node: some SyntaxProtocol) -> String? {
        var current = Syntax(node).parent
        while let n = current {
            if let name = TypeNaming.declaredName(of: n) { return name }
            if n.is(CodeBlockSyntax.self) || n.is(ClosureExprSyntax.self) { return nil }
            current = n.parent
        }
        return nil
    }

    /// A computed property's single expression (or `return`), or a stored property's value.
    static func value(of binding: PatternBindingSyntax) -> ExprSyntax? {
        if let initializer = binding.initializer { return initializer.value }
        guard let accessors = binding.accessorBlock?.accessors else { return nil }
        let body: CodeBlockItemListSyntax
        switch accessors {
        case .getter(let items): body = items
        case .accessors(let list):
            guard let getter = list.first(where: { $0.accessorSpecifier.text == "get" }), let items = getter.body?.statements
            else { return nil }
            body = items
        }
        guard let last = body.last?.item else { return nil }
        if let expr = last.as(ExprSyntax.self) { return expr }
        return last.as(ReturnStmtSyntax.self)?.expression
    }

    /// `Binder<Post>`, `Module.Box<T>`: a named type given generic arguments.
    private static func isGenericType(_ type: TypeSyntax) -> Bool { genericSpelling(type) != nil }

    /// `Factory<T>` -> `[T]`, `ParameterFactory<P, T>` -> `[P, T]`; nil for any other type.
    static func factoryTypeArguments(_ type: TypeSyntax) -> [String]? {
        guard let (name, clause) = genericSpelling(type), FactoryShape.coreNames.contains(name) else { return nil }
        return clause.arguments.map { TypeName.normalize($0.argument.trimmedDescription) }
    }

    /// A named type's last name and its generic arguments (`Module.Box<T>`: `Box`, `<T>`); nil
    /// when it is given none or is no named type.
    private static func genericSpelling(_ type: TypeSyntax) -> (name: String, clause: GenericArgumentClauseSyntax)? {
        if let ident = type.as(IdentifierTypeSyntax.self), let clause = ident.genericArgumentClause {
            return (ident.name.text, clause)
        }
        if let member = type.as(MemberTypeSyntax.self), let clause = member.genericArgumentClause {
            return (member.name.text, clause)
        }
        return nil
    }
}
