import DigraphCore
import SwiftSyntax

/// The branches enclosing a node that make it an alternative to code in a sibling branch: `#if`
/// clauses (never compiled together) and the branches of a run-time `if`/`else` or `switch`
/// (never run together). Two sites in different clauses of the same block are alternatives, so
/// registering a type once per branch is not a duplicate.
enum ConditionalCompilation {
    /// Outermost first. A block is identified by its offset in the file.
    static func branches(of node: some SyntaxProtocol) -> [ConditionalBranch] {
        var result: [ConditionalBranch] = []
        var child: Syntax = Syntax(node)
        var current: Syntax? = child.parent
        while let n = current {
            if let clause = child.as(IfConfigClauseSyntax.self), let list = n.as(IfConfigClauseListSyntax.self),
                let block = list.parent?.as(IfConfigDeclSyntax.self)
            {
                let index = list.firstIndex { $0.id == clause.id }.map { list.distance(from: list.startIndex, to: $0) } ?? 0
                result.append(ConditionalBranch(block: block.position.utf8Offset, clause: index))
            } else if let ifExpr = n.as(IfExprSyntax.self) {
                // The condition runs on every path: only the bodies are alternatives.
                if child.id == ifExpr.body.id {
                    result.append(ConditionalBranch(block: ifExpr.position.utf8Offset, clause: 0))
                } else if let elseBody = ifExpr.elseBody, child.id == elseBody.id {
                    result.append(ConditionalBranch(block: ifExpr.position.utf8Offset, clause: 1))
                }
            } else if let switchCase = child.as(SwitchCaseSyntax.self), let list = n.as(SwitchCaseListSyntax.self),
                let block = list.parent?.as(SwitchExprSyntax.self)
            {
                let index = list.firstIndex { $0.id == switchCase.id }.map { list.distance(from: list.startIndex, to: $0) } ?? 0
                result.append(ConditionalBranch(block: block.position.utf8Offset, clause: index))
            }
            child = n
            current = n.parent
        }
        return result.reversed()
    }
}
