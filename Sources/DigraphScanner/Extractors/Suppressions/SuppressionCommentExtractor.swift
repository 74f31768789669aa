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
        scan(token.leadingTrivia, startingAt: token.position, token: token, leading: true)
        scan(token.trailingTrivia, startingAt: token.endPositionBeforeTrailingTrivia, token: token, leading: false)
        return .visitChildren
    }

    private func scan(_ trivia: Trivia, startingAt start: AbsolutePosition, token: TokenSyntax, leading: Bool) {
        var offset = start
        for piece in trivia {
            switch piece {
            case .lineComment(let text), .blockComment(let text):
                if text.contains("digraph:") {
                    let loc = state.converter.location(for: offset)
                    let location = DigraphCore.SourceLocation(file: state.path, line: loc.line, column: loc.column)
                    if var comment = SuppressionComment.parse(text, at: location) {
                        comment.statementEndLine = statementEnd(of: comment, token: token, leading: leading)
                        state.facts.suppressionComments.append(comment)
                    }
                }
            default:
                break
            }
            offset += piece.sourceLength
        }
    }

    /// The last line of the statement the command covers: for `disable:next`, the one the next
    /// token starts; for `disable:this`, the one that starts on the comment's line.
    private func statementEnd(of comment: SuppressionComment, token: TokenSyntax, leading: Bool) -> Int? {
        switch comment.kind {
        case .disableNext:
            guard leading, line(of: token.positionAfterSkippingLeadingTrivia) == comment.location.line + 1 else { return nil }
            return outermostStatement(startingAt: token).map { line(of: $0.endPositionBeforeTrailingTrivia) }
        case .disableThis:
            // The comment trails a token of its line; the statement must start on that line.
            guard !leading, let first = firstToken(onLineOf: token) else { return nil }
            return outermostStatement(startingAt: first).map { line(of: $0.endPositionBeforeTrailingTrivia) }
        case .disable, .enable:
            return nil
        }
    }

    /// The largest statement, declaration or member that begins with `token`.
    private func outermostStatement(startingAt token: TokenSyntax) -> Syntax? {
        let start = token.positionAfterSkippingLeadingTrivia
        var found: Syntax?
        var current = token.parent
        while let node = current, node.positionAfterSkippingLeadingTrivia == start {
            if node.is(CodeBlockItemSyntax.self) || node.is(MemberBlockItemSyntax.self) { found = node }
            current = node.parent
        }
        return found
    }

    private func firstToken(onLineOf token: TokenSyntax) -> TokenSyntax? {
        let target = line(of: token.positionAfterSkippingLeadingTrivia)
        var current: TokenSyntax? = token
        while let t = current, let previous = t.previousToken(viewMode: .sourceAccurate),
            line(of: previous.positionAfterSkippingLeadingTrivia) == target
        {
            current = previous
        }
        return current
    }

    private func line(of position: AbsolutePosition) -> Int { state.converter.location(for: position).line }
}
