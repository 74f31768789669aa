/// A value of the Starlark subset digraph evaluates. What it cannot work out is `unknown`, with
/// why, and spreads through everything computed from it: a target whose sources are unknown is
/// read in part, never guessed.
indirect enum StarlarkValue {
    case none
    case bool(Bool)
    case int(Int)
    case string(String)
    case list([StarlarkValue])
    case dict([(key: StarlarkValue, value: StarlarkValue)])
    case function(StarlarkFunction)
    /// A rule digraph knows (`swift_library`, `ios_application`, ...) or a built-in (`glob`).
    case builtin(String)
    /// A bound method of a value (`"a".format`, `list.append` on a variable's list).
    case method(receiver: StarlarkValue, name: String, variable: String?)
    /// `native`, `struct(...)`: attributes by name.
    case structure([String: StarlarkValue])
    case unknown(String)

    var truth: Bool? {
        switch self {
        case .none: false
        case .bool(let b): b
        case .int(let i): i != 0
        case .string(let s): !s.isEmpty
        case .list(let l): !l.isEmpty
        case .dict(let d): !d.isEmpty
        case .function, .builtin, .method, .structure: true
        case .unknown: nil
        }
    }

    var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    var unknownReason: String? {
        if case .unknown(let why) = self { return why }
        return nil
    }

    /// The items of a list or tuple (a `select`'s branches already merged), the keys of a dict.
    var items: [StarlarkValue]? {
        switch self {
        case .list(let l): l
        case .dict(let d): d.map(\.key)
        case .string(let s): s.map { .string(String($0)) }
        default: nil
        }
    }

    func equals(_ other: StarlarkValue) -> Bool? {
        switch (self, other) {
        case (.unknown, _), (_, .unknown): nil
        case (.none, .none): true
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.list(a), .list(b)):
            a.count != b.count ? false : zip(a, b).allSatisfy { $0.equals($1) == true }
        default: false
        }
    }

    /// `str(x)`, and how `%s`/`format` print it.
    var printed: String? {
        switch self {
        case .none: "None"
        case .bool(let b): b ? "True" : "False"
        case .int(let i): String(i)
        case .string(let s): s
        case .list(let l):
            l.allSatisfy { $0.printed != nil } ? "[" + l.map { $0.string.map { "\"\($0)\"" } ?? $0.printed! }.joined(separator: ", ") + "]" : nil
        default: nil
        }
    }

    var typeName: String {
        switch self {
        case .none: "NoneType"
        case .bool: "bool"
        case .int: "int"
        case .string: "string"
        case .list: "list"
        case .dict: "dict"
        case .function, .builtin, .method: "function"
        case .structure: "struct"
        case .unknown: "unknown"
        }
    }
}

/// A `def` (or `lambda`) of a `BUILD` or `.bzl` file, with the globals of the file it was defined in.
final class StarlarkFunction {
    let name: String
    let parameters: [StarlarkParameter]
    let body: [StarlarkStatement]
    let globals: StarlarkScope
    /// The file it was written in (display path), for notes.
    let file: String

    init(name: String, parameters: [StarlarkParameter], body: [StarlarkStatement], globals: StarlarkScope, file: String) {
        self.name = name
        self.parameters = parameters
        self.body = body
        self.globals = globals
        self.file = file
    }
}

/// Names bound in a file (its globals) or in one call of a function (its locals, then the globals).
final class StarlarkScope {
    var values: [String: StarlarkValue] = [:]
    let parent: StarlarkScope?

    init(parent: StarlarkScope?) { self.parent = parent }

    func lookup(_ name: String) -> StarlarkValue? { values[name] ?? parent?.lookup(name) }
}
