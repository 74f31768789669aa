import DigraphCore
import SwiftSyntax

/// What a Tuist manifest's expression is worth to digraph. Calls into ProjectDescription
/// (`Project(...)`, `.target(...)`, `.project(target:path:)`) are not evaluated but kept with
/// their arguments unevaluated: only what a program needs (a target's name, product, sources and
/// dependencies) is ever evaluated, so a manifest's schemes, settings and scripts, which digraph
/// cannot and need not follow, cost nothing and note nothing.
indirect enum TuistValue {
    case string(String)
    case bool(Bool)
    case int(Int)
    case array([TuistValue])
    /// `[.sources: [...], .tests: [...]]`, in the order written.
    case dictionary([(key: TuistValue, value: TuistValue)])
    /// `nil`.
    case nothing
    /// An enum case or a member of a type the project does not define: `.app`, `.unitTests`,
    /// `ModulePaths.Feature.RootFeature`; `raw` is its raw value (its name unless declared), `type`
    /// the enum declaring it when the project does.
    case symbol(String, raw: String, type: String?)
    /// A type used as a value (`TargetDependency`, `ModulePaths.Feature`): what its members are
    /// looked up in.
    case type(String)
    case call(TuistCall)
    /// What digraph cannot follow, and where.
    case unknown(TuistUnknown)

    /// The text of a string, a raw value, a number.
    var text: String? {
        switch self {
        case .string(let value): value
        case .symbol(_, let raw, _): raw
        case .int(let value): String(value)
        case .bool(let value): String(value)
        default: nil
        }
    }

    var why: TuistUnknown? {
        if case .unknown(let why) = self { return why }
        return nil
    }
}

/// Why a value could not be followed, at the expression that could not.
struct TuistUnknown {
    var reason: String
    var location: SourceLocation
}

/// A call the project does not define (ProjectDescription's API), with lazy arguments.
struct TuistCall {
    /// The member or type called: `target`, `Target`, `init`, `project`, `relativeToRoot`.
    var name: String
    /// The type written or expected before it (`TargetDependency` in `TargetDependency.target(...)`).
    var type: String?
    var arguments: [(label: String?, value: TuistThunk)]
    var location: SourceLocation

    func argument(_ label: String) -> TuistThunk? { arguments.first { $0.label == label }?.value }
    var firstUnlabelled: TuistThunk? { arguments.first { $0.label == nil }?.value }
}

/// An expression not evaluated yet, with the scope it is evaluated in, or a value already made.
enum TuistThunk {
    case lazy(ExprSyntax, TuistScope, hint: String?)
    case value(TuistValue)
}

/// Names visible where an expression is written: a function's parameters and locals, a block's,
/// then (through `parent`) the enclosing ones; the manifest's and the helpers' top-level names
/// are looked up by the evaluator after these.
final class TuistScope {
    let parent: TuistScope?
    let file: TuistFile
    var bindings: [String: TuistThunk] = [:]
    /// `self` in an instance method.
    var selfValue: TuistValue?
    /// The type whose member is being evaluated: an unqualified `module(name:)` inside
    /// `extension TargetDependency.WatchModule` is that type's.
    var type: String?

    init(parent: TuistScope?, file: TuistFile, selfValue: TuistValue? = nil, type: String? = nil) {
        self.parent = parent
        self.file = file
        self.selfValue = selfValue ?? parent?.selfValue
        self.type = type ?? parent?.type
    }

    func lookup(_ name: String) -> TuistThunk? { bindings[name] ?? parent?.lookup(name) }

    /// This scope as it is now: what a declaration's initializer sees, whatever is declared after it.
    func snapshot() -> TuistScope {
        let copy = TuistScope(parent: parent, file: file, selfValue: selfValue, type: type)
        copy.bindings = bindings
        return copy
    }

    /// The scope that declares `name`, for assignments.
    func owner(of name: String) -> TuistScope? { bindings[name] != nil ? self : parent?.owner(of: name) }
}
