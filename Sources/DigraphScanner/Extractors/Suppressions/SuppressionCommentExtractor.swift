import DigraphCore
import SwiftSyntax

/// `// digraph:disable…` commands, read from the comments in the syntax tree's trivia (so a
/// command inside a string literal is never one).
final class SuppressionCommentExtractor: SyntaxVisitor {
    private let state: ScanState

    init(state: ScanState) {
        self.state = state
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        scan(token.leadingTrivia, startingAt: token.position)
        scan(token.trailingTrivia, startingAt: token.endPositionBeforeTrailingTrivia)
        return .visitChildren
    }

    private func scan(_ trivia: Trivia, startingAt start: AbsolutePosition) {
        var offset = start
        for piece in trivia {
            switch piece {
            case .lineComment(let text), .blockComment(let text):
                if text.contains("digraph:") {
                    let loc = state.converter.location(for: offset)
                    let location = DigraphCore.SourceLocation(file: state.path, line: loc.line, column: loc.column)
                    if let comment = SuppressionComment.parse(text, at: location) {
                        state.facts.suppressionComments.append(comment)
                    }
                }
            default:
                break
            }
            offset += piece.sourceLength
        }
    }
}
