import DigraphCore
import SwiftParser
import SwiftSyntax

/// The small part of Swift a manifest's lists are written in: array literals, names of
/// top-level `let`s, `+` between lists, string literals. Anything else is a note.
struct ManifestExpressions {
    let file: String
    let converter: SourceLocationConverter
    /// Top-level `let`/`var` values by name: the initializer, or each value assigned in a
    /// top-level `if`/`else` (`let products: [Product]; if dynamic { products = [...] } else { ... }`).
    private(set) var bindings: [String: [ExprSyntax]] = [:]
    /// The manifest's own helper functions and static members (see ``ManifestHelpers``).
    private(set) var helpers = ManifestHelpers()
    private(set) var notes: [ProgramNote] = []
    /// Names being expanded, so `let a = b; let b = a` ends.
    private var expanding: Set<String> = []

    init(file: String, converter: SourceLocationConverter) {
        self.file = file
        self.converter = converter
    }

    mutating func collectBinding(_ item: CodeBlockItemSyntax.Item) {
        helpers.collect(item)
        if let variable = item.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                   let value = binding.initializer?.value {
                    bindings[name, default: []].append(value)
                }
            }
        } else if let ifExpr = item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
                    ?? item.as(IfExprSyntax.self) {
            collectAssignments(ifExpr)
        }
    }

    /// `name = value` statements in every branch of a top-level `if`: whichever branch runs, the
    /// project may have those targets, so all are read.
    private mutating func collectAssignments(_ ifExpr: IfExprSyntax) {
        var blocks = [ifExpr.body]
        var next = ifExpr.elseBody
        while let elseBody = next {
            switch elseBody {
            case .codeBlock(let block):
                blocks.append(block)
                next = nil
            case .ifExpr(let nested):
                blocks.append(nested.body)
                next = nested.elseBody
            }
        }
        for statement in blocks.flatMap(\.statements) {
            guard let sequence = statement.item.as(SequenceExprSyntax.self) else { continue }
            let parts = Array(sequence.elements)
            if parts.count == 3, parts[1].is(AssignmentExprSyntax.self),
               let name = parts[0].as(DeclReferenceExprSyntax.self)?.baseName.text {
                bindings[name, default: []].append(parts[2])
            }
        }
    }

    func location(of node: Syntax) -> SourceLocation {
        let start = node.startLocation(converter: converter, afterLeadingTrivia: true)
        return SourceLocation(file: file, line: start.line, column: start.column)
    }

    /// The elements of a list expression; what cannot be expanded is noted and left out.
    mutating func list(_ expr: ExprSyntax, what: String) -> [ExprSyntax] {
        let expr = Self.unparenthesized(expr)
        if let array = expr.as(ArrayExprSyntax.self) { return array.elements.map(\.expression) }
        if let reference = expr.as(DeclReferenceExprSyntax.self), let values = bindings[reference.baseName.text],
           !expanding.contains(reference.baseName.text) {
            expanding.insert(reference.baseName.text)
            defer { expanding.remove(reference.baseName.text) }
            return values.flatMap { list($0, what: what) }
        }
        if let sequence = expr.as(SequenceExprSyntax.self) {
            let parts = Array(sequence.elements)
            let operators = stride(from: 1, to: parts.count, by: 2).map { parts[$0] }
            if parts.count % 2 == 1,
               operators.allSatisfy({ $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" }) {
                return stride(from: 0, to: parts.count, by: 2).flatMap { list(parts[$0], what: what) }
            }
        }
        // `[features, navigators].flatMap { $0 }`, `.joined()`, `reduce([], +)`: a list of lists, flattened.
        if let lists = Self.flattened(expr) {
            return list(lists, what: what).flatMap { list($0, what: what) }
        }
        notes.append(ProgramNote(
            message: "\(what): '\(Self.abbreviated(expr))' is computed; digraph reads only literal lists",
            location: location(of: Syntax(expr))))
        return []
    }

    /// A string literal without interpolation, directly or through a top-level `let`.
    mutating func string(_ expr: ExprSyntax) -> String? {
        let expr = Self.unparenthesized(expr)
        if let literal = expr.as(StringLiteralExprSyntax.self) { return literal.representedLiteralValue }
        if let reference = expr.as(DeclReferenceExprSyntax.self), let value = bindings[reference.baseName.text]?.first,
           !expanding.contains(reference.baseName.text) {
            expanding.insert(reference.baseName.text)
            defer { expanding.remove(reference.baseName.text) }
            return string(value)
        }
        return nil
    }

    mutating func strings(_ expr: ExprSyntax, what: String) -> [String] {
        var out: [String] = []
        for element in list(expr, what: what) {
            if let value = string(element) {
                out.append(value)
            } else {
                notes.append(ProgramNote(message: "\(what): '\(Self.abbreviated(element))' is not a string literal",
                                         location: location(of: Syntax(element))))
            }
        }
        return out
    }

    /// A call, directly or through a top-level `let` (`let core = Target.target(...)`), or what a
    /// helper the manifest declares returns (see ``ManifestHelpers``).
    /// `.foundation` with `static var foundation: Self { "ShoppyFoundation" }` (Shoppy's `Base`
    /// package): the value of a static member the manifest declares, when it is no call.
    func staticValue(_ expr: ExprSyntax) -> ExprSyntax? {
        guard let access = Self.unparenthesized(expr).as(MemberAccessExprSyntax.self) else { return nil }
        return helpers.statics[access.declName.baseName.text]
    }

    mutating func resolvedCall(_ expr: ExprSyntax) -> FunctionCallExprSyntax? {
        var inlined = false
        return resolvedCall(expr, inlined: &inlined)
    }

    /// `inlined`: the call is a helper's (gertrude's `.checkedTarget(name:dependencies:)` returns
    /// a `.target(…)`), so it stands in the helper's body, not where the manifest lists it.
    mutating func resolvedCall(_ expr: ExprSyntax, inlined: inout Bool) -> FunctionCallExprSyntax? {
        let expr = Self.unparenthesized(expr)
        if let call = expr.as(FunctionCallExprSyntax.self) {
            guard let name = Self.calleeName(call), let returned = inline(name, arguments: Array(call.arguments), call) else {
                return call
            }
            inlined = true
            return resolvedCall(returned, inlined: &inlined) ?? call
        }
        if let reference = expr.as(DeclReferenceExprSyntax.self), let value = bindings[reference.baseName.text]?.first,
           !expanding.contains(reference.baseName.text) {
            expanding.insert(reference.baseName.text)
            defer { expanding.remove(reference.baseName.text) }
            return resolvedCall(value, inlined: &inlined)
        }
        // `.tca`, `Target.Dependency.tca`: a static member the manifest declares.
        if let access = expr.as(MemberAccessExprSyntax.self), let value = helpers.statics[access.declName.baseName.text],
           !expanding.contains("static " + access.declName.baseName.text) {
            expanding.insert("static " + access.declName.baseName.text)
            defer { expanding.remove("static " + access.declName.baseName.text) }
            inlined = true
            return resolvedCall(value, inlined: &inlined)
        }
        // `"x-kit" => "XCore"`: an operator the manifest declares (unfolded: three elements).
        if let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let parts = Array(sequence.elements)
            guard let op = parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
                let returned = inline(op, arguments: [(nil, parts[0]), (nil, parts[2])])
            else { return nil }
            inlined = true
            return resolvedCall(returned, inlined: &inlined)
        }
        return nil
    }

    /// What the helper `name` returns for these arguments, its parameters bound to them (or to
    /// their defaults) for as long as the manifest is read: nil when no helper of that name
    /// takes them, or it is already being expanded.
    private mutating func inline(_ name: String, arguments: [LabeledExprSyntax], _ call: FunctionCallExprSyntax) -> ExprSyntax? {
        guard call.trailingClosure == nil else { return nil }
        return inline(name, arguments: arguments.map { ($0.label?.text, $0.expression) })
    }

    private mutating func inline(_ name: String, arguments: [(label: String?, value: ExprSyntax)]) -> ExprSyntax? {
        let key = "func " + name
        guard let functions = helpers.functions[name], !expanding.contains(key) else { return nil }
        for function in functions {
            guard let body = ManifestHelpers.returned(function),
                let parameters = ManifestHelpers.bind(function, arguments)
            else { continue }
            expanding.insert(key)
            defer { expanding.remove(key) }
            // A parameter passed on by name (`name: name` from another helper) takes that name's
            // value now, not a binding of itself.
            var bound: [String: [ExprSyntax]] = [:]
            for (parameter, value) in parameters {
                if let reference = value.as(DeclReferenceExprSyntax.self), let current = bindings[reference.baseName.text] {
                    bound[parameter] = current
                } else {
                    bound[parameter] = [value]
                }
            }
            bindings.merge(bound) { _, new in new }
            return body
        }
        return nil
    }

    /// `.target(...)`, `Target.target(...)`, `PackageDescription.Target.target(...)` -> `target`;
    /// `Package(...)` -> `Package`.
    /// The list of lists `expr` flattens, with nothing else done to its elements:
    /// `lists.flatMap { $0 }`, `lists.flatMap(\.self)`, `lists.joined()`, `Array(lists.joined())`,
    /// `lists.reduce([], +)`. nil for anything else.
    static func flattened(_ expr: ExprSyntax) -> ExprSyntax? {
        guard let call = unparenthesized(expr).as(FunctionCallExprSyntax.self) else { return nil }
        let arguments = Array(call.arguments)
        if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Array", arguments.count == 1,
            arguments[0].label == nil, call.trailingClosure == nil
        {
            return flattened(arguments[0].expression)
        }
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), let lists = access.base else { return nil }
        switch access.declName.baseName.text {
        case "joined" where arguments.isEmpty && call.trailingClosure == nil:
            return lists
        case "flatMap":
            let closure = call.trailingClosure ?? (arguments.count == 1 ? arguments[0].expression.as(ClosureExprSyntax.self) : nil)
            if let closure, closure.signature == nil, closure.statements.count == 1,
                closure.statements.first?.item.as(DeclReferenceExprSyntax.self)?.baseName.text == "$0"
            {
                return lists
            }
            if call.trailingClosure == nil, arguments.count == 1,
                arguments[0].expression.as(KeyPathExprSyntax.self)?.components.trimmedDescription == ".self"
            {
                return lists
            }
            return nil
        case "reduce" where arguments.count == 2 && call.trailingClosure == nil:
            guard arguments[0].expression.as(ArrayExprSyntax.self)?.elements.isEmpty == true,
                arguments[1].expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "+"
            else { return nil }
            return lists
        default:
            return nil
        }
    }

    static func calleeName(_ call: FunctionCallExprSyntax) -> String? {
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self) { return access.declName.baseName.text }
        return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    static func argument(_ call: FunctionCallExprSyntax, _ label: String) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    static func unparenthesized(_ expr: ExprSyntax) -> ExprSyntax {
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1,
           let only = tuple.elements.first, only.label == nil {
            return unparenthesized(only.expression)
        }
        return expr
    }

    static func abbreviated(_ expr: ExprSyntax) -> String {
        let text = expr.trimmedDescription.split(whereSeparator: \.isNewline)
            .map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")
        return text.count > 60 ? text.prefix(57) + "..." : text
    }
}
