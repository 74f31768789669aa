/// Resolves registration and request names given through constants to the literal they are
/// declared with in the scanned code (`DatabaseName.primary` -> `"primary"`); a constant not
/// declared there keeps its own spelling as the name, so two different constants never merge.
struct ConstantNames {
    private var byQualifiedName: [String: Set<String>] = [:]
    private var byMember: [String: Set<String>] = [:]

    init(_ constants: [ConstantFact]) {
        for constant in constants {
            byQualifiedName[constant.name, default: []].insert(constant.value)
            let member = constant.name.split(separator: ".").last.map(String.init) ?? constant.name
            byMember[member, default: []].insert(constant.value)
        }
    }

    /// `Names.primary`, `Outer.Names.primary`, `.primary` (any constant of that member name when
    /// they all agree), `kPrimary` (a global, or a static member when unambiguous).
    func resolve(_ spelling: String) -> String { lookUp(spelling) ?? spelling }

    /// A bare lowercase identifier declared nowhere as a constant is a property read at run time
    /// (`name: name`), not a constant: nil, so the caller treats the name as unknown.
    func resolveOrReject(_ spelling: String) -> String? {
        if let value = lookUp(spelling) { return value }
        let isBareIdentifier = !spelling.contains(".") && spelling.first?.isLowercase == true
        return isBareIdentifier ? nil : spelling
    }

    private func lookUp(_ spelling: String) -> String? {
        if let exact = single(byQualifiedName[spelling]) { return exact }
        let parts = spelling.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.count >= 3 || (parts.count == 2 && !parts[0].isEmpty) {
            // Qualified differently from its declaration (`Names.primary` for `App.Names.primary`).
            let suffix = "." + parts.suffix(2).joined(separator: ".")
            let values = byQualifiedName.filter { $0.key.hasSuffix(suffix) || $0.key == String(suffix.dropFirst()) }
                .values.reduce(into: Set<String>()) { $0.formUnion($1) }
            return single(values)
        }
        // `.api` or `kPrimary`: the member name alone.
        let member = parts.last ?? spelling
        return single(byMember[member])
    }

    private func single(_ values: Set<String>?) -> String? {
        guard let values, values.count == 1 else { return nil }
        return values.first
    }
}
