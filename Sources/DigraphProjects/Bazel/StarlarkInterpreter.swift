import DigraphCore

/// One target a `BUILD` file declares, directly or through a macro.
struct BazelTarget {
    var rule: String
    var name: String
    /// Its package: the folder of its `BUILD` file, relative to the workspace root ("" at the root).
    var package: String
    var attributes: [String: StarlarkValue]
    /// The statement of the `BUILD` file that declared it (a macro's call, when one did).
    var location: SourceLocation
}

/// Runs `BUILD` files and the `.bzl` files they load: assignments, `def` macros with their
/// arguments, conditionals, loops and comprehensions, string and list operations, `glob` and
/// `select`. A rule digraph knows records a target; a call it cannot follow whose sources may be
/// Swift is a note, and so is anything evaluated past a budget. Nothing else leaves the file.
final class StarlarkInterpreter {
    struct Host {
        /// Files of `package` (relative to it) matching `include` and none of `exclude`.
        var glob: (_ package: String, _ include: [String], _ exclude: [String]) -> [String]
        /// The globals of the `.bzl` file a `load` names, from the package of the file loading
        /// it, run by the interpreter given; a failure is why it could not be loaded.
        var load: (_ module: String, _ fromPackage: String, _ interpreter: StarlarkInterpreter) -> Result<StarlarkScope, LoadFailure>
        /// Buck's `read_config(section, key)`: the `.buckconfig` setting, nil when not set.
        var config: (_ section: String, _ key: String) -> String? = { _, _ in nil }
    }

    struct LoadFailure: Error {
        var message: String
        /// A syntax error in the loaded file: the whole read stops, as for the `BUILD` file itself.
        var syntax: (file: String, error: StarlarkSyntaxError)?
    }

    enum Stop: Error {
        case budget
        case fail(String)
        case syntax(file: String, StarlarkSyntaxError)
    }

    private enum Flow {
        case next, returned(StarlarkValue), breakLoop, continueLoop
    }

    let host: Host
    private(set) var targets: [BazelTarget] = []
    private(set) var notes: [ProgramNote] = []
    /// The `BUILD` file running: its package and display path.
    private var package = ""
    /// The package of the `BUILD` file running (what `glob` and `package_name()` mean).
    var currentPackage: String { package }
    private var buildFile = ""
    private var statementLocation = SourceLocation(file: "", line: 1, column: 1)
    private var steps = 0
    private var callDepth = 0
    static let maxSteps = 400_000
    static let maxCallDepth = 64

    init(host: Host) { self.host = host }

    /// Runs a `BUILD` file's statements, recording its targets.
    func runBuildFile(_ statements: [StarlarkStatement], package: String, display: String) throws(Stop) {
        self.package = package
        buildFile = display
        steps = 0
        let globals = StarlarkScope(parent: nil)
        for statement in statements {
            if case .expression(_, let at) = statement { statementLocation = location(at) }
            if case .assign(_, _, _, let at) = statement { statementLocation = location(at) }
            do {
                _ = try execute(statement, in: globals)
            } catch .fail(let message) {
                note("not read: fail(\(message)) was reached", at: statementLocation)
            } catch .budget {
                note("not read: its evaluation took more than \(Self.maxSteps) steps", at: statementLocation)
                return
            } catch {
                throw error
            }
        }
    }

    /// Runs a `.bzl` file, returning its globals. `package`: the package it is in, for its own loads.
    func runExtension(_ statements: [StarlarkStatement], package: String, display: String) throws(Stop) -> StarlarkScope {
        let saved = (self.package, buildFile, statementLocation, steps)
        defer { (self.package, buildFile, statementLocation, steps) = saved }
        self.package = package
        buildFile = display
        let globals = StarlarkScope(parent: nil)
        for statement in statements {
            do {
                _ = try execute(statement, in: globals)
            } catch .fail, .budget {
                continue
            } catch {
                throw error
            }
        }
        return globals
    }

    private func location(_ at: StarlarkPosition) -> SourceLocation {
        SourceLocation(file: buildFile, line: at.line, column: at.column)
    }

    private func note(_ message: String, at location: SourceLocation) {
        notes.append(ProgramNote(message: message, location: location))
    }

    private func tick() throws(Stop) {
        steps += 1
        if steps > Self.maxSteps { throw .budget }
    }

    // MARK: Statements

    private func execute(_ statements: [StarlarkStatement], in scope: StarlarkScope) throws(Stop) -> Flow {
        for statement in statements {
            let flow = try execute(statement, in: scope)
            if case .next = flow { continue }
            return flow
        }
        return .next
    }

    private func execute(_ statement: StarlarkStatement, in scope: StarlarkScope) throws(Stop) -> Flow {
        try tick()
        switch statement {
        case .expression(let expression, _):
            _ = try evaluate(expression, in: scope)
        case .assign(let target, let op, let valueExpression, _):
            var value = try evaluate(valueExpression, in: scope)
            if op != "=" {
                let current = try evaluate(target, in: scope)
                value = try binary(String(op.dropLast()), current, value)
            }
            try assign(value, to: target, in: scope)
        case .load(let module, let symbols, let at):
            load(module, symbols: symbols, at: at, into: scope)
            if case .some(.syntax(let file, let error)) = pendingLoadError {
                pendingLoadError = nil
                throw .syntax(file: file, error)
            }
        case .def(let name, let parameters, let body, _):
            // A nested `def` sees the enclosing call's names too.
            scope.values[name] = .function(StarlarkFunction(name: name, parameters: parameters, body: body, globals: scope, file: buildFile))
        case .if(let condition, let then, let otherwise):
            guard let truth = try evaluate(condition, in: scope).truth else {
                return try executeEither(then, otherwise, in: scope)
            }
            return try execute(truth ? then : otherwise, in: scope)
        case .for(let target, let sequenceExpression, let body, _):
            let sequence = try evaluate(sequenceExpression, in: scope)
            guard let items = sequence.items else {
                for name in Self.assignedNames(body) { scope.values[name] = .unknown("set in a loop over \(describe(sequence))") }
                if Self.declaresSomething(body) { note("not read: a loop over \(describe(sequence))", at: statementLocation) }
                return .next
            }
            for item in items {
                try assign(item, to: target, in: scope)
                switch try execute(body, in: scope) {
                case .returned(let value): return .returned(value)
                case .breakLoop: return .next
                case .next, .continueLoop: continue
                }
            }
        case .return(let expression):
            return .returned(try expression.map { e throws(Stop) in try evaluate(e, in: scope) } ?? .none)
        case .break: return .breakLoop
        case .continue: return .continueLoop
        case .pass: break
        }
        return .next
    }

    private var pendingLoadError: Stop?

    /// Both branches of a condition digraph cannot evaluate: either may be built, as with a
    /// `select`, so the targets of both are recorded (but a branch reaching `fail()` is never
    /// taken by a build that succeeds). A name they set alike keeps that value; lists
    /// set differently are merged; anything else set differently is unknown.
    private func executeEither(_ then: [StarlarkStatement], _ otherwise: [StarlarkStatement], in scope: StarlarkScope) throws(Stop) -> Flow {
        let before = scope.values
        let thenFlow: Flow
        do {
            thenFlow = try execute(then, in: scope)
        } catch .fail {
            // A build that succeeds never reaches fail(): the other branch is the one taken.
            scope.values = before
            return try execute(otherwise, in: scope)
        }
        let afterThen = scope.values
        scope.values = before
        let elseFlow: Flow
        do {
            elseFlow = try execute(otherwise, in: scope)
        } catch .fail {
            scope.values = afterThen
            return thenFlow
        }
        let afterElse = scope.values
        for name in Set(afterThen.keys).union(afterElse.keys) {
            switch (afterThen[name], afterElse[name]) {
            case let (a?, b?) where a.equals(b) == true: scope.values[name] = a
            case let (.list(a)?, .list(b)?): scope.values[name] = .list(a + b.filter { item in !a.contains { $0.equals(item) == true } })
            default: scope.values[name] = .unknown("set under a condition digraph cannot evaluate")
            }
        }
        switch (thenFlow, elseFlow) {
        case (.next, .next): return .next
        case let (.returned(a), .returned(b)):
            if case .list(let x) = a, case .list(let y) = b { return .returned(.list(x + y)) }
            return .returned(a.equals(b) == true ? a : .unknown("returned under a condition digraph cannot evaluate"))
        case (.returned, _), (_, .returned): return .returned(.unknown("returned under a condition digraph cannot evaluate"))
        default: return thenFlow
        }
    }

    private func load(_ module: String, symbols: [(local: String, exported: String)], at: StarlarkPosition, into scope: StarlarkScope) {
        if BazelRules.isKnownRuleSet(module) {
            for (local, exported) in symbols {
                let known = BazelRules.role(exported) != nil || BazelRules.inert.contains(exported) || BazelRules.builtins.contains(exported)
                scope.values[local] = known ? .builtin(exported) : .unknown("'\(exported)' of \(module)")
            }
            return
        }
        switch host.load(module, package, self) {
        case .success(let globals):
            for (local, exported) in symbols {
                scope.values[local] = globals.values[exported] ?? .unknown("'\(exported)' is not defined in \(module)")
            }
        case .failure(let failure):
            if let syntax = failure.syntax { pendingLoadError = .syntax(file: syntax.file, syntax.error) }
            for (local, exported) in symbols { scope.values[local] = .unknown("'\(exported)' of \(module) (\(failure.message))") }
        }
    }

    private func assign(_ value: StarlarkValue, to target: StarlarkExpr, in scope: StarlarkScope) throws(Stop) {
        switch target {
        case .name(let name, _):
            scope.values[name] = value
        case .tuple(let targets), .list(let targets):
            guard let items = value.items, items.count == targets.count else {
                for target in targets { try assign(.unknown("unpacked from \(describe(value))"), to: target, in: scope) }
                return
            }
            for (target, item) in zip(targets, items) { try assign(item, to: target, in: scope) }
        case .index(.name(let name, _), let keyExpression):
            let key = try evaluate(keyExpression, in: scope)
            guard let owner = Self.owner(of: name, in: scope), case .dict(var entries) = owner.values[name]! else { return }
            if let i = entries.firstIndex(where: { $0.key.equals(key) == true }) { entries[i].value = value } else { entries.append((key, value)) }
            owner.values[name] = .dict(entries)
        default:
            break
        }
    }

    private static func owner(of name: String, in scope: StarlarkScope) -> StarlarkScope? {
        var current: StarlarkScope? = scope
        while let s = current {
            if s.values[name] != nil { return s }
            current = s.parent
        }
        return nil
    }

    private static func assignedNames(_ statements: [StarlarkStatement]) -> [String] {
        statements.flatMap { statement -> [String] in
            switch statement {
            case .assign(.name(let name, _), _, _, _): [name]
            case .assign(.tuple(let items), _, _, _):
                items.compactMap { if case .name(let n, _) = $0 { n } else { nil } }
            case .if(_, let then, let otherwise): assignedNames(then + otherwise)
            case .for(let target, _, let body, _):
                assignedNames(body) + (target.nameIfName.map { [$0] } ?? [])
            case .def(let name, _, _, _): [name]
            default: []
            }
        }
    }

    /// Whether statements call something (a rule or a macro may be among them).
    private static func declaresSomething(_ statements: [StarlarkStatement]) -> Bool {
        statements.contains { statement in
            switch statement {
            case .expression(.call, _): true
            case .if(_, let then, let otherwise): declaresSomething(then + otherwise)
            case .for(_, _, let body, _): declaresSomething(body)
            default: false
            }
        }
    }

    private func describe(_ value: StarlarkValue) -> String {
        value.unknownReason ?? "a \(value.typeName)"
    }

    // MARK: Expressions

    func evaluate(_ expression: StarlarkExpr, in scope: StarlarkScope) throws(Stop) -> StarlarkValue {
        try tick()
        switch expression {
        case .name(let name, _):
            if let value = scope.lookup(name) { return value }
            switch name {
            case "True": return .bool(true)
            case "False": return .bool(false)
            case "None": return .none
            case "native": return .builtin("native")
            default: break
            }
            if BazelRules.role(name) != nil || BazelRules.inert.contains(name) || BazelRules.builtins.contains(name) {
                return .builtin(name)
            }
            return .unknown("'\(name)' is not defined")
        case .string(let s): return .string(s)
        case .int(let i): return .int(i)
        case .float: return .unknown("a float")
        case .list(let items), .tuple(let items):
            var out: [StarlarkValue] = []
            for item in items { out.append(try evaluate(item, in: scope)) }
            return .list(out)
        case .dict(let entries):
            var out: [(key: StarlarkValue, value: StarlarkValue)] = []
            for entry in entries { out.append((try evaluate(entry.key, in: scope), try evaluate(entry.value, in: scope))) }
            return .dict(out)
        case .attribute(let base, let name):
            let value = try evaluate(base, in: scope)
            switch value {
            case .builtin("native"): return .builtin(name)
            case .structure(let fields): return fields[name] ?? .unknown("no field '\(name)'")
            case .unknown: return value
            default: return .method(receiver: value, name: name, variable: nil)
            }
        case .index(let base, let keyExpression):
            return index(try evaluate(base, in: scope), try evaluate(keyExpression, in: scope))
        case .slice(let base, let start, let end, let step):
            let value = try evaluate(base, in: scope)
            let bounds = (try start.map { e throws(Stop) in try evaluate(e, in: scope) }, try end.map { e throws(Stop) in try evaluate(e, in: scope) })
            if step != nil { return .unknown("a slice with a step") }
            return slice(value, start: bounds.0, end: bounds.1)
        case .unary(let op, let operandExpression):
            let operand = try evaluate(operandExpression, in: scope)
            switch (op, operand) {
            case ("not", _): return operand.truth.map { .bool(!$0) } ?? .unknown("'not' of \(describe(operand))")
            case ("-", .int(let i)): return .int(-i)
            case ("+", .int): return operand
            default: return .unknown("'\(op)' of \(describe(operand))")
            }
        case .binary("and", let l, let r):
            let left = try evaluate(l, in: scope)
            guard let truth = left.truth else { return left }
            return truth ? try evaluate(r, in: scope) : left
        case .binary("or", let l, let r):
            let left = try evaluate(l, in: scope)
            guard let truth = left.truth else { return left }
            return truth ? left : try evaluate(r, in: scope)
        case .binary(let op, let l, let r):
            return try binary(op, try evaluate(l, in: scope), try evaluate(r, in: scope))
        case .conditional(let then, let condition, let otherwise):
            guard let truth = try evaluate(condition, in: scope).truth else { return .unknown("a condition digraph cannot evaluate") }
            return try evaluate(truth ? then : otherwise, in: scope)
        case .comprehension(let element, let value, let clauses, let isDict):
            let local = StarlarkScope(parent: scope)
            var items: [StarlarkValue] = []
            var entries: [(key: StarlarkValue, value: StarlarkValue)] = []
            var unknown: String?
            try comprehend(clauses[...], in: local, unknown: &unknown) { () throws(Stop) in
                if isDict, let value {
                    entries.append((try evaluate(element, in: local), try evaluate(value, in: local)))
                } else {
                    items.append(try evaluate(element, in: local))
                }
            }
            if let unknown { return .unknown(unknown) }
            return isDict ? .dict(entries) : .list(items)
        case .lambda(let parameters, let body):
            return .function(StarlarkFunction(name: "lambda", parameters: parameters, body: [.return(body)], globals: scope, file: buildFile))
        case .call(let callee, let arguments, let at):
            return try call(callee, arguments, at: at, in: scope)
        }
    }

    private func comprehend(
        _ clauses: ArraySlice<StarlarkClause>, in scope: StarlarkScope, unknown: inout String?, body: () throws(Stop) -> Void
    ) throws(Stop) {
        guard let clause = clauses.first else { return try body() }
        switch clause {
        case .for(let target, let sequenceExpression):
            let sequence = try evaluate(sequenceExpression, in: scope)
            guard let items = sequence.items else {
                unknown = "a comprehension over \(describe(sequence))"
                return
            }
            for item in items {
                try assign(item, to: target, in: scope)
                try comprehend(clauses.dropFirst(), in: scope, unknown: &unknown, body: body)
            }
        case .if(let condition):
            guard let truth = try evaluate(condition, in: scope).truth else {
                unknown = "a comprehension's condition digraph cannot evaluate"
                return
            }
            if truth { try comprehend(clauses.dropFirst(), in: scope, unknown: &unknown, body: body) }
        }
    }

    private func index(_ value: StarlarkValue, _ key: StarlarkValue) -> StarlarkValue {
        switch (value, key) {
        case (.unknown, _): return value
        case (_, .unknown): return key
        case let (.list(items), .int(i)):
            let at = i < 0 ? items.count + i : i
            return items.indices.contains(at) ? items[at] : .unknown("index \(i) out of range")
        case let (.string(s), .int(i)):
            let chars = Array(s)
            let at = i < 0 ? chars.count + i : i
            return chars.indices.contains(at) ? .string(String(chars[at])) : .unknown("index \(i) out of range")
        case let (.dict(entries), _):
            return entries.first { $0.key.equals(key) == true }?.value ?? .unknown("key \(key.printed ?? "?") not in the dict")
        case let (.structure(fields), .string(name)):
            return fields[name] ?? .unknown("no field '\(name)'")
        default:
            return .unknown("an index into \(describe(value))")
        }
    }

    private func slice(_ value: StarlarkValue, start: StarlarkValue?, end: StarlarkValue?) -> StarlarkValue {
        func bound(_ v: StarlarkValue?, _ count: Int, _ fallback: Int) -> Int? {
            guard let v else { return fallback }
            guard case .int(let i) = v else { return nil }
            return min(max(i < 0 ? count + i : i, 0), count)
        }
        switch value {
        case .list(let items):
            guard let s = bound(start, items.count, 0), let e = bound(end, items.count, items.count) else { return .unknown("a slice") }
            return .list(s < e ? Array(items[s..<e]) : [])
        case .string(let text):
            let chars = Array(text)
            guard let s = bound(start, chars.count, 0), let e = bound(end, chars.count, chars.count) else { return .unknown("a slice") }
            return .string(s < e ? String(chars[s..<e]) : "")
        default:
            return .unknown("a slice of \(describe(value))")
        }
    }

    func binary(_ op: String, _ left: StarlarkValue, _ right: StarlarkValue) throws(Stop) -> StarlarkValue {
        switch (op, left, right) {
        case (_, .unknown, _): return left
        case (_, _, .unknown): return right
        case ("+", .int(let a), .int(let b)): return .int(a &+ b)
        case ("+", .string(let a), .string(let b)): return .string(a + b)
        case ("+", .list(let a), .list(let b)): return .list(a + b)
        case ("|", .dict(let a), .dict(let b)), ("+", .dict(let a), .dict(let b)):
            var out = a
            for entry in b {
                if let i = out.firstIndex(where: { $0.key.equals(entry.key) == true }) { out[i].value = entry.value } else { out.append(entry) }
            }
            return .dict(out)
        case ("-", .int(let a), .int(let b)): return .int(a &- b)
        case ("*", .int(let a), .int(let b)): return .int(a &* b)
        case ("*", .string(let s), .int(let n)), ("*", .int(let n), .string(let s)): return .string(String(repeating: s, count: max(0, min(n, 10_000))))
        case ("*", .list(let l), .int(let n)): return .list(Array(Array(repeating: l, count: max(0, min(n, 1_000))).joined()))
        case ("//", .int(let a), .int(let b)) where b != 0: return .int(a / b)
        case ("%", .int(let a), .int(let b)) where b != 0: return .int(a % b)
        case ("%", .string(let format), _): return percentFormat(format, right)
        case ("==", _, _): return left.equals(right).map { .bool($0) } ?? .unknown("a comparison")
        case ("!=", _, _): return left.equals(right).map { .bool(!$0) } ?? .unknown("a comparison")
        case ("<", .int(let a), .int(let b)): return .bool(a < b)
        case (">", .int(let a), .int(let b)): return .bool(a > b)
        case ("<=", .int(let a), .int(let b)): return .bool(a <= b)
        case (">=", .int(let a), .int(let b)): return .bool(a >= b)
        case ("<", .string(let a), .string(let b)): return .bool(a < b)
        case (">", .string(let a), .string(let b)): return .bool(a > b)
        case ("in", _, _), ("not in", _, _):
            let found: Bool?
            switch right {
            case .string(let s): found = left.string.map { s.contains($0) }
            case .list(let items): found = items.contains { $0.equals(left) == true } ? true : items.contains { $0.equals(left) == nil } ? nil : false
            case .dict(let entries): found = entries.contains { $0.key.equals(left) == true }
            default: found = nil
            }
            guard let found else { return .unknown("'\(op)' of \(describe(right))") }
            return .bool(op == "in" ? found : !found)
        default:
            return .unknown("'\(op)' of \(left.typeName) and \(right.typeName)")
        }
    }

    /// `"%s_lib" % name`, `"%s/%s" % (a, b)`.
    private func percentFormat(_ format: String, _ arguments: StarlarkValue) -> StarlarkValue {
        let values: [StarlarkValue] = if case .list(let items) = arguments { items } else { [arguments] }
        var out = ""
        var next = 0
        var chars = format.makeIterator()
        while let c = chars.next() {
            guard c == "%" else {
                out.append(c)
                continue
            }
            guard let spec = chars.next() else { return .unknown("a format ending in '%'") }
            if spec == "%" {
                out.append("%")
                continue
            }
            guard ["s", "d", "r"].contains(spec), next < values.count, let printed = values[next].printed else {
                return .unknown("a '%' format digraph cannot evaluate")
            }
            out += spec == "r" && values[next].string != nil ? "\"\(printed)\"" : printed
            next += 1
        }
        return .string(out)
    }

    // MARK: Calls

    private static let mutatingMethods: Set<String> = ["append", "extend", "insert", "update", "setdefault", "pop", "remove", "clear"]

    private func call(_ calleeExpression: StarlarkExpr, _ argumentExpressions: [StarlarkArgument], at: StarlarkPosition, in scope: StarlarkScope) throws(Stop) -> StarlarkValue {
        var positional: [StarlarkValue] = []
        var keywords: [(String, StarlarkValue)] = []
        var spreadUnknown: String?
        for argument in argumentExpressions {
            let value = try evaluate(argument.value, in: scope)
            switch argument.kind {
            case .positional: positional.append(value)
            case .keyword(let name): keywords.append((name, value))
            case .star:
                if let items = value.items { positional += items } else { spreadUnknown = "*\(describe(value))" }
            case .starStar:
                if case .dict(let entries) = value {
                    for entry in entries { if let key = entry.key.string { keywords.append((key, entry.value)) } }
                } else {
                    spreadUnknown = "**\(describe(value))"
                }
            }
        }
        // `srcs.append(x)`: a method that changes the variable it is called on.
        if case .attribute(.name(let variable, _), let method) = calleeExpression, Self.mutatingMethods.contains(method),
           let owner = Self.owner(of: variable, in: scope), let current = owner.values[variable]
        {
            let (result, updated) = mutate(current, method, positional, keywords)
            if let updated { owner.values[variable] = updated }
            return result
        }
        let callee = try evaluate(calleeExpression, in: scope)
        switch callee {
        case .function(let function):
            if let spreadUnknown { return .unknown("a call with \(spreadUnknown)") }
            return try invoke(function, positional, keywords)
        case .builtin(let name):
            if let role = BazelRules.role(name) {
                record(rule: name, role: role, keywords: keywords, spreadUnknown: spreadUnknown)
                return .none
            }
            if BazelRules.inert.contains(name) { return .none }
            return try builtin(name, positional, keywords)
        case .method(let receiver, let name, _):
            return method(receiver, name, positional, keywords)
        case .unknown(let why):
            unknownCall(why, keywords: keywords)
            return .unknown("the result of \(why)")
        default:
            return .unknown("a call of a \(callee.typeName)")
        }
    }

    /// A call digraph cannot follow: it matters only when what it is given may be Swift sources.
    private func unknownCall(_ why: String, keywords: [(String, StarlarkValue)]) {
        let sources = keywords.filter { ["srcs", "swift_srcs", "sources", "deps"].contains($0.0) }.map(\.1)
        let mayBeSwift = sources.contains { value in
            switch value {
            case .unknown: return true
            case .list(let items): return items.contains { $0.string?.hasSuffix(".swift") ?? true }
            default: return false
            }
        }
        if mayBeSwift { note("not read: \(why), called with Swift sources", at: statementLocation) }
    }

    private func record(rule: String, role: BazelRules.Role, keywords: [(String, StarlarkValue)], spreadUnknown: String?) {
        let attributes = Dictionary(keywords, uniquingKeysWith: { _, last in last })
        guard let name = attributes["name"]?.string else {
            note("not read: a \(rule) whose name digraph cannot evaluate", at: statementLocation)
            return
        }
        if let spreadUnknown {
            note("'\(name)' (\(rule)) read in part: its attributes include \(spreadUnknown)", at: statementLocation)
        }
        targets.append(BazelTarget(rule: rule, name: name, package: package, attributes: attributes, location: statementLocation))
    }

    private func invoke(_ function: StarlarkFunction, _ positional: [StarlarkValue], _ keywords: [(String, StarlarkValue)]) throws(Stop) -> StarlarkValue {
        callDepth += 1
        defer { callDepth -= 1 }
        guard callDepth <= Self.maxCallDepth else { return .unknown("calls nested more than \(Self.maxCallDepth) deep") }
        let local = StarlarkScope(parent: function.globals)
        var remaining = positional[...]
        var extraKeywords: [(key: StarlarkValue, value: StarlarkValue)] = []
        var given = Dictionary(keywords, uniquingKeysWith: { _, last in last })
        for parameter in function.parameters {
            switch parameter.kind {
            case .plain:
                if let value = remaining.popFirst() {
                    local.values[parameter.name] = value
                } else if let value = given.removeValue(forKey: parameter.name) {
                    local.values[parameter.name] = value
                } else if let defaultValue = parameter.defaultValue {
                    local.values[parameter.name] = try evaluate(defaultValue, in: function.globals)
                } else {
                    local.values[parameter.name] = .unknown("argument '\(parameter.name)' of \(function.name) not given")
                }
            case .star:
                local.values[parameter.name] = .list(Array(remaining))
                remaining = []
            case .starStar:
                for (key, value) in keywords where given[key] != nil { extraKeywords.append((.string(key), value)) }
                local.values[parameter.name] = .dict(extraKeywords)
                given = [:]
            }
        }
        if case .returned(let value) = try execute(function.body, in: local) { return value }
        return .none
    }

    private func mutate(
        _ value: StarlarkValue, _ method: String, _ positional: [StarlarkValue], _ keywords: [(String, StarlarkValue)]
    ) -> (result: StarlarkValue, updated: StarlarkValue?) {
        switch (value, method) {
        case (.list(let items), "append") where positional.count == 1: return (.none, .list(items + positional))
        case (.list(let items), "extend") where positional.count == 1:
            guard let more = positional[0].items else { return (.none, .unknown("extended with \(describe(positional[0]))")) }
            return (.none, .list(items + more))
        case (.list(var items), "insert") where positional.count == 2:
            guard case .int(let i) = positional[0] else { return (.none, .unknown("an insert")) }
            items.insert(positional[1], at: min(max(0, i), items.count))
            return (.none, .list(items))
        case (.list(var items), "remove") where positional.count == 1:
            if let i = items.firstIndex(where: { $0.equals(positional[0]) == true }) { items.remove(at: i) }
            return (.none, .list(items))
        case (.list(var items), "pop"):
            guard !items.isEmpty else { return (.unknown("pop of an empty list"), nil) }
            let last = items.removeLast()
            return (last, .list(items))
        case (.dict(var entries), "update"):
            var more = keywords.map { (key: StarlarkValue.string($0.0), value: $0.1) }
            if let first = positional.first {
                guard case .dict(let given) = first else { return (.none, .unknown("updated with \(describe(first))")) }
                more = given + more
            }
            for entry in more {
                if let i = entries.firstIndex(where: { $0.key.equals(entry.key) == true }) { entries[i].value = entry.value } else { entries.append(entry) }
            }
            return (.none, .dict(entries))
        case (.dict(var entries), "setdefault") where !positional.isEmpty:
            if let found = entries.first(where: { $0.key.equals(positional[0]) == true }) { return (found.value, nil) }
            let value = positional.count > 1 ? positional[1] : .none
            entries.append((positional[0], value))
            return (value, .dict(entries))
        case (.dict(var entries), "pop") where !positional.isEmpty:
            guard let i = entries.firstIndex(where: { $0.key.equals(positional[0]) == true }) else {
                return (positional.count > 1 ? positional[1] : .unknown("pop of a missing key"), nil)
            }
            return (entries.remove(at: i).value, .dict(entries))
        case (_, "clear"): return (.none, value.items == nil ? nil : (value.isDict ? .dict([]) : .list([])))
        case (.unknown, _): return (.none, nil)
        default: return (.unknown("'\(method)' of \(describe(value))"), .unknown("changed by '\(method)'"))
        }
    }
}

extension StarlarkValue {
    fileprivate var isDict: Bool {
        if case .dict = self { return true }
        return false
    }
}

extension StarlarkExpr {
    var nameIfName: String? {
        if case .name(let name, _) = self { return name }
        return nil
    }
}
