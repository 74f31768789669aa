/// The normalized lifetime of a service (see docs/lifetimes in the README).
///
/// Longer-lived first: singleton > scoped > graph > transient and singleton > weak > graph.
/// `scoped` and `weak` are not ordered against each other; `unknown` is ordered against nothing.
public enum Lifetime: String, Codable, Sendable, CaseIterable, Comparable {
    case singleton, scoped, weak, graph, transient, unknown

    /// Whether a service with this lifetime strictly outlives one with `other`.
    public func outlives(_ other: Lifetime) -> Bool {
        guard self != .unknown, other != .unknown, self != other else { return false }
        return Lifetime.longer[self, default: []].contains(other)
    }

    private static let longer: [Lifetime: Set<Lifetime>] = [
        .singleton: [.scoped, .weak, .graph, .transient],
        .scoped: [.graph, .transient],
        .weak: [.graph, .transient],
        .graph: [.transient],
        .transient: [],
    ]

    /// Declaration order, used only to sort deterministically.
    public static func < (lhs: Lifetime, rhs: Lifetime) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
