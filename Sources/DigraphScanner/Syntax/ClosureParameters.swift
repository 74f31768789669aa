import DigraphCore
import SwiftSyntax

/// A closure literal's parameters: `{ r, a in }`, `{ (r: Resolver, url: URL?) in }`, or `$0`, `$1`
/// used in its body when none is declared.
enum ClosureParameters {
    /// Each parameter's written type, `_` where none is written.
    static func types(of closure: ClosureExprSyntax) -> [String] {
        guard let parameters = closure.signature?.parameterClause else {
            return Array(repeating: ServiceID.unknownArgument, count: anonymousCount(closure))
        }
        switch parameters {
        case .simpleInput(let names):
            return Array(repeating: ServiceID.unknownArgument, count: names.count)
        case .parameterClause(let clause):
            return clause.parameters.map { parameter in
                parameter.type.map { TypeName.normalize($0.trimmedDescription) } ?? ServiceID.unknownArgument
            }
        }
    }

    /// `$0`…`$n` in the closure's own body (not a nested closure's): n + 1.
    private static func anonymousCount(_ closure: ClosureExprSyntax) -> Int {
        final class Finder: SyntaxVisitor {
            var highest = -1
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if case .dollarIdentifier(let text) = node.baseName.tokenKind, let n = Int(text.dropFirst()) {
                    highest = max(highest, n)
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(closure.statements)
        return finder.highest + 1
    }
}
