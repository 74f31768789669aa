import DigraphCore
import SwiftSyntax

/// The parts of a `resolve(T.self[, name:][, argument: | arguments: …])` or `autoResolve()` call.
/// Both Swinject and hand-written locators spell resolves this way; which registry a call goes to
/// is decided from where it stands (see ``ResolveExtractor``).
struct ResolveCall {
    enum Kind { case resolve(type: String), autoResolve }

    var kind: Kind
    var nameExpr: ExprSyntax?
    var argumentTypes: [String]
    /// Uses labels only Swinject has (`name:`, `argument:`, `arguments:`).
    var usesSwinjectLabels: Bool

    init?(_ call: FunctionCallExprSyntax) {
        switch ExpressionReading.calledName(call) {
        case "autoResolve":
            guard call.arguments.isEmpty, call.trailingClosure == nil else { return nil }
            kind = .autoResolve
            argumentTypes = []
            usesSwinjectLabels = false
        case "resolve":
            let args = Array(call.arguments)
            guard let first = args.first, first.label == nil, let type = ExpressionReading.metatype(first.expression),
                call.trailingClosure == nil
            else { return nil }
            kind = .resolve(type: type)
            argumentTypes = []
            usesSwinjectLabels = false
            var collectingArguments = false
            for arg in args.dropFirst() {
                switch arg.label?.text {
                case "name":
                    nameExpr = arg.expression
                    collectingArguments = false
                case "argument":
                    argumentTypes = [ExpressionReading.literalType(arg.expression)]
                    collectingArguments = false
                case "arguments":
                    argumentTypes = [ExpressionReading.literalType(arg.expression)]
                    collectingArguments = true
                case nil where collectingArguments:
                    argumentTypes.append(ExpressionReading.literalType(arg.expression))
                default:
                    return nil
                }
                usesSwinjectLabels = true
            }
        default:
            return nil
        }
    }
}
