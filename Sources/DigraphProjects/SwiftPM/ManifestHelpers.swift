import SwiftSyntax

/// Functions and static members a `Package.swift` declares for itself: gertrude's
/// `extension Target { static func checkedTarget(name:dependencies:linkerSettings:) -> Target {
/// .target(name: name, dependencies: dependencies, …) } }`, its `static let tca: Self =
/// .product(…)` and `func => (lhs: String, rhs: String) -> Target.Dependency`. A helper whose
/// body is one expression (or one `return`) is read as that expression with its parameters
/// bound to the arguments; anything else is not followed, and its targets stay notes.
struct ManifestHelpers {
    /// By name (an operator's is its symbol): global functions and static ones of extensions.
    private(set) var functions: [String: [FunctionDeclSyntax]] = [:]
    /// Static members of extensions with an initializer, by name.
    private(set) var statics: [String: ExprSyntax] = [:]

    mutating func collect(_ item: CodeBlockItemSyntax.Item) {
        if let function = item.as(FunctionDeclSyntax.self) {
            functions[function.name.text, default: []].append(function)
            return
        }
        guard let ext = item.as(ExtensionDeclSyntax.self) else { return }
        for member in ext.memberBlock.members {
            if let function = member.decl.as(FunctionDeclSyntax.self), Self.isStatic(function.modifiers) {
                functions[function.name.text, default: []].append(function)
            } else if let variable = member.decl.as(VariableDeclSyntax.self), Self.isStatic(variable.modifiers) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let value = binding.initializer?.value ?? Self.returned(getter: binding)
                    else { continue }
                    statics[name] = value
                }
            }
        }
    }

    private static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) }
    }

    /// The one expression the body returns.
    static func returned(_ function: FunctionDeclSyntax) -> ExprSyntax? {
        function.body.flatMap { returned(statements: $0.statements) }
    }

    /// Shoppy's `static var foundation: Self { .product(name: "ShoppyFoundation", package: "Base") }`:
    /// a computed static of one expression reads as a `static let` of it.
    static func returned(getter binding: PatternBindingSyntax) -> ExprSyntax? {
        switch binding.accessorBlock?.accessors {
        case .getter(let statements)?: return returned(statements: statements)
        case .accessors(let list)?:
            guard list.count == 1, let get = list.first, get.accessorSpecifier.tokenKind == .keyword(.get),
                let statements = get.body?.statements
            else { return nil }
            return returned(statements: statements)
        case nil: return nil
        }
    }

    private static func returned(statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard statements.count == 1, let only = statements.first else { return nil }
        switch only.item {
        case .expr(let expr): return expr
        case .stmt(let statement): return statement.as(ReturnStmtSyntax.self)?.expression
        default: return nil
        }
    }

    /// Each parameter's name inside the body -> the argument given for it, or its default; nil
    /// when the arguments do not fit the parameters (labels in order, none left over).
    static func bind(_ function: FunctionDeclSyntax, _ arguments: [(label: String?, value: ExprSyntax)]) -> [String: ExprSyntax]? {
        var bound: [String: ExprSyntax] = [:]
        var next = 0
        // An operator's operands have no labels, whatever its parameters are named.
        let isOperator = function.name.tokenKind != .identifier(function.name.text)
        for parameter in function.signature.parameterClause.parameters {
            guard parameter.ellipsis == nil else { return nil }
            let label = isOperator || parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            let inside = (parameter.secondName ?? parameter.firstName).text
            if next < arguments.count, arguments[next].label == label {
                bound[inside] = arguments[next].value
                next += 1
            } else if let defaultValue = parameter.defaultValue?.value {
                bound[inside] = defaultValue
            } else {
                return nil
            }
        }
        return next == arguments.count ? bound : nil
    }
}
