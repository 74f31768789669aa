import DigraphCore
import SwiftSyntax

/// Keys and the values properties that read them, for swift-dependencies and for seed 004's
/// key-path dependency container (both spell their protocol `DependencyKey`):
///
/// ```swift
/// extension APIClient: DependencyKey { static let liveValue = APIClient(…) }     // swift-dependencies
/// enum APIClientKey: TestDependencyKey { static let testValue = APIClient.mock }
/// extension DependencyValues {
///     var apiClient: APIClient { get { self[APIClientKey.self] } set { self[APIClientKey.self] = newValue } }
///     @DependencyEntry var clock: any Clock<Duration> = ContinuousClock()
/// }
/// struct BServiceKey: LazyDependencyKey { static var currentValue: BService? }       // seed 004
/// extension DependencyContainer { var bService: BService { get { Self[BServiceKey.self] } … } }
/// ```
///
/// A type is a key only when it declares a value these libraries read (`liveValue`, `testValue`,
/// `previewValue`, `currentValue`): another library's `DependencyKey` with `defaultValue` is not.
final class DependencyKeyExtractor {
    private let state: ScanState

    static let keyProtocols: Set<String> = ["DependencyKey", "TestDependencyKey", "LazyDependencyKey"]
    static let swiftDependenciesValues: Set<String> = ["liveValue", "testValue", "previewValue"]
    static let valuesOwner = "DependencyValues"

    init(state: ScanState) { self.state = state }

    /// A key (it conforms to a key protocol) or an extension that may declare values properties;
    /// everything else is left before its name is built.
    func visitType(_ node: some DeclGroupSyntax) {
        let isKey = node.inheritanceClause?.inheritedTypes.contains { inherited in
            let type = InheritedTypeReading.base(inherited)
            let last = type.as(IdentifierTypeSyntax.self)?.name ?? type.as(MemberTypeSyntax.self)?.name
            return last.map { Self.keyProtocolTokens.contains($0.text) } == true
        } == true
        let mayDeclareValues = node.is(ExtensionDeclSyntax.self) || (node.as(StructDeclSyntax.self)?.name.text == "DependencyValues")
        guard isKey || mayDeclareValues, let name = TypeNaming.declaredName(of: Syntax(node)) else { return }
        if isKey {
            let conforms =
                node.inheritanceClause?.inheritedTypes.map { TypeName.lastComponent(InheritedTypeReading.base($0).trimmedDescription) } ?? []
            recordKey(node, name: name, conforms: conforms)
        } else if node.is(ExtensionDeclSyntax.self) {
            // Values of a key declared elsewhere (the link keeps them only for a key).
            recordKey(node, name: name, conforms: [], declaresKey: false)
        }
        if mayDeclareValues { recordValuesProperties(node, owner: name) }
    }

    static let keyProtocolTokens: Set<String> = keyProtocols

    // MARK: - Keys

    private func recordKey(_ node: some DeclGroupSyntax, name: String, conforms: [String], declaresKey: Bool = true) {
        var values: [String] = []
        var implementations: [String] = []
        // Through `#if` blocks: Whisperboard's `liveValue` is one of two `#if APPSTORE … #else`.
        for decl in node.memberBlock.flattenedDecls {
            guard let variable = decl.as(VariableDeclSyntax.self),
                variable.modifiers.contains(where: { $0.name.text == "static" })
            else { continue }
            for binding in variable.bindings {
                guard let ident = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                let valueName = ident.identifier.text
                guard Self.swiftDependenciesValues.contains(valueName) || valueName == "currentValue" else { continue }
                // `static var currentValue: T?` with no value: seed 004's lazy key holds nothing yet.
                if valueName == "currentValue", binding.initializer == nil, binding.accessorBlock == nil { continue }
                values.append(valueName)
                if valueName == "liveValue" || valueName == "currentValue", let value = FactoryDeclarationExtractor.value(of: binding) {
                    // `Self(…)`, `LiveClient()`, `Self.live()`, `.live` typed by the link.
                    let declared = binding.typeAnnotation.map { TypeName.normalize($0.type.trimmedDescription) }
                    let contextType = declared.flatMap { $0 == "Self" ? nil : $0 } ?? name
                    let built = ExpressionReading.constructedType(value).map { [$0] }
                        ?? FactoryProduct.implicitMemberToken(value, base: contextType).map { [$0] }
                        ?? FactoryProduct.implementations(of: [value])
                    implementations += built.map { $0 == "Self" ? name : $0 }
                }
            }
        }
        let isLazy = conforms.contains("LazyDependencyKey")
        // `extension BuildClient: TestDependencyKey {}` with its values in another extension: still
        // the declaration that makes the type a key.
        guard !values.isEmpty || isLazy || declaresKey else { return }
        // Without a key protocol, only swift-dependencies' own names: `currentValue` is any type's.
        if !declaresKey && !values.contains(where: Self.swiftDependenciesValues.contains) { return }
        let keyPathStyle = isLazy || values.contains("currentValue")
        state.facts.members.keys.append(
            DependencyKeyFact(
                registry: keyPathStyle ? .keyPathContainer : .swiftDependencies, type: name, values: values.sorted(),
                isLazy: isLazy, implementationTypes: implementations, location: state.location(of: node),
                declaresKey: declaresKey))
    }

    // MARK: - Values properties

    /// `var x: T { get { self[K.self] } … }` in `extension DependencyValues` (swift-dependencies) or
    /// `Self[K.self]` in a key-path container, and `@DependencyEntry var x: T = …`.
    private func recordValuesProperties(_ node: some DeclGroupSyntax, owner: String) {
        guard node.is(ExtensionDeclSyntax.self) || owner == Self.valuesOwner else { return }
        // Through `#if` blocks: Whisperboard's `liveValue` is one of two `#if APPSTORE … #else`.
        for decl in node.memberBlock.flattenedDecls {
            guard let variable = decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { $0.name.text == "static" })
            else { continue }
            let isEntry = variable.attributes.contains {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "DependencyEntry"
            }
            for binding in variable.bindings {
                guard let ident = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                let type = binding.typeAnnotation.map { TypeName.normalize($0.type.trimmedDescription) }
                let location = state.location(of: ident)
                if isEntry, owner == Self.valuesOwner {
                    // The macro's default value is the live value: never missing.
                    state.facts.members.services.append(
                        MemberServiceFact(
                            registry: .swiftDependencies, owner: owner, property: ident.identifier.text, valueType: type,
                            lifetime: .singleton, lifetimeDetail: "entry", location: location))
                    continue
                }
                guard let read = Self.keyRead(binding) else { continue }
                let registry: Registry = owner == Self.valuesOwner && !read.isStatic ? .swiftDependencies : .keyPathContainer
                guard registry == .swiftDependencies || read.isStatic else { continue }
                state.facts.members.services.append(
                    MemberServiceFact(
                        registry: registry, owner: owner, property: ident.identifier.text, valueType: type ?? read.key,
                        lifetime: .singleton, lifetimeDetail: "key", key: read.key, location: location,
                        conditions: ConditionalCompilation.branches(of: variable)))
            }
        }
    }

    /// The key a getter reads: `self[K.self]` (instance subscript) or `Self[K.self]` (static).
    private static func keyRead(_ binding: PatternBindingSyntax) -> (key: String, isStatic: Bool)? {
        guard let value = FactoryDeclarationExtractor.value(of: binding), binding.initializer == nil,
            let subscriptCall = value.as(SubscriptCallExprSyntax.self),
            let argument = subscriptCall.arguments.first?.expression, let key = ExpressionReading.metatype(argument)
        else { return nil }
        let base = subscriptCall.calledExpression.trimmedDescription
        guard base == "self" || base == "Self" || base == valuesOwner else { return nil }
        return (key, base != "self")
    }
}
