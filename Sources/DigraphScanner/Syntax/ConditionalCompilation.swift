import DigraphCore
import SwiftSyntax

enum ConditionalCompilation {
    /// The `#if` clauses enclosing `node`, outermost first. A block is identified by its offset.
    static func branches(of node: some SyntaxProtocol) -> [ConditionalBranch] {
        var result: [ConditionalBranch] = []
        var current: Syntax? = Syntax(node)
        while let n = current {
            if let clause = n.as(IfConfigClauseSyntax.self), let list = clause.parent?.as(IfConfigClauseListSyntax.self),
                let block = list.parent?.as(IfConfigDeclSyntax.self)
            {
                let index = list.firstIndex { $0.id == clause.id }.map { list.distance(from: list.startIndex, to: $0) } ?? 0
                result.append(ConditionalBranch(block: block.position.utf8Offset, clause: index))
            }
            current = n.parent
        }
        return result.reversed()
    }
}
