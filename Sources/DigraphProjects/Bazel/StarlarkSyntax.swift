/// Starlark's syntax tree: the whole language, so that a valid `BUILD` file always parses; the
/// interpreter then evaluates what it can and says what it did not.
indirect enum StarlarkExpr {
    case name(String, StarlarkPosition)
    case string(String)
    case int(Int)
    /// A float literal: no build description digraph reads depends on one's value.
    case float
    case list([StarlarkExpr])
    case tuple([StarlarkExpr])
    case dict([(key: StarlarkExpr, value: StarlarkExpr)])
    case call(callee: StarlarkExpr, arguments: [StarlarkArgument], StarlarkPosition)
    case attribute(StarlarkExpr, String)
    case index(StarlarkExpr, StarlarkExpr)
    case slice(StarlarkExpr, start: StarlarkExpr?, end: StarlarkExpr?, step: StarlarkExpr?)
    case unary(String, StarlarkExpr)
    case binary(String, StarlarkExpr, StarlarkExpr)
    case conditional(then: StarlarkExpr, condition: StarlarkExpr, else: StarlarkExpr)
    /// `[element for … in … if …]`, `{key: value for …}`: `clauses` in order.
    case comprehension(element: StarlarkExpr, value: StarlarkExpr?, clauses: [StarlarkClause], isDict: Bool)
    case lambda(parameters: [StarlarkParameter], body: StarlarkExpr)
}

struct StarlarkPosition: Equatable {
    var line: Int
    var column: Int
}

enum StarlarkClause {
    case `for`(target: StarlarkExpr, sequence: StarlarkExpr)
    case `if`(StarlarkExpr)
}

struct StarlarkArgument {
    enum Kind { case positional, keyword(String), star, starStar }
    var kind: Kind
    var value: StarlarkExpr
}

struct StarlarkParameter {
    enum Kind { case plain, star, starStar }
    var name: String
    var kind: Kind
    var defaultValue: StarlarkExpr?
}

indirect enum StarlarkStatement {
    case expression(StarlarkExpr, StarlarkPosition)
    /// `op`: `=` or an augmented one (`+=`).
    case assign(target: StarlarkExpr, op: String, value: StarlarkExpr, StarlarkPosition)
    case load(module: String, symbols: [(local: String, exported: String)], StarlarkPosition)
    case def(name: String, parameters: [StarlarkParameter], body: [StarlarkStatement], StarlarkPosition)
    case `if`(condition: StarlarkExpr, then: [StarlarkStatement], else: [StarlarkStatement])
    case `for`(target: StarlarkExpr, sequence: StarlarkExpr, body: [StarlarkStatement], StarlarkPosition)
    case `return`(StarlarkExpr?)
    case `break`, `continue`, pass
}
