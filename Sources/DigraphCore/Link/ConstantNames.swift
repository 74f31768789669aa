/// Resolves registration and request names given through constants to the literal they are
/// declared with in the scanned code (`DatabaseName.primary` -> `"primary"`); a constant not
/// declared there keeps its own spelling as the name, so two different constants never merge.
/// A constant declared with different values (one per `#if` branch, or aliasing constants that
/// are) stands for whichever the build picks: a name known only at build time, never guessed.
struct ConstantNames {
    private var byQualifiedName: [String: Set<String>] = [:]
    /// Last component -> qualified names declaring it.
    private var byMember: [String: Set<String>] = [:]

    init(_ constants: [ConstantFact]) {
        var aliases: [(name: String, target: String)] = []
        for constant in constants {
            byMember[Self.member(constant.name), default: []].insert(constant.name)
            if let target = constant.aliasOf {
                aliases.append((constant.name, target))
            } else {
                byQualifiedName[constant.name, default: []].insert(constant.value)
            }
        }
        // `static let apiMode = mock`: follow aliases a few levels deep, through `#if` branches too.
        for _ in 0..<4 where !aliases.isEmpty {
            var unresolved: [(name: String, target: String)] = []
            for alias in aliases {
                if let values = byQualifiedName[alias.target] {
                    byQualifiedName[alias.name, default: []].formUnion(values)
                } else {
                    unresolved.append(alias)
                }
            }
            if unresolved.count == aliases.count { break }
            aliases = unresolved
        }
    }

    /// The last of the dot-separated parts that is not empty (`Names.primary` -> `primary`), on
    /// the bytes: a split into parts per constant cost more than the rest of the table.
    private static func member(_ name: String) -> String {
        let utf8 = name.utf8
        guard let end = utf8.lastIndex(where: { $0 != UInt8(ascii: ".") }) else { return name }
        let start = utf8[..<end].lastIndex(of: UInt8(ascii: ".")).map { utf8.index(after: $0) } ?? utf8.startIndex
        return String(name[start...end])
    }

    /// `Names.primary`, `Outer.Names.primary`, `.primary` (any constant of that member name when
    /// they all agree), `kPrimary` (a global, or a static member when unambiguous).
    func resolve(_ spelling: String) -> String {
        if case .value(let value) = lookUp(spelling) { return value }
        return spelling
    }

    /// A bare lowercase identifier declared nowhere as a constant is a property read at run time
    /// (`name: name`), not a constant; a constant with one value per build configuration is known
    /// only at build time: nil for both, so the caller treats the name as unknown.
    func resolveOrReject(_ spelling: String) -> String? {
        switch lookUp(spelling) {
        case .value(let value): return value
        case .perConfiguration: return nil
        case .unknown:
            let isBareIdentifier = !spelling.contains(".") && spelling.startsLowercase
            return isBareIdentifier ? nil : spelling
        }
    }

    private enum Lookup {
        case value(String)
        /// One constant, declared with a different value per `#if` branch.
        case perConfiguration
        case unknown
    }

    private func lookUp(_ spelling: String) -> Lookup {
        if let exact = byQualifiedName[spelling] { return outcome([spelling: exact]) }
        let parts = spelling.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.count >= 3 || (parts.count == 2 && !parts[0].isEmpty) {
            // Qualified differently from its declaration (`Names.primary` for `App.Names.primary`).
            let suffix = "." + parts.suffix(2).joined(separator: ".")
            return outcome(byQualifiedName.filter { $0.key.hasSuffix(suffix) || $0.key == String(suffix.dropFirst()) })
        }
        // `.api` or `kPrimary`: the member name alone.
        let names = byMember[parts.last ?? spelling, default: []]
        return outcome(Dictionary(uniqueKeysWithValues: names.compactMap { name in byQualifiedName[name].map { (name, $0) } }))
    }

    /// The constants a spelling may mean and their values: one value in all, that value; several
    /// values all declared by one constant, a per-configuration name.
    private func outcome(_ candidates: [String: Set<String>]) -> Lookup {
        let values = candidates.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        if values.count == 1, let only = values.first { return .value(only) }
        if values.count > 1, candidates.count == 1 { return .perConfiguration }
        return .unknown
    }
}
