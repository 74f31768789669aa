import DigraphCore
import SwiftSyntax

/// The named functions a file's registrations are made in (by the scope key they carry), so the
/// link can tell which helpers only tests and previews call.
enum RegisteringFunctions {
    static func record(_ state: ScanState, tree: SourceFileSyntax) {
        let scopes = Set(state.facts.registrations.compactMap(\.scope))
        guard !scopes.isEmpty else { return }
        final class Finder: SyntaxVisitor {
            let scopes: Set<String>
            let path: String
            var found: [RegisteringFunctionFact] = []
            init(scopes: Set<String>, path: String) {
                self.scopes = scopes
                self.path = path
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
                let scope = "\(path):\(node.position.utf8Offset)"
                if scopes.contains(scope) { found.append(RegisteringFunctionFact(name: node.name.text, scope: scope)) }
                return .visitChildren
            }
            // Expressions hold no function declarations worth the walk, except closures' bodies.
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(scopes: scopes, path: state.path)
        finder.walk(tree)
        state.facts.registeringFunctions = finder.found
    }
}
