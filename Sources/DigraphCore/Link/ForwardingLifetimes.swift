/// A registration whose factory only hands out another key's product (CityDiscover's
/// `register(PlaceServicePublicProtocol.self) { $0.resolve(PlaceServiceProtocol.self)! }`) gives
/// that product: when every registration of the key forwarded to keeps its instance longer than
/// the alias's own scope says, what the alias gives lives that long. A singleton keeping the alias
/// keeps the singleton, no captive.
enum ForwardingLifetimes {
    static func apply(_ files: inout [FileFacts]) {
        var forwards = false
        for f in files.indices where files[f].registrations.contains(where: { $0.forwardsTo != nil }) {
            forwards = true
            break
        }
        guard forwards else { return }
        // Unnamed registrations by registry and key (their type and the types they forward).
        var lifetimes: [String: Set<Pair>] = [:]
        for f in files.indices {
            for registration in files[f].registrations where registration.name == nil && registration.forwardsTo == nil {
                for type in [registration.serviceType] + registration.forwardedTypes {
                    lifetimes[key(registration.registry, type), default: []].insert(
                        Pair(lifetime: registration.lifetime, detail: registration.lifetimeDetail))
                }
            }
        }
        for f in files.indices {
            for r in files[f].registrations.indices {
                guard let target = files[f].registrations[r].forwardsTo,
                    let found = lifetimes[key(files[f].registrations[r].registry, target)], found.count == 1,
                    let only = found.first, only.lifetime.outlives(files[f].registrations[r].lifetime)
                else { continue }
                files[f].registrations[r].lifetime = only.lifetime
                files[f].registrations[r].lifetimeDetail = "forwards to \(target) (\(only.detail))"
                files[f].registrations[r].lifetimeIsDefault = false
            }
        }
    }

    private struct Pair: Hashable {
        var lifetime: Lifetime
        var detail: String
    }

    private static func key(_ registry: Registry, _ type: String) -> String {
        registry.rawValue + "\u{0}" + TypeName.matchingKey(type)
    }
}
