import DigraphCore
import SwiftSyntax

/// A call to a project's own helper declared beside it (a method of the same type, or a
/// function of the same file) whose body registers one fixed type on a container: vIOS's
/// `self.register(name: X.typeName) { r in … }` over `private func register(name:factory:)`,
/// which registers `SubscriberProtocol` under that name. The call is not read, but it can only
/// register that type: its container stays open for that type's keys, not for every key.
enum HelperRegistrations {
    /// The one type the helper `call` invokes registers; nil when the helper is not found
    /// beside the call, its labels do not fit, or its body registers anything else (a type it is
    /// given, several types, nothing read).
    static func fixedType(called call: FunctionCallExprSyntax, name: String) -> String? {
        if let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
            base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind != .keyword(.self)
        {
            return nil
        }
        guard let helper = helper(named: name, labels: call.argumentLabels, around: call), let body = helper.body else { return nil }
        let parameters = Set(helper.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        let calls = RegisterCalls(viewMode: .sourceAccurate)
        calls.walk(body)
        var types: Set<String> = []
        var unread = false
        for inner in calls.found {
            guard let first = inner.arguments.first, first.label == nil,
                let type = ExpressionReading.metatype(first.expression),
                !parameters.contains(type), type.first?.isUppercase == true
            else {
                unread = true
                continue
            }
            types.insert(type)
        }
        guard !unread, types.count == 1 else { return nil }
        return types.first
    }

    /// The registration-named calls of a body.
    private final class RegisterCalls: SyntaxVisitor {
        var found: [FunctionCallExprSyntax] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = ExpressionReading.calledName(node), DILooking.registrationNames.contains(name) { found.append(node) }
            return .visitChildren
        }
    }

    /// The function named `name` whose labels fit `labels`, among the members of the type around
    /// the call, else the file's top-level functions.
    private static func helper(named name: String, labels: [String?], around call: some SyntaxProtocol)
        -> FunctionDeclSyntax?
    {
        var current = Syntax(call).parent
        while let node = current {
            if let members = node.as(MemberBlockSyntax.self) {
                for member in members.members {
                    if let function = member.decl.as(FunctionDeclSyntax.self), fits(function, name, labels) { return function }
                }
            }
            if let file = node.as(SourceFileSyntax.self) {
                for item in file.statements {
                    if let function = item.item.as(FunctionDeclSyntax.self), fits(function, name, labels) { return function }
                }
            }
            current = node.parent
        }
        return nil
    }

    private static func fits(_ function: FunctionDeclSyntax, _ name: String, _ labels: [String?]) -> Bool {
        guard function.name.text == name else { return false }
        let parameters = Array(function.signature.parameterClause.parameters)
        guard parameters.count == labels.count else { return false }
        return zip(parameters, labels).allSatisfy { parameter, label in
            let declared = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            return declared == label || label == nil
        }
    }
}
