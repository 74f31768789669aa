/// A key registered with one lifetime in one file and another lifetime in another file of the
/// same container: the last registration decides, and the order files' code runs in is not read,
/// so its lifetime is `unknown` (no captive is claimed on a guess). In one file the order is read:
/// the last one wins, as in Swinject.
struct LifetimeOrigins {
    static let conflictDetail = "registered with other lifetimes in other files; which runs last is not read"

    private struct Key: Hashable {
        var instance: String
        var id: String
    }

    private var first: [Key: (file: String, lifetime: Lifetime)] = [:]
    private var conflicting: Set<Key> = []

    mutating func note(_ id: String, in instance: String, file: String, lifetime: Lifetime) {
        let key = Key(instance: instance, id: id)
        guard let known = first[key] else {
            first[key] = (file, lifetime)
            return
        }
        if known.file != file, known.lifetime != lifetime { conflicting.insert(key) }
    }

    /// `(instance, id)` of every key whose lifetime is not known, sorted.
    var conflicts: [(String, String)] {
        conflicting.map { ($0.instance, $0.id) }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    }
}
