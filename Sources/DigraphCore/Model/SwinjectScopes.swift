/// Swinject's `ObjectScope` names and the lifetimes they normalize to: read by the scanner at a
/// `register(…).inObjectScope(…)`, and by the link for a project's wrapper that chains one.
public enum SwinjectScopes {
    /// Swinject's default scope.
    public static let defaultDetail = "graph"

    public static let builtIn: [String: Lifetime] = [
        "container": .singleton,
        "graph": .graph,
        "transient": .transient,
        "weak": .weak,
    ]

    /// A custom scope (`.session`) caches per scope: scoped.
    public static func lifetime(of name: String) -> Lifetime { builtIn[name] ?? .scoped }
}
