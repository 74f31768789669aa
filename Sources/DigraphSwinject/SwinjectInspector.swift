import Swinject

/// Why a snapshot could not be taken.
public enum DigraphSwinjectError: Error, CustomStringConvertible, Equatable {
    /// Swinject's internal storage is not what this exporter was written against (2.10.0).
    case unsupportedSwinjectLayout(String)
    case write(path: String, reason: String)

    public var description: String {
        switch self {
        case .unsupportedSwinjectLayout(let detail):
            return "cannot read the Swinject container: \(detail); DigraphSwinject reads Swinject 2.10's internal "
                + "storage by reflection and this Swinject is laid out differently (update DigraphSwinject, or "
                + "record registrations with DigraphRecorder's SnapshotRecorder)"
        case .write(let path, let reason): return "\(path): cannot write the snapshot: \(reason)"
        }
    }
}

/// The registrations of a container and its parents, read from Swinject's internal storage.
///
/// Swinject 2.10.0 keeps them in `Container.services`, a `ThreadSafeDictionary` whose
/// `internalDictionary` maps a `ServiceKey` (`serviceType`, `argumentsType`, `name`, `option`) to
/// a `ServiceEntry` (`factory`, `objectScope`, `initCompletedActions`, …). Every step is checked:
/// a renamed or retyped field fails with ``DigraphSwinjectError/unsupportedSwinjectLayout(_:)``
/// rather than a wrong snapshot. Type forwarding (`.implements`, `forward`) stores the same entry
/// under another key: such a key is an alias of the entry's own key.
struct SwinjectInspector {
    struct ContainerInfo {
        var id: String
        var parent: Int?
        var behaviors: [Behavior]
    }

    struct Key {
        var serviceType: Any.Type
        var argumentsType: Any.Type
        var name: String?
        var hasOption: Bool
        var entry: InspectableEntry
        var container: Int

        /// Forwarded: stored under a type other than the entry's own.
        var isAlias: Bool { serviceType != entry.inspectedServiceType }
    }

    var containers: [ContainerInfo] = []
    var keys: [Key] = []

    init(_ container: Container, rootID: String) throws(DigraphSwinjectError) {
        var current: Container? = container
        var seen: Set<ObjectIdentifier> = []
        while let c = current, seen.insert(ObjectIdentifier(c)).inserted {
            let index = containers.count
            let id = index == 0 ? rootID : rootID + String(repeating: "/parent", count: index)
            let (keys, parent, behaviors) = try Self.read(c, index: index)
            containers.append(ContainerInfo(id: id, parent: parent == nil ? nil : index + 1, behaviors: behaviors))
            self.keys += keys
            current = parent
        }
    }

    private static func child(_ mirror: Mirror, _ label: String, in what: String) throws(DigraphSwinjectError) -> Any {
        guard let value = mirror.children.first(where: { $0.label == label })?.value else {
            throw .unsupportedSwinjectLayout("\(what) has no stored property `\(label)`")
        }
        return value
    }

    private static func read(_ container: Container, index: Int) throws(DigraphSwinjectError)
        -> ([Key], Container?, [Behavior])
    {
        let mirror = Mirror(reflecting: container)
        let services = try child(mirror, "services", in: "Container")
        let dictionary = try child(Mirror(reflecting: services), "internalDictionary", in: "Container.services")
        let dictionaryMirror = Mirror(reflecting: dictionary)
        guard dictionaryMirror.displayStyle == .dictionary else {
            throw .unsupportedSwinjectLayout("Container.services.internalDictionary is not a dictionary")
        }
        guard let parent = try child(mirror, "parent", in: "Container") as? Container? else {
            throw .unsupportedSwinjectLayout("Container.parent is not an optional Container")
        }
        guard let behaviors = try child(mirror, "behaviors", in: "Container") as? [Behavior] else {
            throw .unsupportedSwinjectLayout("Container.behaviors is not a [Behavior]")
        }
        var keys: [Key] = []
        for pair in dictionaryMirror.children {
            let pairMirror = Mirror(reflecting: pair.value)
            let keyValue = try child(pairMirror, "key", in: "a services entry")
            let entryValue = try child(pairMirror, "value", in: "a services entry")
            let keyMirror = Mirror(reflecting: keyValue)
            guard let serviceType = try child(keyMirror, "serviceType", in: "ServiceKey") as? Any.Type,
                let argumentsType = try child(keyMirror, "argumentsType", in: "ServiceKey") as? Any.Type,
                let name = try child(keyMirror, "name", in: "ServiceKey") as? String?
            else { throw .unsupportedSwinjectLayout("ServiceKey's serviceType, argumentsType or name changed type") }
            let option = try child(keyMirror, "option", in: "ServiceKey")
            guard let entry = entryValue as? InspectableEntry else {
                throw .unsupportedSwinjectLayout("a registration is not a ServiceEntry")
            }
            guard entry.inspectedFactory != nil else {
                throw .unsupportedSwinjectLayout("ServiceEntry has no stored property `factory`")
            }
            guard entry.inspectedScope != nil else {
                throw .unsupportedSwinjectLayout("ServiceEntry.objectScope is missing or not an ObjectScopeProtocol")
            }
            guard entry.inspectedInitCompletedCount != nil else {
                throw .unsupportedSwinjectLayout("ServiceEntry.initCompletedActions is missing or changed type")
            }
            let hasOption: Bool
            if let optional = option as? (any ServiceKeyOption)? { hasOption = optional != nil } else { hasOption = true }
            keys.append(
                Key(
                    serviceType: serviceType, argumentsType: argumentsType, name: name, hasOption: hasOption,
                    entry: entry, container: index))
        }
        return (keys, parent, behaviors)
    }
}
