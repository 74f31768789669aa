import DigraphCore
import SwiftSyntax

/// Evaluates the small part of Swift that Tuist manifests and their `ProjectDescriptionHelpers`
/// are written in: literals, string interpolation, `+`, `==`, `&&`, `? :`, top-level and static
/// `let`s, enum cases and raw values, and calls of the helpers' functions with the call's
/// arguments (default values included), through `let`/`var`, `if`, `guard`, `switch` on an enum
/// case, `for … in` a known list, `append` and `return`. Nothing is executed; whatever is outside
/// that subset becomes an ``TuistUnknown`` naming the expression, never a guess.
///
/// Every walk is bounded: helper calls nest at most ``maxDepth`` deep, a helper already running
/// is not entered again (a helper `static func target(...)` calling ProjectDescription's
/// `.target(...)` reads as that call), and one manifest costs at most ``maxSteps`` evaluations.
final class TuistEvaluator {
    static let maxDepth = 24
    static let maxSteps = 200_000

    let declarations: TuistDeclarations
    private var steps = 0
    private var running: [String] = []
    private var evaluatingGlobals: Set<String> = []

    init(declarations: TuistDeclarations) {
        self.declarations = declarations
    }

    // MARK: - Values

    func force(_ thunk: TuistThunk) -> TuistValue {
        switch thunk {
        case .value(let value): value
        case .lazy(let expr, let scope, let hint): evaluate(expr, in: scope, hint: hint)
        }
    }

    /// `value` flattened: lists of lists (a helper returning `[Target]` inside a list) become one.
    func flattened(_ value: TuistValue) -> [TuistValue] {
        if case .array(let elements) = value { return elements.flatMap(flattened) }
        return [value]
    }

    func evaluate(_ expr: ExprSyntax, in scope: TuistScope, hint: String? = nil) -> TuistValue {
        steps += 1
        if steps > Self.maxSteps {
            return unknown("the helpers take more than \(Self.maxSteps) steps to follow", expr, scope)
        }
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            return evaluate(only.expression, in: scope, hint: hint)
        }
        if let inner = expr.as(ForceUnwrapExprSyntax.self) { return evaluate(inner.expression, in: scope, hint: hint) }
        if let inner = expr.as(OptionalChainingExprSyntax.self) { return evaluate(inner.expression, in: scope, hint: hint) }
        if let inner = expr.as(TryExprSyntax.self) { return evaluate(inner.expression, in: scope, hint: hint) }
        if let cast = expr.as(AsExprSyntax.self) {
            return evaluate(cast.expression, in: scope, hint: TuistDeclarations.typeName(cast.type))
        }
        if let literal = expr.as(StringLiteralExprSyntax.self) { return string(literal, in: scope) }
        if let literal = expr.as(IntegerLiteralExprSyntax.self) {
            return Int(literal.literal.text).map(TuistValue.int) ?? unknown("an integer", expr, scope)
        }
        if let literal = expr.as(BooleanLiteralExprSyntax.self) { return .bool(literal.literal.text == "true") }
        if expr.is(NilLiteralExprSyntax.self) { return .nothing }
        if let array = expr.as(ArrayExprSyntax.self) {
            let element = hint.map(TuistDeclarations.elementType)
            return .array(array.elements.map { evaluate($0.expression, in: scope, hint: element) })
        }
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return name(reference, in: scope) }
        if let access = expr.as(MemberAccessExprSyntax.self) { return member(access, in: scope, hint: hint) }
        if let call = expr.as(FunctionCallExprSyntax.self) { return self.call(call, in: scope, hint: hint) }
        if let ternary = expr.as(TernaryExprSyntax.self) { return self.ternary(ternary, in: scope, hint: hint) }
        if let ifExpr = expr.as(IfExprSyntax.self) { return value(of: ifExpr, in: scope, hint: hint) }
        if let dictionary = expr.as(DictionaryExprSyntax.self) { return self.dictionary(dictionary, in: scope, hint: hint) }
        if let subscripted = expr.as(SubscriptCallExprSyntax.self) { return element(subscripted, in: scope) }
        if let infix = expr.as(InfixOperatorExprSyntax.self) { return operation(infix, in: scope, hint: hint) }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            if case .bool(let value) = evaluate(prefix.expression, in: scope) { return .bool(!value) }
        }
        return unknown("'\(Self.abbreviated(expr))' is not followed", expr, scope)
    }

    private func string(_ literal: StringLiteralExprSyntax, in scope: TuistScope) -> TuistValue {
        if let plain = literal.representedLiteralValue { return .string(plain) }
        var out = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let text): out += text.content.text
            case .expressionSegment(let interpolation):
                guard interpolation.expressions.count == 1, let only = interpolation.expressions.first else {
                    return unknown("an interpolation digraph does not follow", Syntax(interpolation), scope)
                }
                let value = evaluate(only.expression, in: scope)
                let shown: TuistValue =
                    switch value {
                    case .symbol(_, _, _?), .type: described(value, only.expression, in: scope)
                    default: value
                    }
                guard let text = shown.text else {
                    return value.why.map(TuistValue.unknown)
                        ?? unknown("'\(Self.abbreviated(only.expression))' is not a string", Syntax(only), scope)
                }
                out += text
            }
        }
        return .string(out)
    }

    private func name(_ reference: DeclReferenceExprSyntax, in scope: TuistScope) -> TuistValue {
        let name = reference.baseName.text
        if name == "self" {
            // In a static method `self` is the type: `self.target(…)` in `extension Target`.
            return scope.selfValue ?? scope.type.map(TuistValue.type) ?? unknown("'self' outside a method", reference, scope)
        }
        // `Self` in a method called on a case of a helper enum: the case's enum.
        if name == "Self", case .symbol(_, _, let type?)? = scope.selfValue { return .type(type) }
        if let bound = scope.lookup(name) { return force(bound) }
        // A stored property of `self` named without `self.` in a helper struct's method.
        if case .call(let receiver)? = scope.selfValue, let field = receiver.argument(name) { return force(field) }
        // `rawValue` without `self.` in a method of a helper enum.
        if name == "rawValue", case .symbol(_, let raw, _)? = scope.selfValue { return .string(raw) }
        // A static of the type being evaluated, named without its type (Cllog's
        // `static let domain = project(name: "\(name)Domain")` beside `static let name = "Video"`).
        if let type = scope.type.map(declarations.canonical),
            (declarations.statics[name] ?? []).contains(where: { TuistDeclarations.fit($0.type, type) == 2 })
        {
            return staticMember(name, of: type, at: reference, in: scope, written: true)
        }
        if let global = declarations.globals[name] {
            let key = "\(global.file.display):\(name)"
            guard evaluatingGlobals.insert(key).inserted else {
                return unknown("'\(name)' is defined by itself", reference, scope)
            }
            defer { evaluatingGlobals.remove(key) }
            return variable(global)
        }
        if name.first?.isUppercase == true { return .type(declarations.canonical(name)) }
        return unknown("'\(name)' is declared nowhere digraph reads (the manifest, ProjectDescriptionHelpers)", reference, scope)
    }

    private func variable(_ variable: TuistDeclarations.Variable) -> TuistValue {
        let scope = TuistScope(parent: nil, file: variable.file, type: variable.type)
        let hint = variable.declaredType ?? variable.type
        switch variable.value {
        case .expression(let expr): return evaluate(expr, in: scope, hint: hint)
        case .getter(let body): return result(of: body, in: scope, returning: hint, what: "a computed property")
        }
    }

    // MARK: - Members

    private func member(_ access: MemberAccessExprSyntax, in scope: TuistScope, hint: String?) -> TuistValue {
        let name = access.declName.baseName.text
        guard let baseExpr = access.base else { return staticMember(name, of: hint, at: access, in: scope) }
        let base = evaluate(baseExpr, in: scope)
        switch base {
        case .type(let type) where name == "allCases":
            return allCases(of: type) ?? unknown("'\(type).allCases': no enum of that name with cases digraph reads", access, scope)
        case .type where name == "self": return base
        case .type(let type): return staticMember(name, of: type, at: access, in: scope, written: true)
        case .symbol(_, let raw, _) where name == "rawValue": return .string(raw)
        case .symbol(_, _, let type?):
            return property(name, of: base, type: type, at: access, in: scope)
                ?? unknown("'.\(name)' of a case of '\(type)' is not followed", access, scope)
        case .call(let call):
            if let argument = call.argument(name) { return force(argument) }
            // A computed property of a helper struct built by its initializer.
            if let type = call.type, let value = property(name, of: base, type: type, at: access, in: scope) { return value }
            return unknown("'\(name)' of '.\(call.name)(...)' is not followed", access, scope)
        case .array(let elements) where name == "count": return .int(elements.count)
        case .array(let elements) where name == "isEmpty": return .bool(elements.isEmpty)
        case .string(let text) where name == "isEmpty": return .bool(text.isEmpty)
        case .unknown: return base
        default: return unknown("'\(Self.abbreviated(ExprSyntax(access)))' is not followed", access, scope)
        }
    }

    /// `module.path`: an instance computed property of the case's enum, or of a protocol it
    /// conforms to (declared in the protocol's extension), evaluated with the case as `self`.
    private func property(
        _ name: String, of base: TuistValue, type: String, at node: some SyntaxProtocol, in scope: TuistScope
    ) -> TuistValue? {
        let rank = { (variable: TuistDeclarations.Variable) in self.memberRank(owner: variable.type, receiver: type) }
        guard let variable = (declarations.properties[name] ?? []).filter({ rank($0) > 0 }).max(by: { rank($0) < rank($1) }),
              case .getter(let body) = variable.value
        else { return nil }
        let key = "property \(variable.file.display):\(variable.type ?? ""):\(name)"
        guard !running.contains(key), running.count < Self.maxDepth else {
            return unknown("'.\(name)' is defined by itself or nested too deep", node, scope)
        }
        running.append(key)
        defer { running.removeLast() }
        let local = TuistScope(parent: nil, file: variable.file, selfValue: base, type: type)
        return result(of: body, in: local, returning: variable.declaredType, what: "a computed property")
    }

    /// How well an instance member declared in `owner` fits a receiver of type `receiver`: 2 in
    /// the receiver's own type, 1 in a protocol or type it names after `:`, 0 not at all.
    private func memberRank(owner: String?, receiver: String?) -> Int {
        guard let owner, let receiver else { return 0 }
        if TuistDeclarations.fit(owner, receiver) == 2 { return 2 }
        return declarations.inherits[receiver]?.contains(owner) == true ? 1 : 0
    }

    /// `String(describing: x)`: a case's name (not its raw value) and a type's name, as Swift
    /// prints them; a string as itself.
    private func described(_ value: TuistValue, _ node: ExprSyntax, in scope: TuistScope) -> TuistValue {
        switch value {
        case .symbol(let name, _, _): .string(name)
        case .type(let type): .string(String(type.split(separator: ".").last ?? Substring(type)))
        case .string, .int, .bool: value.text.map(TuistValue.string) ?? value
        case .unknown: value
        default: unknown("'String(describing:)' of '\(Self.abbreviated(node))' is not followed", node, scope)
        }
    }

    /// `ModulePaths.Feature.allCases`: the cases (without payloads) of an enum the helpers
    /// declare, by name (the order of a manifest's dependency list does not matter to digraph).
    private func allCases(of type: String) -> TuistValue? {
        var found: [TuistValue] = []
        for (name, cases) in declarations.cases {
            for enumCase in cases where !enumCase.hasPayload && TuistDeclarations.fit(enumCase.type, type) == 2 {
                found.append(.symbol(name, raw: enumCase.raw, type: enumCase.type))
            }
        }
        guard !found.isEmpty else { return nil }
        return .array(found.sorted { ($0.text ?? "") < ($1.text ?? "") })
    }

    /// `list.map { TargetDependency.feature(target: $0) }`, `compactMap`, `flatMap`: the closure's
    /// result for each element of a list digraph knows (each evaluated, so the walk stays bounded
    /// by ``maxSteps``). A closure of statements other than one expression is not followed.
    private func mapped(
        _ elements: [TuistValue], _ name: String, by closure: ClosureExprSyntax, _ call: FunctionCallExprSyntax,
        in scope: TuistScope
    ) -> TuistValue {
        let parameter = Self.firstParameter(of: closure)
        guard closure.statements.count == 1, case .expr(let body) = closure.statements.first!.item else {
            return unknown("'.\(name) { ... }' of more than one expression is not followed", call, scope)
        }
        var results: [TuistValue] = []
        for element in elements {
            let local = TuistScope(parent: scope, file: scope.file)
            local.bindings[parameter] = .value(element)
            let value = evaluate(body, in: local)
            if case .unknown = value { return value }
            switch (name, value) {
            case ("compactMap", .nothing): continue
            case ("flatMap", .array(let inner)): results += inner
            default: results.append(value)
            }
        }
        return .array(results)
    }

    /// `.name` or `Type.name`: a static member the helpers declare, an enum case, a nested type, or
    /// else a member of ProjectDescription (`.app`, `.iOS`), kept as a symbol.
    private func staticMember(
        _ name: String, of type: String?, at node: some SyntaxProtocol, in scope: TuistScope, written: Bool = false
    ) -> TuistValue {
        let type = type.map { declarations.canonical(TuistDeclarations.elementType($0)) }
        let variables = (declarations.statics[name] ?? []).filter { TuistDeclarations.fit($0.type, type) > 0 }
            .sorted { TuistDeclarations.fit($0.type, type) > TuistDeclarations.fit($1.type, type) }
        let cases = (declarations.cases[name] ?? []).filter { TuistDeclarations.fit($0.type, type) > 0 }
            .sorted { TuistDeclarations.fit($0.type, type) > TuistDeclarations.fit($1.type, type) }
        let bestVariable = variables.first.map { TuistDeclarations.fit($0.type, type) } ?? 0
        let bestCase = cases.first.map { TuistDeclarations.fit($0.type, type) } ?? 0
        if let variable = variables.first, bestVariable >= bestCase {
            let key = "static \(variable.file.display):\(variable.type ?? ""):\(name)"
            guard !running.contains(key), running.count < Self.maxDepth else {
                return unknown("'.\(name)' is defined by itself or nested too deep", node, scope)
            }
            running.append(key)
            defer { running.removeLast() }
            return self.variable(variable)
        }
        if let found = cases.first { return .symbol(name, raw: found.raw, type: found.type) }
        let qualified = declarations.canonical(written ? type.map { "\($0).\(name)" } ?? name : name)
        if declarations.types.contains(qualified) || declarations.types.contains(where: { $0.hasSuffix("." + name) })
            || name.first?.isUppercase == true
        {
            return .type(qualified)
        }
        return .symbol(name, raw: name, type: nil)
    }

    // MARK: - Calls

    private func call(_ call: FunctionCallExprSyntax, in scope: TuistScope, hint: String?) -> TuistValue {
        let labels = call.arguments.map { $0.label?.text }
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self) {
            let name = access.declName.baseName.text
            guard let baseExpr = access.base else {
                return staticCall(name, labels: labels, of: hint, call, in: scope)
            }
            let base = evaluate(baseExpr, in: scope)
            switch base {
            case .type(let type):
                return staticCall(name, labels: labels, of: type, call, in: scope)
            case .unknown:
                return base
            default:
                return method(name, on: base, labels: labels, call, in: scope)
            }
        }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name == "String", labels == ["describing"], let argument = call.arguments.first {
                return described(evaluate(argument.expression, in: scope), argument.expression, in: scope)
            }
            // A global function, or a static one called from inside its type.
            let functions = (declarations.functions[name] ?? []).filter { $0.isStatic && Self.accepts($0.declaration, labels) }
                .sorted { ($0.type == scope.type ? 1 : 0) > ($1.type == scope.type ? 1 : 0) }
            for function in functions {
                if let value = invoke(function, call, in: scope, self: scope.selfValue) { return value }
            }
            if name.first?.isUppercase == true { return symbolic(name, type: name, call, in: scope) }
            if !functions.isEmpty { return unknown("'\(name)(...)' calls itself: not followed", call, scope) }
            // `target(name: …)` unqualified in a static method of `extension Target`: the type's
            // own static member, as `.target(…)` would be.
            if let type = scope.type, scope.selfValue == nil {
                return staticCall(name, labels: call.arguments.map { $0.label?.text }, of: type, call, in: scope)
            }
        }
        return unknown("'\(Self.abbreviated(ExprSyntax(call)))' is not followed", call, scope)
    }

    /// `.name(...)` or `Type.name(...)`: a helper's static function when one takes these labels,
    /// else a call into ProjectDescription, kept symbolic.
    private func staticCall(
        _ name: String, labels: [String?], of type: String?, _ call: FunctionCallExprSyntax, in scope: TuistScope
    ) -> TuistValue {
        let type = type.map { declarations.canonical(TuistDeclarations.elementType($0)) }
        let candidates = (declarations.functions[name] ?? [])
            .filter { $0.isStatic && Self.accepts($0.declaration, labels) && TuistDeclarations.fit($0.type, type) > 0 }
            .sorted { TuistDeclarations.fit($0.type, type) > TuistDeclarations.fit($1.type, type) }
        for function in candidates {
            if let value = invoke(function, call, in: scope, self: nil) { return value }
        }
        return symbolic(name, type: type, call, in: scope)
    }

    /// `value.name(...)`: what digraph knows of lists and strings, else a helper's instance method.
    private func method(
        _ name: String, on base: TuistValue, labels: [String?], _ call: FunctionCallExprSyntax, in scope: TuistScope
    ) -> TuistValue {
        let arguments = Array(call.arguments)
        switch (base, name, labels) {
        case (.array(let elements), "contains", [nil]):
            // `.interface` in `targets.contains(.interface)` is a case of the list's enum, not
            // another type's static member of that name.
            let elementType = elements.lazy.compactMap { element -> String? in
                if case .symbol(_, _, let type) = element { return type }
                return nil
            }.first
            let wanted = evaluate(arguments[0].expression, in: scope, hint: elementType)
            return contains(elements, wanted).map(TuistValue.bool) ?? unknown("'contains' is not followed", call, scope)
        case (.array(let elements), "map", _), (.array(let elements), "compactMap", _), (.array(let elements), "flatMap", _):
            if let closure = Self.closure(of: call), labels.count <= 1 { return mapped(elements, name, by: closure, call, in: scope) }
        // `Environment.forPreview.getBoolean(default: false)`: a `TUIST_` variable a plain
        // `tuist generate` does not set, so its default (Legacy-iOS's app product).
        case (_, "getBoolean", ["default"]), (_, "getString", ["default"]), (_, "getInteger", ["default"]):
            if Self.readsEnvironment(call) { return evaluate(arguments[0].expression, in: scope) }
        case (.string(let text), "lowercased", []): return .string(text.lowercased())
        case (.string(let text), "uppercased", []): return .string(text.uppercased())
        default: break
        }
        if case .call(let receiver) = base, ["with", "then"].contains(name), let closure = Self.closure(of: call) {
            return .call(configured(receiver, by: closure, in: scope))
        }
        let receiverType: String? =
            switch base {
            case .symbol(_, _, let type): type
            case .call(let receiver): receiver.type
            default: nil
            }
        // The receiver's own type's method first, then its protocols' extensions.
        let rank = { (function: TuistDeclarations.Function) in self.memberRank(owner: function.type, receiver: receiverType) }
        let candidates = (declarations.functions[name] ?? []).filter { !$0.isStatic && Self.accepts($0.declaration, labels) }
            .sorted { rank($0) > rank($1) }
        for function in candidates {
            if let value = invoke(function, call, in: scope, self: base) { return value }
        }
        return unknown("'.\(name)(...)' is not followed", call, scope)
    }

    /// `Environment.x.getBoolean(…)`, `ProjectDescription.Environment.x.getString(…)`: a read of
    /// the manifest's environment, as written.
    private static func readsEnvironment(_ call: FunctionCallExprSyntax) -> Bool {
        guard let method = call.calledExpression.as(MemberAccessExprSyntax.self),
            let variable = method.base?.as(MemberAccessExprSyntax.self)
        else { return false }
        let owner = variable.base?.trimmedDescription ?? ""
        return owner == "Environment" || owner.hasSuffix(".Environment")
    }

    private func symbolic(_ name: String, type: String?, _ call: FunctionCallExprSyntax, in scope: TuistScope) -> TuistValue {
        if name == "init" || name == type, let type, let value = initialized(type, call, in: scope) { return .call(value) }
        let payload = payloadTypes(ofCase: name, in: type)
        return .call(TuistCall(
            name: name, type: type,
            arguments: call.arguments.enumerated().map { index, argument in
                let hint = Self.argumentTypes[argument.label?.text ?? ""] ?? (index < payload.count ? payload[index] : nil)
                return (argument.label?.text, .lazy(argument.expression, scope, hint: hint))
            },
            location: scope.file.location(call)))
    }

    /// The payload types of the helpers' enum case `name` (in `type` when known), when every such
    /// case agrees: `.scene(.home)` is `Scene.home`, not another enum's `home`.
    private func payloadTypes(ofCase name: String, in type: String?) -> [String] {
        let candidates = (declarations.cases[name] ?? []).filter { $0.hasPayload && TuistDeclarations.fit($0.type, type) > 0 }
        guard let first = candidates.first, candidates.allSatisfy({ $0.payloadTypes == first.payloadTypes }) else { return [] }
        return first.payloadTypes
    }

    /// A helper struct built by its own `init`: every parameter becomes the property of that name
    /// (what such an `init` assigns), from the call's argument or the parameter's default value.
    private func initialized(_ type: String, _ call: FunctionCallExprSyntax, in scope: TuistScope) -> TuistCall? {
        let labels = call.arguments.map { $0.label?.text }
        let declared = declarations.initializers.first { TuistDeclarations.fit($0.key, type) == 2 }
        // A struct declaring no initializer, built with none of its properties: its values.
        if declared == nil, labels.isEmpty {
            let defaults = storedDefaults(of: type, besides: [])
            return defaults.isEmpty ? nil : TuistCall(name: "init", type: type, arguments: defaults, location: scope.file.location(call))
        }
        guard let (initializer, file) = declared?.value.first(where: { Self.accepts($0.declaration.signature.parameterClause, labels) })
        else { return nil }
        var arguments = Array(call.arguments)[...]
        var fields: [(label: String?, value: TuistThunk)] = []
        for parameter in initializer.signature.parameterClause.parameters {
            let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
            let name = (parameter.secondName ?? parameter.firstName).text
            let hint = TuistDeclarations.typeName(parameter.type)
            if let next = arguments.first, next.label?.text == label {
                fields.append((name, .lazy(next.expression, scope, hint: hint)))
                arguments = arguments.dropFirst()
            } else if let value = parameter.defaultValue?.value {
                fields.append((name, .lazy(value, TuistScope(parent: nil, file: file, type: declared?.key), hint: hint)))
            }
        }
        fields += storedDefaults(of: declared?.key ?? type, besides: fields)
        return TuistCall(name: "init", type: declared?.key ?? type, arguments: fields, location: scope.file.location(call))
    }

    /// The stored properties the type declares with a value (`let projectName = "Cllog"`) that
    /// the initializer's parameters do not already give: Cllog's `AppConfiguration()`.
    private func storedDefaults(of type: String, besides given: [(label: String?, value: TuistThunk)]) -> [(label: String?, value: TuistThunk)] {
        let owner = declarations.storedDefaults.keys.first { TuistDeclarations.fit($0, type) == 2 }
        guard let owner, let defaults = declarations.storedDefaults[owner] else { return [] }
        return defaults.compactMap { name, variable in
            guard !given.contains(where: { $0.label == name }), case .expression(let value) = variable.value else { return nil }
            return (name, .lazy(value, TuistScope(parent: nil, file: variable.file, type: owner), hint: variable.declaredType))
        }
    }

    /// `spec.with { $0.sources = .interface }`: a copy with the properties the closure assigns.
    private func configured(_ receiver: TuistCall, by closure: ClosureExprSyntax, in scope: TuistScope) -> TuistCall {
        var copy = receiver
        let parameter = Self.firstParameter(of: closure)
        for item in closure.statements {
            guard case .expr(let expr) = item.item, let assignment = expr.as(InfixOperatorExprSyntax.self),
                assignment.operator.is(AssignmentExprSyntax.self),
                let access = assignment.leftOperand.as(MemberAccessExprSyntax.self),
                access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == parameter
            else { continue }
            let field = access.declName.baseName.text
            let value = TuistThunk.lazy(assignment.rightOperand, scope, hint: Self.argumentTypes[field])
            copy.arguments.removeAll { $0.label == field }
            copy.arguments.append((field, value))
        }
        return copy
    }

    /// The name a closure gives its first parameter: `t` in `{ t in … }`, else `$0`.
    private static func firstParameter(of closure: ClosureExprSyntax) -> String {
        closure.signature?.parameterClause.flatMap { clause -> String? in
            switch clause {
            case .simpleInput(let names): names.first?.name.text
            case .parameterClause(let list): list.parameters.first.map { ($0.secondName ?? $0.firstName).text }
            }
        } ?? "$0"
    }

    /// The closure a call passes last, trailing or not.
    private static func closure(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
    }

    /// The ProjectDescription types of the arguments digraph reads, so that `.app` in
    /// `product: .app` is the product even where a helper declares a `static var app`.
    static let argumentTypes: [String: String] = [
        "product": "Product", "sources": "SourceFilesList", "dependencies": "TargetDependency", "targets": "Target",
        "path": "Path", "name": "String",
    ]

    /// Whether a call with `labels` can call `function`: each argument matches the next parameter
    /// with its label, the parameters skipped have default values.
    static func accepts(_ function: FunctionDeclSyntax, _ labels: [String?]) -> Bool {
        accepts(function.signature.parameterClause, labels)
    }

    static func accepts(_ clause: FunctionParameterClauseSyntax, _ labels: [String?]) -> Bool {
        var remaining = labels[...]
        for parameter in clause.parameters {
            let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
            if let next = remaining.first, next == label {
                remaining = remaining.dropFirst()
            } else if parameter.defaultValue == nil {
                return false
            }
        }
        return remaining.isEmpty
    }

    /// The helper's result with the call's arguments; nil when the helper is already running (the
    /// call is then read as ProjectDescription's, which the helper wraps).
    private func invoke(
        _ function: TuistDeclarations.Function, _ call: FunctionCallExprSyntax, in scope: TuistScope, self receiver: TuistValue?
    ) -> TuistValue? {
        let key = "\(function.file.display):\(function.declaration.position.utf8Offset)"
        guard !running.contains(key) else { return nil }
        guard running.count < Self.maxDepth else {
            return unknown("helpers nested deeper than \(Self.maxDepth) calls are not followed", call, scope)
        }
        guard let body = function.declaration.body else { return nil }
        let local = TuistScope(parent: nil, file: function.file, selfValue: receiver, type: function.type)
        var arguments = Array(call.arguments)[...]
        let overloaded = (declarations.functions[function.declaration.name.text]?.count ?? 0) > 1
        for parameter in function.declaration.signature.parameterClause.parameters {
            let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
            let name = (parameter.secondName ?? parameter.firstName).text
            let type = TuistDeclarations.typeName(parameter.type)
            if let next = arguments.first, next.label?.text == label {
                // Overloads by a list or one string (`createTargets(for: [String])` beside
                // `createTargets(for: String)`): an argument of the other kind picks the other.
                if overloaded, Self.isListType(type) || type == "String" {
                    let given = evaluate(next.expression, in: scope, hint: type)
                    switch given {
                    case .array where type == "String", .string where Self.isListType(type): return nil
                    default: break
                    }
                }
                local.bindings[name] = .lazy(next.expression, scope, hint: type)
                arguments = arguments.dropFirst()
            } else if let value = parameter.defaultValue?.value {
                local.bindings[name] = .lazy(value, TuistScope(parent: nil, file: function.file, type: function.type), hint: type)
            }
        }
        bindGenericParameters(of: function.declaration, in: local)
        running.append(key)
        defer { running.removeLast() }
        let returns = function.declaration.signature.returnClause.map { TuistDeclarations.typeName($0.type) }
        return result(of: body.statements, in: local, returning: returns, what: "'\(function.declaration.name.text)'")
    }

    /// `[String]`, `[TargetDependency]` (not a dictionary's `[K: V]`).
    private static func isListType(_ type: String) -> Bool { type.hasPrefix("[") && !type.contains(":") }

    /// `func make<T: Modulable>(rootModule: T.Type)` called with `Feature.self`, or `(module: T)`
    /// with `Feature.home`: `T` is `Feature` in the body (`T.allCases`, `String(describing: T.self)`).
    private func bindGenericParameters(of function: FunctionDeclSyntax, in local: TuistScope) {
        for generic in function.genericParameterClause?.parameters ?? [] {
            let name = generic.name.text
            for parameter in function.signature.parameterClause.parameters {
                let type = TuistDeclarations.typeName(parameter.type)
                guard type == name || type == "\(name).Type",
                      let bound = local.bindings[(parameter.secondName ?? parameter.firstName).text]
                else { continue }
                switch force(bound) {
                case .type(let given) where type != name: local.bindings[name] = .value(.type(given))
                case .symbol(_, _, let given?) where type == name: local.bindings[name] = .value(.type(given))
                default: continue
                }
                break
            }
        }
    }

    // MARK: - Statements

    private enum Flow {
        case next
        case returned(TuistValue)
    }

    private func result(of body: CodeBlockItemListSyntax, in scope: TuistScope, returning: String?, what: String) -> TuistValue {
        // A body of one expression returns it.
        if body.count == 1, case .expr(let expr) = body.first!.item, !expr.is(IfExprSyntax.self), !expr.is(SwitchExprSyntax.self) {
            return evaluate(expr, in: scope, hint: returning)
        }
        if case .returned(let value) = execute(body, in: scope, returning: returning) { return value }
        return unknown("\(what) returns nothing digraph can follow", body, scope)
    }

    private func execute(_ items: CodeBlockItemListSyntax, in scope: TuistScope, returning: String?) -> Flow {
        for item in items {
            steps += 1
            if steps > Self.maxSteps { return .returned(unknown("the helpers take too many steps to follow", item, scope)) }
            switch item.item {
            case .decl(let decl):
                guard let variable = decl.as(VariableDeclSyntax.self) else { continue }
                let isVar = variable.bindingSpecifier.text == "var"
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    let type = binding.typeAnnotation.map { TuistDeclarations.typeName($0.type) }
                    if let value = binding.initializer?.value {
                        // A `var` is read now: what is appended to it later must not change what was read before.
                        // A `let` is read when used, in the names visible at its declaration: in
                        // `let dependencies = dependencies.map { … }` the right side is the parameter,
                        // never the constant itself.
                        scope.bindings[name] =
                            isVar ? .value(evaluate(value, in: scope, hint: type)) : .lazy(value, scope.snapshot(), hint: type)
                    } else {
                        scope.bindings[name] = .value(unknown("'\(name)' is assigned where digraph does not follow", binding, scope))
                    }
                }
            case .stmt(let statement):
                if let flow = self.statement(statement, in: scope, returning: returning), case .returned = flow { return flow }
            case .expr(let expr):
                if case .returned(let value) = expression(expr, in: scope, returning: returning) { return .returned(value) }
            }
        }
        return .next
    }

    private func statement(_ statement: StmtSyntax, in scope: TuistScope, returning: String?) -> Flow? {
        if let ret = statement.as(ReturnStmtSyntax.self) {
            return .returned(ret.expression.map { evaluate($0, in: scope, hint: returning) } ?? .nothing)
        }
        if let expression = statement.as(ExpressionStmtSyntax.self) {
            return self.expression(expression.expression, in: scope, returning: returning)
        }
        if let guardStmt = statement.as(GuardStmtSyntax.self) {
            if condition(guardStmt.conditions, in: scope) == false {
                return execute(guardStmt.body.statements, in: TuistScope(parent: scope, file: scope.file), returning: returning)
            }
            return .next
        }
        if let loop = statement.as(ForStmtSyntax.self), let name = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            case .array(let elements) = evaluate(loop.sequence, in: scope)
        {
            for element in elements {
                let body = TuistScope(parent: scope, file: scope.file)
                body.bindings[name] = .value(element)
                if case .returned(let value) = execute(loop.body.statements, in: body, returning: returning) { return .returned(value) }
            }
        }
        return .next
    }

    private func expression(_ expr: ExprSyntax, in scope: TuistScope, returning: String?) -> Flow {
        if let ifExpr = expr.as(IfExprSyntax.self) { return branch(ifExpr, in: scope, returning: returning) }
        if let switchExpr = expr.as(SwitchExprSyntax.self) { return choose(switchExpr, in: scope, returning: returning) }
        if let infix = expr.as(InfixOperatorExprSyntax.self),
            let target = infix.leftOperand.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let owner = scope.owner(of: target)
        {
            if infix.operator.is(AssignmentExprSyntax.self) {
                owner.bindings[target] = .value(evaluate(infix.rightOperand, in: scope))
            } else if infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" {
                owner.bindings[target] = .value(add(force(owner.bindings[target]!), evaluate(infix.rightOperand, in: scope), infix, scope))
            }
            return .next
        }
        // `targets.forEach { target in … }`: a `for` loop over a list digraph knows; a `return`
        // in the closure ends one element's turn, not the function.
        if let call = expr.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.declName.baseName.text == "forEach", call.arguments.isEmpty || call.trailingClosure == nil,
            let closure = Self.closure(of: call), let base = access.base, case .array(let elements) = evaluate(base, in: scope)
        {
            let name = Self.firstParameter(of: closure)
            for element in elements {
                let body = TuistScope(parent: scope, file: scope.file)
                body.bindings[name] = .value(element)
                _ = execute(closure.statements, in: body, returning: nil)
            }
            return .next
        }
        // `targets.append(x)`, `targets.append(contentsOf: xs)`.
        if let call = expr.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.declName.baseName.text == "append", call.arguments.count == 1,
            let target = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, let owner = scope.owner(of: target),
            let argument = call.arguments.first
        {
            let current = force(owner.bindings[target]!)
            let value = evaluate(argument.expression, in: scope)
            let added: TuistValue = argument.label?.text == "contentsOf" ? value : .array([value])
            owner.bindings[target] = .value(add(current, added, call, scope))
        }
        return .next
    }

    /// An `if` whose condition digraph cannot decide runs both branches: whichever runs, the
    /// project may have what they add.
    private func branch(_ ifExpr: IfExprSyntax, in scope: TuistScope, returning: String?) -> Flow {
        let decided = condition(ifExpr.conditions, in: scope)
        if decided != false {
            let flow = execute(ifExpr.body.statements, in: TuistScope(parent: scope, file: scope.file), returning: returning)
            if case .returned = flow { return flow }
        }
        guard decided != true else { return .next }
        switch ifExpr.elseBody {
        case .ifExpr(let next)?: return branch(next, in: scope, returning: returning)
        case .codeBlock(let block)?:
            return execute(block.statements, in: TuistScope(parent: scope, file: scope.file), returning: returning)
        case nil: return .next
        }
    }

    /// `[TargetType: [TargetDependency]]` written `[.sources: [...]]`: keys and values evaluated
    /// with the declared key and value types, so `.sources` is the helpers' case.
    private func dictionary(_ literal: DictionaryExprSyntax, in scope: TuistScope, hint: String?) -> TuistValue {
        guard case .elements(let elements) = literal.content else { return .dictionary([]) }
        var keyType: String?
        var valueType: String?
        if let hint, hint.hasPrefix("["), hint.hasSuffix("]"), let colon = hint.firstIndex(of: ":") {
            keyType = hint[hint.index(after: hint.startIndex)..<colon].trimmingCharacters(in: .whitespaces)
            valueType = hint[hint.index(after: colon)..<hint.index(before: hint.endIndex)].trimmingCharacters(in: .whitespaces)
        }
        var pairs: [(key: TuistValue, value: TuistValue)] = []
        for element in elements {
            let key = evaluate(element.key, in: scope, hint: keyType)
            if case .unknown = key { return key }
            pairs.append((key, evaluate(element.value, in: scope, hint: valueType)))
        }
        return .dictionary(pairs)
    }

    /// `dependencies[targetType]` of a dictionary digraph knows: its value, or `nil` when no key
    /// is equal; `list[0]` of a list.
    private func element(_ subscripted: SubscriptCallExprSyntax, in scope: TuistScope) -> TuistValue {
        guard subscripted.arguments.count == 1, let argument = subscripted.arguments.first else {
            return unknown("'\(Self.abbreviated(ExprSyntax(subscripted)))' is not followed", subscripted, scope)
        }
        let base = evaluate(subscripted.calledExpression, in: scope)
        switch base {
        case .dictionary(let pairs):
            let key = evaluate(argument.expression, in: scope)
            for pair in pairs {
                switch equal(pair.key, key) {
                case true?: return pair.value
                case false?: continue
                case nil: return unknown("'\(Self.abbreviated(ExprSyntax(subscripted)))' is not followed", subscripted, scope)
                }
            }
            return .nothing
        case .array(let elements):
            guard case .int(let index) = evaluate(argument.expression, in: scope), elements.indices.contains(index) else { break }
            return elements[index]
        case .unknown: return base
        default: break
        }
        return unknown("'\(Self.abbreviated(ExprSyntax(subscripted)))' is not followed", subscripted, scope)
    }

    /// `let product: Product = if flag { .framework } else { .staticLibrary }`: the branch the
    /// condition picks; when it cannot be decided, the value both branches agree on, else unknown.
    private func value(of ifExpr: IfExprSyntax, in scope: TuistScope, hint: String?) -> TuistValue {
        func single(_ block: CodeBlockSyntax) -> TuistValue {
            guard block.statements.count == 1, case .expr(let expr) = block.statements.first!.item else {
                return unknown("an 'if' value of more than one expression is not followed", block, scope)
            }
            return evaluate(expr, in: TuistScope(parent: scope, file: scope.file), hint: hint)
        }
        let decided = condition(ifExpr.conditions, in: scope)
        let otherwise: () -> TuistValue = {
            switch ifExpr.elseBody {
            case .ifExpr(let next)?: self.value(of: next, in: scope, hint: hint)
            case .codeBlock(let block)?: single(block)
            case nil: self.unknown("an 'if' value without 'else'", ifExpr, scope)
            }
        }
        switch decided {
        case true?: return single(ifExpr.body)
        case false?: return otherwise()
        case nil:
            let first = single(ifExpr.body)
            let second = otherwise()
            if equal(first, second) == true { return first }
            return unknown("'\(Self.abbreviated(ExprSyntax(ifExpr)))' is not decided", ifExpr, scope)
        }
    }

    /// A `switch` over an enum case: the first `case .a, .b:` naming it (binding its payload in
    /// `case let .feature(module):`), or `default:`; over a string or number, the first case
    /// with an equal literal (`case "TCA": return .external(name: "ComposableArchitecture")`).
    private func choose(_ switchExpr: SwitchExprSyntax, in scope: TuistScope, returning: String?) -> Flow {
        let subject = evaluate(switchExpr.subject, in: scope)
        let subjectName: String
        var payload: [TuistThunk] = []
        switch subject {
        case .symbol(let name, _, _): subjectName = name
        case .call(let call):
            subjectName = call.name
            payload = call.arguments.map(\.value)
        case .string, .int, .bool: return chooseLiteral(subject, switchExpr, in: scope, returning: returning)
        default: return .next
        }
        for element in switchExpr.cases {
            guard case .switchCase(let switchCase) = element else { continue }
            let body = TuistScope(parent: scope, file: scope.file)
            var matches = false
            switch switchCase.label {
            case .default: matches = true
            case .case(let label):
                for item in label.caseItems {
                    guard let (name, bound) = Self.casePattern(item.pattern), name == subjectName else { continue }
                    for (index, variable) in bound.enumerated() where index < payload.count {
                        if let variable { body.bindings[variable] = payload[index] }
                    }
                    matches = true
                    break
                }
            }
            if matches { return execute(switchCase.statements, in: body, returning: returning) }
        }
        return .next
    }

    /// The first case of a `switch` over a plain value whose literal equals it, or `default:`; a
    /// case digraph cannot compare (a range, a `where`) stops the choice: nothing is guessed.
    private func chooseLiteral(_ subject: TuistValue, _ switchExpr: SwitchExprSyntax, in scope: TuistScope, returning: String?)
        -> Flow
    {
        for element in switchExpr.cases {
            guard case .switchCase(let switchCase) = element else { continue }
            let body = TuistScope(parent: scope, file: scope.file)
            switch switchCase.label {
            case .default: return execute(switchCase.statements, in: body, returning: returning)
            case .case(let label):
                for item in label.caseItems {
                    guard item.whereClause == nil, let expr = item.pattern.as(ExpressionPatternSyntax.self)?.expression,
                        let matches = equal(subject, evaluate(expr, in: scope))
                    else { return .next }
                    if matches { return execute(switchCase.statements, in: body, returning: returning) }
                }
            }
        }
        return .next
    }

    /// `.name`, `.name(x)`, `let .name(x as any P)`, `.name(let x)` -> the case's name and the
    /// names its payload is bound to (nil where nothing is bound).
    private static func casePattern(_ pattern: PatternSyntax) -> (String, [String?])? {
        var pattern = pattern
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { pattern = binding.pattern }
        guard let expr = pattern.as(ExpressionPatternSyntax.self)?.expression else { return nil }
        if let access = expr.as(MemberAccessExprSyntax.self), access.base == nil { return (access.declName.baseName.text, []) }
        guard let call = expr.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.base == nil
        else { return nil }
        let names = call.arguments.map { argument -> String? in boundName(argument.expression) }
        return (access.declName.baseName.text, names)
    }

    private static func boundName(_ expr: ExprSyntax) -> String? {
        if let cast = expr.as(AsExprSyntax.self) { return boundName(cast.expression) }
        if let pattern = expr.as(PatternExprSyntax.self) {
            var inner = pattern.pattern
            if let binding = inner.as(ValueBindingPatternSyntax.self) { inner = binding.pattern }
            return inner.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        return expr.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// true or false when every condition is decided; nil when one is not.
    private func condition(_ conditions: ConditionElementListSyntax, in scope: TuistScope) -> Bool? {
        var all: Bool? = true
        for element in conditions {
            guard case .expression(let expr) = element.condition, case .bool(let value) = evaluate(expr, in: scope) else {
                all = nil
                continue
            }
            if !value { return false }
        }
        return all
    }

    // MARK: - Operators

    private func ternary(_ ternary: TernaryExprSyntax, in scope: TuistScope, hint: String?) -> TuistValue {
        switch evaluate(ternary.condition, in: scope) {
        case .bool(true): return evaluate(ternary.thenExpression, in: scope, hint: hint)
        case .bool(false): return evaluate(ternary.elseExpression, in: scope, hint: hint)
        default:
            // Lists of either branch: the project may have both's elements.
            let then = evaluate(ternary.thenExpression, in: scope, hint: hint)
            let otherwise = evaluate(ternary.elseExpression, in: scope, hint: hint)
            if case .array(let a) = then, case .array(let b) = otherwise { return .array(a + b) }
            return unknown("'\(Self.abbreviated(ternary.condition))' is decided when the manifest runs", ternary, scope)
        }
    }

    private func operation(_ infix: InfixOperatorExprSyntax, in scope: TuistScope, hint: String?) -> TuistValue {
        guard let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else {
            return unknown("'\(Self.abbreviated(ExprSyntax(infix)))' is not followed", infix, scope)
        }
        let left = evaluate(infix.leftOperand, in: scope, hint: op == "+" ? hint : nil)
        switch op {
        case "&&":
            if case .bool(false) = left { return .bool(false) }
        case "||":
            if case .bool(true) = left { return .bool(true) }
        case "??":
            if case .nothing = left { return evaluate(infix.rightOperand, in: scope, hint: hint) }
            return left
        default: break
        }
        let right = evaluate(infix.rightOperand, in: scope, hint: op == "+" ? hint : nil)
        switch op {
        case "+": return add(left, right, infix, scope)
        case "==", "!=":
            guard let same = equal(left, right) else { return left.why != nil ? left : right.why != nil ? right : unknown("'\(op)' is not decided", infix, scope) }
            return .bool(op == "==" ? same : !same)
        case "&&", "||":
            if case .bool(let a) = left, case .bool(let b) = right { return .bool(op == "&&" ? a && b : a || b) }
            return unknown("'\(Self.abbreviated(ExprSyntax(infix)))' is decided when the manifest runs", infix, scope)
        default:
            return unknown("'\(Self.abbreviated(ExprSyntax(infix)))' is not followed", infix, scope)
        }
    }

    private func add(_ left: TuistValue, _ right: TuistValue, _ node: some SyntaxProtocol, _ scope: TuistScope) -> TuistValue {
        switch (left, right) {
        case (.array(let a), .array(let b)): return .array(a + b)
        case (.string(let a), .string(let b)): return .string(a + b)
        case (.int(let a), .int(let b)): return .int(a + b)
        case (.unknown, _): return left
        case (_, .unknown): return right
        default: return unknown("'+' of values digraph does not follow", node, scope)
        }
    }

    private func equal(_ left: TuistValue, _ right: TuistValue) -> Bool? {
        switch (left, right) {
        case (.string(let a), .string(let b)): a == b
        case (.symbol(let a, _, _), .symbol(let b, _, _)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.nothing, .nothing): true
        case (.nothing, .string), (.nothing, .symbol), (.string, .nothing), (.symbol, .nothing): false
        default: nil
        }
    }

    private func contains(_ elements: [TuistValue], _ wanted: TuistValue) -> Bool? {
        var undecided = false
        for element in elements {
            switch equal(element, wanted) {
            case true?: return true
            case nil: undecided = true
            case false?: continue
            }
        }
        return undecided ? nil : false
    }

    // MARK: - Unknowns

    private func unknown(_ reason: String, _ node: some SyntaxProtocol, _ scope: TuistScope) -> TuistValue {
        .unknown(TuistUnknown(reason: reason, location: scope.file.location(node)))
    }

    static func abbreviated(_ expr: ExprSyntax) -> String { ManifestExpressions.abbreviated(expr) }
}
