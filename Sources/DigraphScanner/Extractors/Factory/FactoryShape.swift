import DigraphCore
import SwiftSyntax

/// What a Factory library declaration's expression says, read from the outside in:
/// `self { Impl() }.onPreview { Mock() }.singleton` is the core `self { Impl() }` with two
/// modifiers. Cores: `self { … }`, `Factory(self) { … }`, `.init(self) { … }`,
/// `ParameterFactory(self) { p in … }`, `promised()`, and 1.x's `Factory(scope: .x) { … }`.
struct FactoryShape {
    var closure: ClosureExprSyntax?
    /// Builds used only in some contexts (`.onTest { … }`, `.onPreview { … }`, `.onArg("x") { … }`).
    var alternatives: [ClosureExprSyntax] = []
    /// `.decorator { … }`: runs on every resolution, like the factory itself.
    var decorators: [ClosureExprSyntax] = []
    var promised = false
    var scope = FactoryScope.unique
    /// `Factory<T>(…)` / `ParameterFactory<P, T>(…)` written on the call.
    var genericArguments: [String] = []
    /// 1.x: the factory takes no container (`static let x = Factory { … }`).
    var isLegacy = false
    /// A scope the scanner cannot read (`.scope(someScope)`).
    var unreadableScope: ExprSyntax?

    static let coreNames: Set<String> = ["Factory", "ParameterFactory"]
    /// Modifiers whose closure builds the service only in some contexts.
    static let contextModifiers: Set<String> = [
        "onTest", "onPreview", "onDebug", "onSimulator", "onDevice", "onArg", "onArgs", "context",
    ]

    static func read(_ expr: ExprSyntax) -> FactoryShape? {
        var shape = FactoryShape()
        var current = expr
        var scopeSet = false
        while true {
            if let call = current.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                let base = member.base, !isCore(call)
            {
                let name = member.declName.baseName.text
                if name == "scope", let argument = call.arguments.first?.expression {
                    if !scopeSet, let scope = FactoryScope.read(argument) { shape.scope = scope } else if !scopeSet {
                        shape.unreadableScope = argument
                    }
                    scopeSet = true
                } else if contextModifiers.contains(name) {
                    shape.alternatives += closures(of: call)
                } else if name == "decorator" {
                    shape.decorators += closures(of: call)
                }
                current = base
                continue
            }
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                // `.singleton`, `.cached`: the outermost scope wins, as the last modifier applied.
                if !scopeSet, let scope = FactoryScope.named(member.declName.baseName.text) {
                    shape.scope = scope
                    scopeSet = true
                }
                current = base
                continue
            }
            break
        }
        guard let call = current.as(FunctionCallExprSyntax.self), isCore(call) else { return nil }
        let callee = call.calledExpression
        if calleeName(callee) == "promised" {
            shape.promised = true
            return shape
        }
        shape.closure = closures(of: call).first
        if let generic = callee.as(GenericSpecializationExprSyntax.self) {
            shape.genericArguments = generic.genericArgumentClause.arguments.map {
                TypeName.normalize($0.argument.trimmedDescription)
            }
        }
        let isSugar = callee.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" || calleeName(callee) == "callAsFunction"
        let first = call.arguments.first
        let passesContainer = first != nil && first?.label == nil && first?.expression.is(ClosureExprSyntax.self) == false
        shape.isLegacy = !isSugar && !passesContainer
        if shape.isLegacy, let scopeArgument = call.arguments.first(labeled: "scope") {
            if let scope = FactoryScope.read(scopeArgument.expression) {
                if !scopeSet { shape.scope = scope }
            } else if !scopeSet {
                shape.unreadableScope = scopeArgument.expression
            }
        }
        guard shape.closure != nil else { return nil }
        return shape
    }

    /// `self { … }`, `self.callAsFunction { … }`, `Factory(…)`, `Factory<T>(…)`, `.init(self)`,
    /// `promised()`.
    private static func isCore(_ call: FunctionCallExprSyntax) -> Bool {
        let callee = call.calledExpression
        if let ref = callee.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            return name == "self" || coreNames.contains(name) || name == "promised"
        }
        if let generic = callee.as(GenericSpecializationExprSyntax.self),
            let ref = generic.expression.as(DeclReferenceExprSyntax.self)
        {
            return coreNames.contains(ref.baseName.text)
        }
        if let member = callee.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            let base = member.base?.trimmedDescription
            if name == "init" { return base == nil || base.map { coreNames.contains(TypeName.lastComponent($0)) } == true }
            if name == "callAsFunction" || name == "promised" { return base == nil || base == "self" }
        }
        return false
    }

    private static func calleeName(_ callee: ExprSyntax) -> String? {
        if let ref = callee.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        return callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    static func closures(of call: FunctionCallExprSyntax) -> [ClosureExprSyntax] {
        var found = call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        if let trailing = call.trailingClosure { found.append(trailing) }
        found += call.additionalTrailingClosures.map(\.closure)
        return found
    }
}

/// A Factory scope and its normalized lifetime.
struct FactoryScope {
    var name: String
    var lifetime: Lifetime
    var isDefault = false

    static let unique = FactoryScope(name: "unique", lifetime: .transient, isDefault: true)

    /// The library's own scopes; any other name is a custom `Cached()` scope (`.session`).
    static func named(_ name: String) -> FactoryScope? {
        switch name {
        case "unique": return FactoryScope(name: name, lifetime: .transient)
        case "singleton", "cached": return FactoryScope(name: name, lifetime: .singleton)
        case "shared": return FactoryScope(name: name, lifetime: .weak)
        case "graph": return FactoryScope(name: name, lifetime: .graph)
        default: return nil
        }
    }

    /// `.singleton`, `.session`, `Scope.session`: a scope named by a constant. nil for anything else.
    static func read(_ expr: ExprSyntax) -> FactoryScope? {
        guard let member = expr.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base, base.trimmedDescription != "Scope" { return nil }
        let name = member.declName.baseName.text
        return named(name) ?? FactoryScope(name: name, lifetime: .scoped)
    }
}
