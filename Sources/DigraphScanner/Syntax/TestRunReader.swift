import DigraphCore
import SwiftSyntax

/// Gives each registration the test run it is made in (``RegistrationFact/testRun``), once the
/// walk is over: only files that declare tests, and only the functions registrations are in.
enum TestRunReader {
    static func assign(_ state: ScanState, tree: SourceFileSyntax) {
        guard state.facts.declaresTests, !state.facts.registrations.isEmpty else { return }
        var cache: [String: String?] = [:]
        for i in state.facts.registrations.indices {
            guard let scope = state.facts.registrations[i].scope else { continue }
            if let known = cache[scope] {
                state.facts.registrations[i].testRun = known
                continue
            }
            let found = offset(of: scope).flatMap { Self.run(at: $0, in: tree, path: state.path) }
            cache[scope] = .some(found)
            state.facts.registrations[i].testRun = found
        }
    }

    /// `path:offset` → offset.
    private static func offset(of scope: String) -> Int? {
        scope.lastIndex(of: ":").flatMap { Int(scope[scope.index(after: $0)...]) }
    }

    private static func run(at offset: Int, in tree: SourceFileSyntax, path: String) -> String? {
        guard let token = tree.token(at: AbsolutePosition(utf8Offset: offset)) else { return nil }
        var method: String?
        var current: Syntax? = Syntax(token)
        while let n = current {
            if let function = n.as(FunctionDeclSyntax.self), isTestMethod(function) {
                method = "\(path):\(function.position.utf8Offset)"
            } else if let type = TypeNaming.declaredName(of: n) {
                return method.map { "\(type)#\($0)" } ?? type
            }
            current = n.parent
        }
        // A global `@Test func`: a run of its own.
        return method.map { "#\($0)" }
    }

    /// XCTest's `func testX()` (no parameters) or Swift Testing's `@Test`.
    static func isTestMethod(_ function: FunctionDeclSyntax) -> Bool {
        if function.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Test" }) {
            return true
        }
        return function.name.text.hasPrefix("test") && function.signature.parameterClause.parameters.isEmpty
    }
}
