import DigraphCore
import SwiftSyntax

/// Resolver's `ResolverScope` values and their normalized lifetimes.
enum ResolverScopes {
    static let defaultDetail = "graph"

    static let builtIn: [String: Lifetime] = [
        "application": .singleton,
        "cached": .singleton,
        // Cached per `Resolver` instance: one per container, like Swinject's `.container`.
        "container": .singleton,
        "graph": .graph,
        "shared": .weak,
        "unique": .transient,
    ]

    /// `.application`, `ResolverScope.shared`, `Resolver.cached`, the bare `application` of older
    /// releases, a custom `.session` (scoped); nil for what the scanner cannot read (a variable).
    static func read(_ expr: ExprSyntax) -> (lifetime: Lifetime, detail: String)? {
        if let ref = expr.as(DeclReferenceExprSyntax.self), let lifetime = builtIn[ref.baseName.text] {
            return (lifetime, ref.baseName.text)
        }
        guard let member = expr.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil else { return nil }
        if let base = member.base, !["ResolverScope", "Resolver"].contains(base.trimmedDescription) { return nil }
        let name = member.declName.baseName.text
        return (builtIn[name] ?? .scoped, name)
    }
}

/// Which `Resolver` instance a call talks to: nil for the default one (`Resolver.main`, which
/// `Resolver.root` is unless tests swap it, and the static `Resolver.register`/`resolve`).
enum ResolverContainers {
    private static let defaultSpellings: Set<String> = [
        "Resolver", "Resolver.main", "Resolver.root", "main", "root", ".main", ".root", "self", "resolver", "Self",
    ]

    static func instance(of call: FunctionCallExprSyntax, state: ScanState) -> String? {
        guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return nil }
        return instance(named: base, state: state)
    }

    static func instance(named expr: ExprSyntax, state: ScanState) -> String? {
        // A local `let resolver = Resolver(child: .main)` is its own instance, whatever its name.
        if let ref = expr.as(DeclReferenceExprSyntax.self), LocalBinding.find(ref.baseName.text, at: ref) != nil {
            return ContainerReceiver.instance(named: expr, state: state)
        }
        if defaultSpellings.contains(expr.trimmedDescription) { return nil }
        if let member = expr.as(MemberAccessExprSyntax.self), member.base == nil {
            // `.mock`: a static `Resolver` property.
            return "Resolver.\(member.declName.baseName.text)"
        }
        return ContainerReceiver.instance(named: expr, state: state)
    }

    /// `Resolver(child: parent)`, `Resolver(parent: parent)` (1.x): the new container looks in
    /// `parent` for what it does not register itself, as a Swinject child container does.
    static func recordCreation(_ call: FunctionCallExprSyntax, state: ScanState) {
        guard call.calledExpression.trimmedDescription == "Resolver",
            let parent = call.arguments.first(labeled: "child") ?? call.arguments.first(labeled: "parent")
        else { return }
        // The default container's registrations are visible from every instance already.
        guard let parentInstance = instance(named: parent.expression, state: state) else { return }
        let child = ContainerReceiver.creationKey(call, state: state)
        state.facts.containerParents.append(ContainerParentFact(instance: child, parent: parentInstance))
    }
}
