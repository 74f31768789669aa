import SwiftSyntax

/// Whether an expression reads one of the given names as a bare name or `self.name`.
enum MemberNameFinder {
    static func reads(_ expression: ExprSyntax, anyOf names: Set<String>) -> Bool {
        final class Finder: SyntaxVisitor {
            let names: Set<String>
            var found = false
            init(_ names: Set<String>) {
                self.names = names
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if names.contains(node.baseName.text) {
                    // `other.name` is someone else's member; `self.name` and `name` are ours.
                    if let access = node.parent?.as(MemberAccessExprSyntax.self), access.declName.id == node.id {
                        if access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) { found = true }
                    } else {
                        found = true
                    }
                }
                return found ? .skipChildren : .visitChildren
            }
        }
        let finder = Finder(names)
        finder.walk(expression)
        return finder.found
    }
}
