/// Linking of the member-keyed styles (``MemberFacts``): their services, the requests that reach
/// them, and the few ways such a request can still crash (a Factory `promised()` nothing
/// registers, a swift-dependencies key without `liveValue`, a `LazyDependencyKey` never set).
///
/// A request naming a member no scanned code declares is not a miss: the compiler already
/// guarantees the member exists, so it is declared in code digraph did not scan (a library, or a
/// built-in key such as `\.date`). Only what the style itself can leave unset is reported.
extension LinkState {
    /// Owners that Factory resolves through protocol extensions for every container.
    static let factoryProtocolOwners = ["SharedContainer", "ManagedContainer"]
    static let swiftDependenciesOwner = "DependencyValues"

    mutating func collectMemberServices() {
        let aliases = MemberAliases(files)
        let keys = memberKeys
        // A project declaring its own `Factory` type is not using the library's (unless it
        // vendors the library's sources, which declare its container protocols too).
        let ownFactoryType =
            typeDecls["Factory", default: []].contains { $0.kind != .extension && !$0.inheritedTypes.contains("FactoryModifying") }
            && !Self.factoryProtocolOwners.contains { typeDecls[$0, default: []].contains { $0.kind == .protocol } }
        for file in files {
            for fact in file.members.services where !(ownFactoryType && fact.registry == .factory) {
                let owner = aliases.resolve(fact.owner)
                let id = ServiceID.member(owner: owner, property: fact.property)
                var lifetime = fact.lifetime
                var detail = fact.lifetimeDetail
                if let configured = configuration.lifetimes[fact.lifetimeDetail] { lifetime = configured }
                var implementations = fact.implementationTypes
                if let key = fact.key { implementations += keys[key]?.implementationTypes ?? [] }
                if keepsOnlyValueTypesWeakly(fact.registry, lifetime, implementations) {
                    (lifetime, detail) = Self.valueTypeUnderWeakScope(detail)
                }
                if Self.isAssignedOnlyAtRunTime(fact, keys: keys) {
                    (lifetime, detail) = (.unknown, Self.runTimeValueDetail)
                }
                var service =
                    services[id]
                    ?? Service(
                        id: id, type: fact.valueType ?? fact.key ?? ServiceID.dynamicName, lifetime: lifetime,
                        lifetimeDetail: detail, style: fact.registry.style, container: owner)
                if fact.promised && service.locations.isEmpty { service.lifetimeDetail = "promised" }
                service.arguments = fact.parameterTypes
                service.implementation = Array(Set(service.implementation + implementations)).sorted()
                service.locations = (service.locations + [fact.location]).sorted()
                services[id] = service
                // Code inside what the service builds (or inside its key) asks on the service's behalf.
                for type in Set(implementations + (fact.key.map { [$0] } ?? [])) {
                    implementedBy[type, default: []].append(id)
                }
            }
        }
        collectTypeKeyedDependencies(keys)
        recordShadowedBuiltInKeys(aliases)
        // A Factory container's own `static let shared` is where services live, not a singleton
        // service: `DemoContainer.shared.x()` is a request for `x`.
        for (name, decls) in typeDecls where decls.contains(where: { Self.isFactoryContainer($0) }) {
            for decl in decls {
                for member in decl.sharedMembers { services[ServiceID.member(owner: name, property: member.name)] = nil }
            }
        }
    }

    /// `@Dependency(PomodoroService.self)` with `extension PomodoroService: DependencyKey` and no
    /// `DependencyValues` accessor: the key type is its own value (the library requires it), so the
    /// key is the service, `DependencyValues[PomodoroService.self]`, cached once like an accessor's.
    private mutating func collectTypeKeyedDependencies(_ keys: [String: DependencyKeyFact]) {
        let requested = Set(files.flatMap { $0.members.requests.compactMap(\.keyType) })
        let accessorTypes = Set(services.values.lazy.filter { $0.style == Registry.swiftDependencies.style }.map(\.type))
        for keyType in requested.sorted() {
            guard let key = keys[keyType], key.registry == .swiftDependencies, !accessorTypes.contains(keyType) else { continue }
            let id = Self.typeKeyedID(keyType)
            let assignedAtRunTime = !key.values.contains("liveValue")
            var service = Service(
                id: id, type: keyType, lifetime: assignedAtRunTime ? .unknown : .singleton,
                lifetimeDetail: assignedAtRunTime ? Self.runTimeValueDetail : "key",
                style: Registry.swiftDependencies.style, container: Self.swiftDependenciesOwner)
            service.implementation = key.implementationTypes
            service.locations = [key.location]
            services[id] = service
            for type in Set(key.implementationTypes + [keyType]) { implementedBy[type, default: []].append(id) }
        }
    }

    static func typeKeyedID(_ keyType: String) -> String { "\(swiftDependenciesOwner)[\(keyType).self]" }

    static let runTimeValueDetail = "no liveValue: given a value at run time"

    /// A swift-dependencies value whose key (declared in the scan) has no `liveValue`: in the app
    /// it has only what code assigns, and how long that lives is the assigning call's business
    /// (`.transformDependency(\.self) { $0.api = .live() }` on a reducer builds one per action;
    /// `prepareDependencies` one at launch). The library caches a `liveValue` once per key, which
    /// is what makes a key a singleton; without one the lifetime is not known.
    static func isAssignedOnlyAtRunTime(_ fact: MemberServiceFact, keys: [String: DependencyKeyFact]) -> Bool {
        guard fact.registry == .swiftDependencies, let keyName = fact.key, let key = keys[keyName] else { return false }
        return !key.values.contains("liveValue")
    }

    /// The properties swift-dependencies 1.x declares on `DependencyValues` itself.
    public static let swiftDependenciesBuiltInKeys: Set<String> = [
        "assert", "assertionFailure", "calendar", "context", "continuousClock", "date", "fireAndForget", "locale",
        "mainQueue", "mainRunLoop", "notificationCenter", "openURL", "precondition", "preferredLocales",
        "suspendingClock", "timeZone", "urlSession", "uuid", "withRandomNumberGenerator",
    ]

    /// `extension DependencyValues { var date: … }` in the project: a second `DependencyValues.date`
    /// beside the library's. Unless the scan is the library itself (it declares `DependencyValues`).
    private mutating func recordShadowedBuiltInKeys(_ aliases: MemberAliases) {
        guard !typeDecls[Self.swiftDependenciesOwner, default: []].contains(where: { $0.kind == .struct }) else { return }
        for file in files {
            for fact in file.members.services
            where fact.registry == .swiftDependencies && Self.swiftDependenciesBuiltInKeys.contains(fact.property)
                && aliases.resolve(fact.owner) == Self.swiftDependenciesOwner
            {
                shadowedBuiltInKeys.append(
                    RegistrationSite(
                        serviceID: ServiceID.member(owner: Self.swiftDependenciesOwner, property: fact.property),
                        container: Self.swiftDependenciesOwner, location: fact.location, conditions: fact.conditions))
            }
        }
    }

    private static func isFactoryContainer(_ decl: TypeDeclFact) -> Bool {
        decl.inheritedTypes.contains { factoryProtocolOwners.contains($0) }
    }

    /// `Container`, or a type of the scan that conforms to a Factory container protocol.
    static func isFactoryContainerName(_ name: String, typeDecls: [String: [TypeDeclFact]]) -> Bool {
        name == "Container" || typeDecls[name, default: []].contains(where: isFactoryContainer)
    }

    /// Key types by name, their values merged across files and extensions.
    var memberKeys: [String: DependencyKeyFact] {
        var keys: [String: DependencyKeyFact] = [:]
        // Declared keys first; values a plain extension declares then join a key of that name.
        let all = files.flatMap(\.members.keys)
        for key in all.filter(\.declaresKey) + all.filter({ !$0.declaresKey }) {
            guard var known = keys[key.type] else {
                if key.declaresKey { keys[key.type] = key }
                continue
            }
            // An empty `extension K: DependencyKey {}` says nothing of its style; a key-path
            // container's `currentValue` declared elsewhere does.
            if known.values.isEmpty, !known.isLazy, key.values.contains("currentValue") { known.registry = .keyPathContainer }
            known.values = Array(Set(known.values + key.values)).sorted()
            known.isLazy = known.isLazy || key.isLazy
            known.implementationTypes = Array(Set(known.implementationTypes + key.implementationTypes)).sorted()
            keys[key.type] = known
        }
        return keys
    }

    mutating func linkMemberRequests() {
        let aliases = MemberAliases(files)
        let keys = memberKeys
        let assigned = MemberAssignments(files, aliases: aliases)
        var declared: [String: [MemberServiceFact]] = [:]
        for fact in files.gathered(\.members.services) {
            declared[ServiceID.member(owner: aliases.resolve(fact.owner), property: fact.property), default: []].append(fact)
        }
        let byProperty = Dictionary(grouping: services.values.filter { $0.style == Registry.keyPathContainer.style }) {
            String($0.id.split(separator: ".").last ?? "")
        }
        for file in files where !file.members.requests.isEmpty {
            // In a test bundle swift-dependencies reads `testValue`, the product's code included.
            let isTestFile = isTestProgram || file.declaresTests || ProgramResolver.isTestPath(file.file)
            for request in file.members.requests {
                guard let target = self.target(of: request, aliases: aliases, keyPathServices: byProperty) else { continue }
                let reason = missingReason(
                    target, declared: declared[target.id, default: []], keys: keys, assigned: assigned,
                    fromTests: isTestFile)
                var edge = Edge(
                    from: "", to: target.id, timing: request.timing, via: request.via, retained: request.retained,
                    missing: reason != nil, location: request.location,
                    request: RequestDetail(
                        type: target.type, name: nil, argumentTypes: [],
                        registry: Registry.allCases.first { $0.style == target.style } ?? request.registry))
                edge.missingReason = reason
                edge.isNeverRead = request.isNeverRead
                edge.isDesignTime = request.isDesignTime
                // A stateless value is copied, not shared: keeping one extends no lifetime.
                if edge.retained, isPlainValue(target) { edge.retained = false }
                guard let fromIDs = requesterIDs(request.requester, file: file.file) else {
                    edge.from = Edge.rootRequester
                    rootRequests.append(edge)
                    continue
                }
                for from in fromIDs {
                    edge.from = from
                    edges.append(edge)
                }
            }
        }
    }

    /// Types whose values hold no state that a holder could keep alive.
    static let plainValueTypes: Set<String> = [
        "Int", "UInt", "Int64", "Int32", "Int16", "Int8", "UInt64", "UInt32", "UInt16", "UInt8", "Double", "Float",
        "CGFloat", "Bool", "String", "Character",
        "TimeInterval", "Date", "URL", "Data", "UUID", "Decimal",
    ]

    /// Whether everything the service builds is a struct or enum declared in the scanned code
    /// whose instance properties are all plain values (`struct KeyManager { init() {} }`,
    /// `struct VaultOption: OptionSet { let rawValue: Int }`).
    func isPlainValue(_ service: Service) -> Bool {
        let built = service.implementation.isEmpty ? [service.type] : service.implementation
        return built.allSatisfy { type in
            let decls = typeDecls[type, default: []]
            guard decls.contains(where: { $0.kind == .struct || $0.kind == .enum }) else { return false }
            return decls.allSatisfy { decl in
                decl.storedProperties.allSatisfy { property in
                    property.isStatic || property.type.map { Self.plainValueTypes.contains(TypeName.unwrappingOptional($0)) } == true
                }
            }
        }
    }

    /// The declared service a request reaches, or nil when the member is declared outside the scan.
    private func target(of request: MemberRequestFact, aliases: MemberAliases, keyPathServices: [String: [Service]])
        -> Service?
    {
        if let keyType = request.keyType {
            return services.values.filter { $0.style == Registry.swiftDependencies.style && $0.type == keyType }
                .min { $0.id < $1.id }
        }
        switch request.registry {
        case .factory:
            var owner = aliases.resolve(request.owner ?? "Container")
            if owner.hasPrefix(MemberRequestFact.servedContainerMarker) {
                // The container the injected service builds, when it builds one.
                let served = services[String(owner.dropFirst(MemberRequestFact.servedContainerMarker.count))]
                guard let type = served?.type, Self.isFactoryContainerName(type, typeDecls: typeDecls) else { return nil }
                owner = aliases.resolve(type)
            } else if owner.hasPrefix(MemberRequestFact.containerPropertyMarker) {
                // The container a property of another one returns, by the property's declared type.
                let path = owner.dropFirst(MemberRequestFact.containerPropertyMarker.count)
                guard let dot = path.lastIndex(of: ".") else { return nil }
                let base = aliases.resolve(String(path[..<dot]))
                let property = String(path[path.index(after: dot)...])
                guard let type = propertyType(owner: base, property: property).map(TypeName.unwrappingOptional),
                    Self.isFactoryContainerName(type, typeDecls: typeDecls)
                else { return nil }
                owner = aliases.resolve(type)
            }
            for candidate in [owner] + Self.factoryProtocolOwners {
                if let found = services[ServiceID.member(owner: candidate, property: request.property)] { return found }
            }
            return nil
        case .unspecified:
            // `@Dependency(\.x)`: swift-dependencies' values first, then a project's key-path container.
            if let found = services[ServiceID.member(owner: Self.swiftDependenciesOwner, property: request.property)] {
                return found
            }
            return keyPathServices[request.property]?.min { $0.id < $1.id }
        default:
            let owner = aliases.resolve(request.owner ?? Self.swiftDependenciesOwner)
            return services[ServiceID.member(owner: owner, property: request.property)]
        }
    }

    /// Why reaching `target` crashes at run time, or nil when something gives it a value.
    private func missingReason(
        _ target: Service, declared: [MemberServiceFact], keys: [String: DependencyKeyFact],
        assigned: MemberAssignments, fromTests: Bool
    ) -> String? {
        if target.style == Registry.factory.style {
            guard declared.contains(where: \.promised), !assigned.contains(target.id, key: nil, anyFile: true) else { return nil }
            return "it is `promised()` and nothing registers it"
        }
        let typeKeyed = target.id == Self.typeKeyedID(target.type) ? target.type : nil
        guard let keyName = declared.compactMap(\.key).first ?? typeKeyed, let key = keys[keyName] else { return nil }
        if target.style == Registry.swiftDependencies.style {
            // Tests and previews use `testValue`/`previewValue`; only live code needs `liveValue`.
            guard !fromTests, !key.values.contains("liveValue"),
                !assigned.contains(target.id, key: keyName, anyFile: false)
            else { return nil }
            return "`\(keyName)` has no `liveValue` and nothing assigns it at the app root"
        }
        if target.style == Registry.keyPathContainer.style {
            guard key.isLazy, !assigned.contains(target.id, key: keyName, anyFile: true) else { return nil }
            return "`\(keyName)` is a `LazyDependencyKey` that is never given an initial value"
        }
        return nil
    }
}

/// `typealias Dependencies = Container`: owner names resolved to the style's own.
struct MemberAliases {
    private var targets: [String: String] = [:]

    init(_ files: [FileFacts]) {
        for file in files {
            // Top-level aliases only: a type's own `typealias Dependencies = HasA & HasB` is its
            // environment requirement, not another name for a container.
            for alias in file.members.typeAliases where alias.qualifiedName == alias.name {
                targets[alias.name] = alias.target
            }
        }
    }

    func resolve(_ name: String) -> String { Self.follow(name, through: targets) }

    /// What `name` stands for through a chain of aliases (at most four deep: a cycle ends there).
    static func follow(_ name: String, through targets: [String: String]) -> String {
        var current = name
        var hops = 0
        while let next = targets[current], next != current, hops < 4 {
            current = next
            hops += 1
        }
        return current
    }
}

/// Which member services and keys something gives a value at run time, and from where.
struct MemberAssignments {
    private var anywhere: Set<String> = []
    private var inLiveCode: Set<String> = []

    init(_ files: [FileFacts], aliases: MemberAliases) {
        for file in files where !file.members.assignments.isEmpty {
            let isTestFile = file.declaresTests || ProgramResolver.isTestPath(file.file)
            for assignment in file.members.assignments {
                var keys: [String] = []
                if let property = assignment.property {
                    let owner = aliases.resolve(assignment.owner ?? LinkState.swiftDependenciesOwner)
                    keys.append(ServiceID.member(owner: owner, property: property))
                    // `DependencyValues` or a key-path container: the property name alone.
                    if assignment.owner == nil { keys.append("." + property) }
                }
                if let key = assignment.key { keys.append("key:" + key) }
                anywhere.formUnion(keys)
                if !isTestFile { inLiveCode.formUnion(keys) }
            }
        }
    }

    func contains(_ id: String, key: String?, anyFile: Bool) -> Bool {
        let set = anyFile ? anywhere : inLiveCode
        let property = id.split(separator: ".").last.map { "." + $0 } ?? ""
        return set.contains(id) || set.contains(property)
            || key.map { set.contains("key:" + $0) || set.contains("key:" + MemberAssignmentFact.anyKey) } == true
    }
}
