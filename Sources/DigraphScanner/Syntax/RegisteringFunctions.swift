import DigraphCore
import SwiftSyntax

/// The named functions a file's registrations are made in (by the scope key they carry), so the
/// link can tell which helpers only tests and previews call.
enum RegisteringFunctions {
    /// Each scope key is `path:offset` of the function's declaration (`LocalBinding.scope`): the
    /// token starting there leads up to it, so no second walk of the file is needed.
    static func record(_ state: ScanState, tree: SourceFileSyntax) {
        let prefix = state.path + ":"
        var found: [RegisteringFunctionFact] = []
        for scope in Set(state.facts.registrations.compactMap(\.scope)).sorted() {
            guard scope.hasPrefix(prefix), let offset = Int(scope.dropFirst(prefix.count)),
                let token = tree.token(at: AbsolutePosition(utf8Offset: offset))
            else { continue }
            var current = Syntax(token).parent
            while let node = current, node.position.utf8Offset == offset {
                if let function = node.as(FunctionDeclSyntax.self) {
                    found.append(RegisteringFunctionFact(name: function.name.text, scope: scope))
                    break
                }
                current = node.parent
            }
        }
        state.facts.registeringFunctions = found
    }
}
