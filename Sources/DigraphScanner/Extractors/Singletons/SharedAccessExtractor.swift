import DigraphCore
@_spi(RawSyntax) import SwiftSyntax

/// Uses of singletons: `Network.shared`, default arguments `= Network.shared` / `= .shared` (the
/// type taken from the parameter's annotation), stored properties initialised from `.shared`.
/// The linker keeps only those whose type declares the static member in the scanned code.
final class SharedAccessExtractor: SyntaxVisitor {
    private let state: ScanState

    init(state: ScanState) {
        self.state = state
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // On every member access of every file: the name's bytes first, a string only for a match.
        guard let raw = RawMemberAccessExprSyntax(node.raw),
            DeclarationCollector.isSharedMemberText(raw.declName.baseName.tokenText)
        else { return .visitChildren }
        let member = node.declName.baseName.text
        guard !Self.isAssigned(node),
            let owner = Self.ownerType(of: node)
        else {
            return .visitChildren
        }
        let context = SiteContext.of(node, in: state)
        state.facts.sharedAccesses.append(
            SharedAccessFact(
                requester: context.requester, ownerType: owner, member: member, timing: context.timing,
                retained: context.retained, via: context.positionalVia ?? .sharedAccess, location: state.location(of: node)))
        return .visitChildren
    }

    /// `AppDelegate.shared = self` (home-assistant's app delegate, from its `init`): the singleton
    /// is set there, not used.
    private static func isAssigned(_ node: MemberAccessExprSyntax) -> Bool {
        guard let list = node.parent?.as(ExprListSyntax.self), list.first?.id == node.id else { return false }
        return list.dropFirst().first?.is(AssignmentExprSyntax.self) == true
    }

    /// `Network.shared` -> `Network`; `.shared` -> the annotated type of the parameter or
    /// property whose value it is.
    private static func ownerType(of node: MemberAccessExprSyntax) -> String? {
        if let base = node.base {
            let text = base.trimmedDescription
            guard let first = text.first, first.isUppercase,
                text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
            else { return nil }
            return text
        }
        guard let clause = node.parent?.as(InitializerClauseSyntax.self) else { return nil }
        if let param = clause.parent?.as(FunctionParameterSyntax.self) {
            return TypeName.unwrappingOptional(param.type.trimmedDescription)
        }
        if let binding = clause.parent?.as(PatternBindingSyntax.self), let annotation = binding.typeAnnotation {
            return TypeName.unwrappingOptional(annotation.type.trimmedDescription)
        }
        return nil
    }
}
