import DigraphCore
import SwiftSyntax

/// SwinjectAutoregistration's force-resolving operator: `r ~> T.self`, `r ~> (T.self, name: "x")`,
/// `r ~> (T.self, argument: a)`, `r ~> (T.self, arguments: (a, b))`, and the same tuples without
/// labels (a string literal is the name, anything else a runtime argument, as overload resolution
/// picks them). The parser leaves operators unfolded, so each `~>` is found in its sequence.
final class ResolveOperatorExtractor {
    private let state: ScanState

    init(state: ScanState) { self.state = state }

    func visit(_ node: SequenceExprSyntax) {
        let items = Array(node.elements)
        for i in items.indices where i > 0 && i + 1 < items.count {
            guard let op = items[i].as(BinaryOperatorExprSyntax.self), op.operator.text == "~>",
                let target = Target(items[i + 1])
            else { continue }
            record(target, resolver: items[i - 1], in: node, operatorIndex: i)
        }
    }

    private struct Target {
        var type: String
        var nameExpr: ExprSyntax?
        var argumentTypes: [String] = []

        init?(_ expr: ExprSyntax) {
            if let type = ExpressionReading.metatype(expr) {
                self.type = type
                return
            }
            guard let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 2,
                let first = tuple.elements.first, first.label == nil || first.label?.text == "service",
                let type = ExpressionReading.metatype(first.expression), let second = tuple.elements.last
            else { return nil }
            self.type = type
            switch second.label?.text {
            case "name": nameExpr = second.expression
            case "argument": argumentTypes = [ArgumentTyping.type(of: second.expression)]
            case "arguments": argumentTypes = Self.arguments(second.expression)
            case nil:
                if second.expression.is(StringLiteralExprSyntax.self) {
                    nameExpr = second.expression
                } else if let inner = second.expression.as(TupleExprSyntax.self), inner.elements.count > 1 {
                    argumentTypes = Self.arguments(second.expression)
                } else {
                    argumentTypes = [ArgumentTyping.type(of: second.expression)]
                }
            default: return nil
            }
        }

        private static func arguments(_ expr: ExprSyntax) -> [String] {
            guard let tuple = expr.as(TupleExprSyntax.self) else { return [ServiceID.unknownArgument] }
            return tuple.elements.map { ArgumentTyping.type(of: $0.expression) }
        }
    }

    private func record(_ target: Target, resolver: ExprSyntax, in sequence: SequenceExprSyntax, operatorIndex: Int) {
        let context = SiteContext.of(resolver, in: state)
        var name: String?
        var nameKind = NameKind.literal
        if let nameExpr = NameReading.given(target.nameExpr) {
            let read = NameReading.read(nameExpr)
            name = read.kind == .dynamic ? ServiceID.dynamicName : read.text
            nameKind = read.kind
            if read.kind == .dynamic {
                state.unanalyzable("resolve name `\(nameExpr.trimmedDescription)` is computed at run time", service: nil, at: resolver)
            }
        }
        var retained = context.retained
        if let closure = context.factoryClosure, retained {
            // `x = r ~> T.self` stores it; alone in a sequence, the whole `r ~> T.self` is the value.
            let assigned = sequence.elements.prefix(operatorIndex).contains { $0.is(AssignmentExprSyntax.self) }
            retained = assigned || KeptUse.isKept(sequence, in: closure)
        }
        let instance =
            context.factory.flatMap { state.facts.registrations[$0.registrationIndex].containerInstance }
            ?? ContainerReceiver.instance(named: resolver, state: state)
        state.facts.requests.append(
            RequestFact(
                requester: context.requester, registry: context.factory?.registry ?? .swinject, type: .named(target.type),
                name: name, argumentTypes: target.argumentTypes, timing: context.timing, retained: retained, via: .resolve,
                optional: false, location: state.location(of: resolver), conditions: ConditionalCompilation.branches(of: resolver),
                nameKind: nameKind, containerInstance: instance))
    }
}
