/// Tokens -> statements, by recursive descent over Starlark's grammar (Python's, without classes,
/// `while`, `try` or `import`).
struct StarlarkParser {
    private let tokens: [StarlarkToken]
    private var index = 0
    /// Nesting of expressions, bounded so that a pathological file is an error, not a stack overflow.
    private var nesting = 0
    private static let maxNesting = 400

    static func parse(_ source: String) throws(StarlarkSyntaxError) -> [StarlarkStatement] {
        var parser = StarlarkParser(tokens: try StarlarkLexer.tokenize(source))
        var statements: [StarlarkStatement] = []
        while parser.peek.kind != .end {
            if parser.peek.kind == .newline {
                parser.index += 1
                continue
            }
            statements += try parser.statement()
        }
        return statements
    }

    private init(tokens: [StarlarkToken]) { self.tokens = tokens }

    private var peek: StarlarkToken { tokens[index] }
    private var position: StarlarkPosition { StarlarkPosition(line: peek.line, column: peek.column) }

    private func error(_ message: String, at token: StarlarkToken? = nil) -> StarlarkSyntaxError {
        let token = token ?? peek
        return StarlarkSyntaxError(line: token.line, column: token.column, message: message)
    }

    private func describe(_ token: StarlarkToken) -> String {
        switch token.kind {
        case .name(let name): "'\(name)'"
        case .string: "a string"
        case .int, .float: "a number"
        case .symbol(let symbol): "'\(symbol)'"
        case .newline: "the end of the line"
        case .indent: "indentation"
        case .dedent, .end: "the end of the block"
        }
    }

    private func isSymbol(_ symbol: String) -> Bool { peek.kind == .symbol(symbol) }
    private func isName(_ name: String) -> Bool { peek.kind == .name(name) }

    private mutating func accept(_ symbol: String) -> Bool {
        guard isSymbol(symbol) else { return false }
        index += 1
        return true
    }

    private mutating func acceptName(_ name: String) -> Bool {
        guard isName(name) else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ symbol: String) throws(StarlarkSyntaxError) {
        guard accept(symbol) else { throw error("expected '\(symbol)', found \(describe(peek))") }
    }

    private mutating func identifier() throws(StarlarkSyntaxError) -> String {
        guard case .name(let name) = peek.kind, !Self.keywords.contains(name) else {
            throw error("expected a name, found \(describe(peek))")
        }
        index += 1
        return name
    }

    private static let keywords: Set<String> = [
        "and", "break", "continue", "def", "elif", "else", "for", "if", "in", "lambda", "load", "not", "or", "pass", "return",
    ]

    // MARK: Statements

    private mutating func statement() throws(StarlarkSyntaxError) -> [StarlarkStatement] {
        let at = position
        if acceptName("def") {
            let name = try identifier()
            try expect("(")
            let parameters = try self.parameters(closing: ")")
            try expect(")")
            if accept("->") { _ = try test() }
            try expect(":")
            return [.def(name: name, parameters: parameters, body: try suite(), at)]
        }
        if acceptName("if") { return [try ifStatement()] }
        if acceptName("for") {
            let target = try targetList()
            guard acceptName("in") else { throw error("expected 'in', found \(describe(peek))") }
            let sequence = try expressionList()
            try expect(":")
            return [.for(target: target, sequence: sequence, body: try suite(), at)]
        }
        return try simpleStatements()
    }

    private mutating func ifStatement() throws(StarlarkSyntaxError) -> StarlarkStatement {
        let condition = try test()
        try expect(":")
        let then = try suite()
        if acceptName("elif") { return .if(condition: condition, then: then, else: [try ifStatement()]) }
        if acceptName("else") {
            try expect(":")
            return .if(condition: condition, then: then, else: try suite())
        }
        return .if(condition: condition, then: then, else: [])
    }

    private mutating func suite() throws(StarlarkSyntaxError) -> [StarlarkStatement] {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting < Self.maxNesting else { throw error("blocks nested too deeply") }
        guard peek.kind == .newline else { return try simpleStatements() }
        index += 1
        guard peek.kind == .indent else { throw error("expected an indented block, found \(describe(peek))") }
        index += 1
        var body: [StarlarkStatement] = []
        while peek.kind != .dedent && peek.kind != .end {
            if peek.kind == .newline {
                index += 1
                continue
            }
            body += try statement()
        }
        if peek.kind == .dedent { index += 1 }
        return body
    }

    private mutating func simpleStatements() throws(StarlarkSyntaxError) -> [StarlarkStatement] {
        var out = try simpleStatement()
        while accept(";") {
            if peek.kind == .newline { break }
            out += try simpleStatement()
        }
        guard peek.kind == .newline || peek.kind == .end else { throw error("unexpected \(describe(peek))") }
        if peek.kind == .newline { index += 1 }
        return out
    }

    /// One statement, or several for `a = b = c` (one assignment per target, in order).
    private mutating func simpleStatement() throws(StarlarkSyntaxError) -> [StarlarkStatement] {
        let at = position
        if acceptName("pass") { return [.pass] }
        if acceptName("break") { return [.break] }
        if acceptName("continue") { return [.continue] }
        if acceptName("return") {
            if peek.kind == .newline || isSymbol(";") { return [.return(nil)] }
            return [.return(try expressionList())]
        }
        if isName("load") { return [try load()] }
        let left = try expressionList()
        for op in ["=", "+=", "-=", "*=", "/=", "//=", "%=", "&=", "|=", "^=", "<<=", ">>=", "**="] where accept(op) {
            var value = try expressionList()
            // a = b = c
            var targets = [left]
            while op == "=", accept("=") {
                targets.append(value)
                value = try expressionList()
            }
            return targets.map { .assign(target: $0, op: op, value: value, at) }
        }
        return [.expression(left, at)]
    }

    private mutating func load() throws(StarlarkSyntaxError) -> StarlarkStatement {
        let at = position
        index += 1
        try expect("(")
        guard case .string(let module) = peek.kind else { throw error("load() needs a module string first") }
        index += 1
        var symbols: [(String, String)] = []
        while accept(",") {
            if isSymbol(")") { break }
            if case .string(let exported) = peek.kind {
                index += 1
                symbols.append((exported, exported))
            } else {
                let local = try identifier()
                try expect("=")
                guard case .string(let exported) = peek.kind else { throw error("expected a string, found \(describe(peek))") }
                index += 1
                symbols.append((local, exported))
            }
        }
        try expect(")")
        return .load(module: module, symbols: symbols, at)
    }

    private mutating func parameters(closing: String) throws(StarlarkSyntaxError) -> [StarlarkParameter] {
        var out: [StarlarkParameter] = []
        while !isSymbol(closing) {
            if accept("**") {
                out.append(StarlarkParameter(name: try identifier(), kind: .starStar))
            } else if accept("*") {
                // A bare `*` only separates keyword-only parameters.
                if case .name = peek.kind { out.append(StarlarkParameter(name: try identifier(), kind: .star)) }
            } else {
                let name = try identifier()
                let value = accept("=") ? try test() : nil
                out.append(StarlarkParameter(name: name, kind: .plain, defaultValue: value))
            }
            if !accept(",") { break }
        }
        return out
    }

    // MARK: Expressions

    /// `a, b` -> a tuple; `a` alone -> itself.
    private mutating func expressionList() throws(StarlarkSyntaxError) -> StarlarkExpr {
        let first = try test()
        guard isSymbol(",") else { return first }
        var items = [first]
        while accept(",") {
            if !startsExpression { break }
            items.append(try test())
        }
        return .tuple(items)
    }

    /// The targets of a `for`: primaries, not `in` comparisons.
    private mutating func targetList() throws(StarlarkSyntaxError) -> StarlarkExpr {
        let first = try bitwiseOr()
        guard isSymbol(",") else { return first }
        var items = [first]
        while accept(",") {
            if isName("in") { break }
            items.append(try bitwiseOr())
        }
        return .tuple(items)
    }

    private var startsExpression: Bool {
        switch peek.kind {
        case .name(let name): return !["in", "for", "if", "else", "and", "or"].contains(name) || name == "not" || name == "lambda"
        case .string, .int, .float: return true
        case .symbol(let symbol): return ["(", "[", "{", "-", "+", "~"].contains(symbol)
        default: return false
        }
    }

    private mutating func test() throws(StarlarkSyntaxError) -> StarlarkExpr {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting < Self.maxNesting else { throw error("expressions nested too deeply") }
        if acceptName("lambda") {
            let parameters = try self.parameters(closing: ":")
            try expect(":")
            return .lambda(parameters: parameters, body: try test())
        }
        let value = try orTest()
        guard acceptName("if") else { return value }
        let condition = try orTest()
        guard acceptName("else") else { throw error("expected 'else', found \(describe(peek))") }
        return .conditional(then: value, condition: condition, else: try test())
    }

    private mutating func orTest() throws(StarlarkSyntaxError) -> StarlarkExpr {
        var left = try andTest()
        var length = 0
        while acceptName("or") {
            try lengthen(&length)
            left = .binary("or", left, try andTest())
        }
        return left
    }

    private mutating func andTest() throws(StarlarkSyntaxError) -> StarlarkExpr {
        var left = try notTest()
        var length = 0
        while acceptName("and") {
            try lengthen(&length)
            left = .binary("and", left, try notTest())
        }
        return left
    }

    private mutating func notTest() throws(StarlarkSyntaxError) -> StarlarkExpr {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting < Self.maxNesting else { throw error("expressions nested too deeply") }
        if acceptName("not") { return .unary("not", try notTest()) }
        return try comparison()
    }

    private mutating func comparison() throws(StarlarkSyntaxError) -> StarlarkExpr {
        var left = try bitwiseOr()
        var length = 0
        while true {
            try lengthen(&length)
            if let op = ["==", "!=", "<=", ">=", "<", ">"].first(where: { isSymbol($0) }) {
                index += 1
                left = .binary(op, left, try bitwiseOr())
            } else if acceptName("in") {
                left = .binary("in", left, try bitwiseOr())
            } else if isName("not"), index + 1 < tokens.count, tokens[index + 1].kind == .name("in") {
                index += 2
                left = .binary("not in", left, try bitwiseOr())
            } else {
                return left
            }
        }
    }

    private mutating func bitwiseOr() throws(StarlarkSyntaxError) -> StarlarkExpr {
        try binary(["|"]) { p throws(StarlarkSyntaxError) in
            try p.binary(["^"]) { p throws(StarlarkSyntaxError) in
                try p.binary(["&"]) { p throws(StarlarkSyntaxError) in
                    try p.binary(["<<", ">>"]) { p throws(StarlarkSyntaxError) in
                        try p.binary(["+", "-"]) { p throws(StarlarkSyntaxError) in
                            try p.binary(["*", "/", "//", "%"]) { p throws(StarlarkSyntaxError) in try p.factor() }
                        }
                    }
                }
            }
        }
    }

    /// A chain `a + b + …` or `a.b.c…` is a tree as deep as it is long: bounded like nesting.
    private func lengthen(_ length: inout Int) throws(StarlarkSyntaxError) {
        length += 1
        if length > Self.maxChain { throw error("expression too long: more than \(Self.maxChain) operations in a row") }
    }

    private static let maxChain = 2_000

    private mutating func binary(
        _ ops: [String], _ operand: (inout StarlarkParser) throws(StarlarkSyntaxError) -> StarlarkExpr
    ) throws(StarlarkSyntaxError) -> StarlarkExpr {
        var left = try operand(&self)
        var length = 0
        while let op = ops.first(where: { isSymbol($0) }) {
            try lengthen(&length)
            index += 1
            left = .binary(op, left, try operand(&self))
        }
        return left
    }

    private mutating func factor() throws(StarlarkSyntaxError) -> StarlarkExpr {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting < Self.maxNesting else { throw error("expressions nested too deeply") }
        for op in ["-", "+", "~"] where accept(op) { return .unary(op, try factor()) }
        let base = try primary()
        if accept("**") { return .binary("**", base, try factor()) }
        return base
    }

    private mutating func primary() throws(StarlarkSyntaxError) -> StarlarkExpr {
        var value = try atom()
        var length = 0
        while true {
            try lengthen(&length)
            let at = position
            if accept(".") {
                value = .attribute(value, try identifier())
            } else if accept("(") {
                value = .call(callee: value, arguments: try arguments(), at)
                try expect(")")
            } else if accept("[") {
                value = try subscriptOf(value)
                try expect("]")
            } else {
                return value
            }
        }
    }

    private mutating func subscriptOf(_ value: StarlarkExpr) throws(StarlarkSyntaxError) -> StarlarkExpr {
        let start = isSymbol(":") ? nil : try test()
        guard accept(":") else {
            guard let start else { throw error("expected an index") }
            return .index(value, start)
        }
        let end = isSymbol(":") || isSymbol("]") ? nil : try test()
        var step: StarlarkExpr?
        if accept(":"), !isSymbol("]") { step = try test() }
        return .slice(value, start: start, end: end, step: step)
    }

    private mutating func arguments() throws(StarlarkSyntaxError) -> [StarlarkArgument] {
        var out: [StarlarkArgument] = []
        while !isSymbol(")") {
            if accept("**") {
                out.append(StarlarkArgument(kind: .starStar, value: try test()))
            } else if accept("*") {
                out.append(StarlarkArgument(kind: .star, value: try test()))
            } else if case .name(let name) = peek.kind, index + 1 < tokens.count, tokens[index + 1].kind == .symbol("=") {
                index += 2
                out.append(StarlarkArgument(kind: .keyword(name), value: try test()))
            } else {
                let value = try test()
                // f(x for x in y)
                if isName("for") {
                    out.append(StarlarkArgument(kind: .positional, value: try comprehension(element: value, value: nil, isDict: false)))
                } else {
                    out.append(StarlarkArgument(kind: .positional, value: value))
                }
            }
            if !accept(",") { break }
        }
        return out
    }

    private mutating func atom() throws(StarlarkSyntaxError) -> StarlarkExpr {
        let token = peek
        let at = position
        switch token.kind {
        case .name(let name):
            guard !Self.keywords.contains(name) else { throw error("unexpected \(describe(token))") }
            index += 1
            return .name(name, at)
        case .string(var text):
            index += 1
            // Adjacent literals are one string: "a" "b".
            while case .string(let more) = peek.kind {
                text += more
                index += 1
            }
            return .string(text)
        case .int(let value):
            index += 1
            return .int(value)
        case .float:
            index += 1
            return .float
        case .symbol("("):
            index += 1
            return try sequence(closing: ")") { items, isSingle in isSingle ? items[0] : .tuple(items) }
        case .symbol("["):
            index += 1
            return try sequence(closing: "]") { items, _ in .list(items) }
        case .symbol("{"):
            index += 1
            if accept("}") { return .dict([]) }
            let key = try test()
            try expect(":")
            let value = try test()
            if isName("for") {
                let dict = try comprehension(element: key, value: value, isDict: true)
                try expect("}")
                return dict
            }
            var entries = [(key: key, value: value)]
            while accept(",") {
                if isSymbol("}") { break }
                let key = try test()
                try expect(":")
                entries.append((key, try test()))
            }
            try expect("}")
            return .dict(entries)
        default:
            throw error("unexpected \(describe(token))")
        }
    }

    /// After `(` or `[`: nothing, a comprehension, or items separated by commas. `make` gets the
    /// items and whether there was one with no comma after it (`(x)` is `x`, `[x]` a list).
    private mutating func sequence(
        closing: String, make: ([StarlarkExpr], Bool) -> StarlarkExpr
    ) throws(StarlarkSyntaxError) -> StarlarkExpr {
        if accept(closing) { return make([], false) }
        let first = try test()
        if isName("for") {
            let comprehension = try comprehension(element: first, value: nil, isDict: false)
            try expect(closing)
            return comprehension
        }
        var items = [first]
        let isSingle = !isSymbol(",")
        while accept(",") {
            if isSymbol(closing) { break }
            items.append(try test())
        }
        try expect(closing)
        return make(items, isSingle)
    }

    private mutating func comprehension(
        element: StarlarkExpr, value: StarlarkExpr?, isDict: Bool
    ) throws(StarlarkSyntaxError) -> StarlarkExpr {
        var clauses: [StarlarkClause] = []
        while true {
            if acceptName("for") {
                let target = try targetList()
                guard acceptName("in") else { throw error("expected 'in', found \(describe(peek))") }
                clauses.append(.for(target: target, sequence: try orTest()))
            } else if acceptName("if") {
                clauses.append(.if(try orTest()))
            } else {
                return .comprehension(element: element, value: value, clauses: clauses, isDict: isDict)
            }
        }
    }
}
