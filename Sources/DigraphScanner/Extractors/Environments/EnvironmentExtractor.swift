import DigraphCore
import SwiftSyntax

/// `Has…` protocol environments (seeds 000 and 004):
///
/// ```swift
/// protocol HasUserSession { var userSession: UserSessionProtocol { get } }
/// final class AppEnvironment: HasUserSession, HasURLSession { static let shared = AppEnvironment(); … }
/// final class SomeViewModel {
///     typealias Dependencies = HasUserSession & HasURLSession
///     init(dependencies: Dependencies = AppEnvironment.shared) { … }
/// }
/// extension AViewModel { convenience init() { self.init(dependencies: DependencyContainer(…)) } }
/// ```
///
/// Records the requirement protocols (protocols of get-only properties), the type aliases that
/// compose them, and each consumer with the environment it is given; the linker turns them
/// into edges `SomeViewModel -> AppEnvironment.userSession` and misses for requirements the
/// environment does not provide.
final class EnvironmentExtractor {
    private let state: ScanState

    init(state: ScanState) { self.state = state }

    /// `protocol HasX { var x: T { get } }`: every member a get-only property.
    func visit(_ node: ProtocolDeclSyntax) {
        let members = node.memberBlock.members
        var requirements: [EnvironmentRequirementFact] = []
        for item in members {
            guard let variable = item.decl.as(VariableDeclSyntax.self) else { return }
            for binding in variable.bindings {
                guard let ident = binding.pattern.as(IdentifierPatternSyntax.self) else { return }
                requirements.append(
                    EnvironmentRequirementFact(
                        protocolName: node.name.text, property: ident.identifier.text,
                        type: binding.typeAnnotation.map { TypeName.normalize($0.type.trimmedDescription) },
                        location: state.location(of: ident)))
            }
        }
        state.facts.members.environmentRequirements += requirements
    }

    /// `typealias Dependencies = HasA & HasB`, also at the top level (`DependencyContainers`), and
    /// `typealias Dependencies = Container` (a Factory container under another name).
    static func visit(_ node: TypeAliasDeclSyntax, state: ScanState) {
        let target = TypeName.normalize(node.initializer.value.trimmedDescription)
        let name = node.name.text
        let qualified = FactoryDeclarationExtractor.owner(of: node).map { "\($0).\(name)" } ?? name
        state.facts.members.typeAliases.append(
            TypeAliasFact(
                name: name, qualifiedName: qualified, target: target,
                isConditional: !ConditionalCompilation.branches(of: node).isEmpty))
    }

    /// `init(dependencies: Dependencies = AppEnvironment.shared)`.
    func visit(_ node: InitializerDeclSyntax) {
        guard let consumer = FactoryDeclarationExtractor.owner(of: node) else { return }
        for parameter in node.signature.parameterClause.parameters where Self.isEnvironmentLabel(parameter.firstName) {
            let environment = parameter.defaultValue.flatMap { Self.environmentType($0.value) }
            state.facts.members.environmentConsumers.append(
                EnvironmentConsumerFact(
                    consumer: consumer, requirement: TypeName.normalize(parameter.type.trimmedDescription),
                    environment: environment, location: state.location(of: parameter)))
        }
    }

    /// `self.init(dependencies: DependencyContainer(…))`, `AViewModel(dependencies: container)`:
    /// an environment given at a call.
    func visit(_ call: FunctionCallExprSyntax) {
        guard let argument = call.arguments.first(where: { $0.label.map(Self.isEnvironmentLabel) == true }),
            let environment = Self.environmentType(argument.expression)
        else { return }
        let callee = call.calledExpression.trimmedDescription
        let consumer: String?
        if callee == "self.init" || callee == "Self.init" {
            consumer = Self.enclosingType(of: call)
        } else if let type = ExpressionReading.constructedType(ExprSyntax(call)) {
            consumer = type
        } else {
            consumer = nil
        }
        guard let consumer else { return }
        state.facts.members.environmentConsumers.append(
            EnvironmentConsumerFact(
                consumer: consumer, requirement: "", environment: environment, handedOnBy: Self.enclosingType(of: call),
                location: state.location(of: argument)))
    }

    /// The type or extension whose code `node` is in, however deep.
    static func enclosingType(of node: some SyntaxProtocol) -> String? { TypeNaming.enclosingName(of: node) }

    /// Runs on every labelled argument of every call: compares the token, builds nothing else.
    /// `context:` and `services:` are the labels of coordinator apps (HTW Dresden's
    /// `init(context: Services)` with `typealias Services = HasApiService & HasRoomOccupancy`),
    /// `deps:` Rise's (`typealias Deps = HasGetSchedule & HasAdjustSchedule`);
    /// the linker keeps a consumer only when what it takes composes `Has…` requirements.
    static func isEnvironmentLabel(_ label: TokenSyntax) -> Bool {
        let text = label.text
        return text == "dependencies" || text == "environment" || text == "dependency" || text == "context"
            || text == "services" || text == "deps" || text == "env"
    }

    /// `AppEnvironment.shared`, `AppEnvironment()`, `.shared` is not enough (no type), a local
    /// bound to one of those.
    private static func environmentType(_ expr: ExprSyntax) -> String? {
        var followed: Set<SyntaxIdentifier> = []
        return environmentType(expr, followed: &followed)
    }

    /// `followed`: the bindings whose initializers this reading has gone through. A binding reached
    /// again (`lazy var a = b; lazy var b = a`) tells nothing: nil, never another turn.
    private static func environmentType(_ expr: ExprSyntax, followed: inout Set<SyntaxIdentifier>) -> String? {
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base,
            base.trimmedDescription.startsUppercase
        {
            return TypeName.normalize(base.trimmedDescription)
        }
        if let tried = expr.as(TryExprSyntax.self) { return environmentType(tried.expression, followed: &followed) }
        // `AppEnvironment.shared as! Dependencies`: compiles whatever the environment provides, and
        // traps when it lacks a requirement.
        if let cast = expr.as(AsExprSyntax.self) { return environmentType(cast.expression, followed: &followed) }
        if let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true, let value = sequence.elements.first
        {
            return environmentType(value, followed: &followed)
        }
        if let built = ExpressionReading.constructedType(expr) { return built }
        guard let ref = expr.as(DeclReferenceExprSyntax.self) else { return nil }
        if let binding = LocalBinding.find(ref.baseName.text, at: expr) {
            guard followed.insert(binding.id).inserted else { return nil }
            return binding.initializer.flatMap { environmentType($0.value, followed: &followed) }
        }
        return storedPropertyType(ref.baseName.text, around: expr, followed: &followed)
    }

    /// `private unowned var services: Services!` of the type around `node`.
    private static func storedPropertyType(
        _ name: String, around node: some SyntaxProtocol, followed: inout Set<SyntaxIdentifier>
    ) -> String? {
        var current = Syntax(node).parent
        while let n = current {
            if let members = n.as(MemberBlockSyntax.self) {
                for item in members.members {
                    guard let variable = item.decl.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        if let annotation = binding.typeAnnotation {
                            let written = TypeName.unwrappingOptional(annotation.type.trimmedDescription)
                            // `let context: Service` with the type's own `typealias Service = HasApiService`.
                            return aliasTarget(written, in: members) ?? written
                        }
                        guard followed.insert(binding.id).inserted else { return nil }
                        return binding.initializer.flatMap { environmentType($0.value, followed: &followed) }
                    }
                }
                // Declared in another part of the type (the class, not this extension): the
                // linker reads its annotation.
                return enclosingType(of: members).map { propertyMarker + "\($0).\(name)" }
            }
            current = n.parent
        }
        return nil
    }

    /// What `typealias name = …` declared among `members` stands for.
    private static func aliasTarget(_ name: String, in members: MemberBlockSyntax) -> String? {
        for item in members.members {
            if let alias = item.decl.as(TypeAliasDeclSyntax.self), alias.name.text == name {
                return TypeName.normalize(alias.initializer.value.trimmedDescription)
            }
        }
        return nil
    }

    /// Prefix of an environment the linker must read from a stored property's annotation.
    static let propertyMarker = EnvironmentConsumerFact.propertyMarker
}
