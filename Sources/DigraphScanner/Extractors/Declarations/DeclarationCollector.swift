import DigraphCore
import SwiftSyntax

/// Types, their stored properties and conformances, and `static let shared` singletons: what the
/// linker needs to follow injection across files.
final class DeclarationCollector: SyntaxVisitor {
    /// Static members that hold a type's shared instance.
    static let sharedMemberNames: Set<String> = ["shared", "sharedInstance"]

    private let state: ScanState

    init(state: ScanState) {
        self.state = state
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, kind: .class, inheritance: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, kind: .struct, inheritance: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, kind: .enum, inheritance: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, kind: .actor, inheritance: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, kind: .protocol, inheritance: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, kind: .extension, inheritance: node.inheritanceClause, members: node.memberBlock)
    }

    private func record(
        _ node: some DeclSyntaxProtocol, kind: TypeDeclFact.Kind, inheritance: InheritanceClauseSyntax?,
        members: MemberBlockSyntax
    ) -> SyntaxVisitorContinueKind {
        guard let name = TypeNaming.declaredName(of: Syntax(node)) else { return .visitChildren }
        var properties: [PropertyFact] = []
        var shared: [SharedMember] = []
        var weakCache = false
        var declaresLocatorRegistration = false
        for item in members.members {
            if let variable = item.decl.as(VariableDeclSyntax.self) {
                let isStatic = variable.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
                for binding in variable.bindings {
                    guard let ident = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                    let propertyName = ident.identifier.text
                    let type = binding.typeAnnotation.map { TypeName.normalize($0.type.trimmedDescription) }
                    properties.append(PropertyFact(name: propertyName, type: type, isStatic: isStatic))
                    if isStatic, Self.sharedMemberNames.contains(propertyName), binding.accessorBlock == nil
                        || binding.initializer != nil
                    {
                        shared.append(SharedMember(name: propertyName, location: state.location(of: ident)))
                    }
                    if let value = binding.initializer?.value, Self.keepsWeakValues(value) { weakCache = true }
                }
            } else if let function = item.decl.as(FunctionDeclSyntax.self), Self.isLocatorFactoryRegistration(function) {
                declaresLocatorRegistration = true
            }
        }
        let location = state.location(of: node)
        state.facts.types.append(
            TypeDeclFact(
                name: name, kind: kind,
                inheritedTypes: inheritance?.inheritedTypes.map { TypeName.normalize($0.type.trimmedDescription) } ?? [],
                storedProperties: properties, sharedMembers: shared, holdsWeakValueCache: weakCache,
                location: location))
        if declaresLocatorRegistration {
            state.facts.locatorImplementations.append(LocatorImplementationFact(typeName: name, location: location))
        }
        return .visitChildren
    }

    /// `NSMapTable(keyOptions: …, valueOptions: .weakMemory)` and `NSMapTable.strongToWeakObjects()`.
    private static func keepsWeakValues(_ expr: ExprSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                let name = node.baseName.text
                if name == "weakMemory" || name == "strongToWeakObjects" || name == "weakToWeakObjects" { found = true }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(expr)
        return finder.found
    }

    /// `func register<T>(factory: …, forMetaType metaType: T.Type)`: the locator's own plumbing.
    private static func isLocatorFactoryRegistration(_ function: FunctionDeclSyntax) -> Bool {
        guard function.name.text == "register", function.body != nil else { return false }
        let labels = function.signature.parameterClause.parameters.map(\.firstName.text)
        return labels.contains("factory") && labels.contains("forMetaType")
    }
}
