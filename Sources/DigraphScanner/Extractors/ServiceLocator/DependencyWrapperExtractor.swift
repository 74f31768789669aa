import DigraphCore
import SwiftSyntax

/// The seed's `@Dependency var x: T` property wrapper: resolves `T` from the service locator on
/// first access (deferred) and keeps it. swift-dependencies' `@Dependency(\.key)` takes a key
/// path argument and is not this; nor is App Intents' `@Dependency` in a file importing AppIntents.
final class DependencyWrapperExtractor: SyntaxVisitor {
    static let wrapperNames: Set<String> = ["Dependency"]
    private let state: ScanState

    init(state: ScanState) {
        self.state = state
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isWrapped = node.attributes.contains { element in
            guard let attribute = element.as(AttributeSyntax.self) else { return false }
            return Self.wrapperNames.contains(attribute.attributeName.trimmedDescription) && attribute.arguments == nil
        }
        guard isWrapped else { return .visitChildren }
        // App Intents' `@Dependency` (MoeMemos' intents): filled by
        // `AppDependencyManager.shared.add(dependency:)`, which digraph does not read, so what it
        // asks for is not checked rather than missed.
        if state.imports.contains("AppIntents") {
            state.unrecognised("@Dependency", at: node)
            return .skipChildren
        }
        let context = SiteContext.of(node, in: state)
        for binding in node.bindings {
            guard let ident = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            guard let annotation = binding.typeAnnotation else {
                state.unanalyzable(
                    "`@Dependency var \(ident.identifier.text)` has no type annotation", service: nil, at: ident)
                continue
            }
            let written = TypeName.normalize(annotation.type.trimmedDescription)
            let type = TypeName.unwrappingOptional(written)
            state.facts.requests.append(
                RequestFact(
                    requester: context.requester, registry: .serviceLocator, type: .named(type),
                    timing: .deferred, retained: true, via: .propertyWrapper, optional: written != type,
                    location: state.location(of: ident), conditions: ConditionalCompilation.branches(of: node)))
        }
        return .skipChildren
    }
}
