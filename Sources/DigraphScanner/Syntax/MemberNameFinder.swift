import SwiftSyntax

/// Whether an expression passes one of the given names, whole, as an argument: `Store(engine:
/// engine)`, `Store(engine: self.engine)`. Reading a property of it (`size.width * scale`) or
/// calling it (`formatter.string(from:)`) computes a value, it does not wire a member in.
enum MemberNameFinder {
    static func passes(_ expression: ExprSyntax, anyOf names: Set<String>) -> Bool {
        final class Finder: SyntaxVisitor {
            let names: Set<String>
            var found = false
            init(_ names: Set<String>) {
                self.names = names
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                guard !found, names.contains(node.baseName.text) else { return .skipChildren }
                var whole = Syntax(node)
                if let access = node.parent?.as(MemberAccessExprSyntax.self), access.declName.id == node.id {
                    // `other.name` is someone else's member; `self.name` is ours.
                    guard access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else {
                        return .skipChildren
                    }
                    whole = Syntax(access)
                } else if node.parent?.is(MemberAccessExprSyntax.self) == true {
                    return .skipChildren
                }
                if whole.parent?.is(LabeledExprSyntax.self) == true { found = true }
                return .skipChildren
            }
        }
        let finder = Finder(names)
        finder.walk(expression)
        return finder.found
    }
}
