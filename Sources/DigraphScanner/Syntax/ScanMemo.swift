import SwiftSyntax

/// Answers the extractors ask again and again about one file's tree, remembered while that file
/// is scanned. Without them a function of N statements costs N²: every `container.register(…)`
/// looked for its receiver's binding among all the statements around it, and every name check
/// walked the whole enclosing body.
final class ScanMemo: @unchecked Sendable {
    /// The memo of the file being scanned on this thread; nil outside a scan (then nothing is
    /// remembered and the answers are computed each time).
    @TaskLocal static var current: ScanMemo?

    /// Statement list -> every `let`/`var` binding of each name among its statements, in order.
    var bindings: [SyntaxIdentifier: [String: [PatternBindingSyntax]]] = [:]
    /// Function, initializer, accessor or closure body -> every name a binding or pattern in it
    /// declares (outside nested types).
    var declaredNames: [SyntaxIdentifier: Set<String>] = [:]
}
