/// `Has…` protocol environments: a consumer whose `Dependencies` composes requirement protocols
/// and that is given an environment reads each required property of it. Each property the
/// environment provides is a service `Environment.property`; one it does not provide is a miss
/// (the seeds' pattern compiles only when the environment conforms, so this catches a consumer
/// handed a narrower environment, or an environment that lost a conformance).
extension LinkState {
    mutating func linkEnvironments() {
        linkTupleDependencies()
        let facts = files.map(\.members)
        let requirements = Dictionary(grouping: facts.flatMap(\.environmentRequirements), by: \.protocolName)
        guard !requirements.isEmpty else { return }
        var aliases: [String: String] = [:]
        for alias in facts.flatMap(\.typeAliases) {
            aliases[alias.qualifiedName] = alias.target
            if aliases[alias.name] == nil { aliases[alias.name] = alias.target }
        }
        let consumers = facts.flatMap(\.environmentConsumers)
        // The requirement a consumer declares comes from its initializer; environments come from
        // its default argument or from the calls that build it.
        let declared = Dictionary(grouping: consumers.filter { !$0.requirement.isEmpty }, by: \.consumer)
        func requirementsOf(_ consumer: EnvironmentConsumerFact) -> [EnvironmentRequirementFact] {
            let written = consumer.requirement.isEmpty ? declared[consumer.consumer]?.first?.requirement : consumer.requirement
            guard let written else { return [] }
            let protocols = requirementProtocols(written, in: consumer.consumer, aliases: aliases, requirements: requirements)
            return protocols.flatMap { requirements[$0, default: []] }
        }
        // Consumers given a concrete environment, and consumers given what another consumer holds.
        var environmentsGiven: [String: Set<String>] = [:]
        var handedOn: [HandedOn] = []
        for consumer in consumers {
            guard let written = consumer.environment else { continue }
            guard let environment = concreteEnvironment(written, of: consumer) else {
                if let from = handingOnType(written, consumer) {
                    handedOn.append(HandedOn(consumer: consumer, from: from, requirements: requirementsOf(consumer)))
                }
                continue
            }
            environmentsGiven[consumer.consumer, default: []].insert(environment)
            for requirement in requirementsOf(consumer) {
                link(consumer, environment: environment, requirement: requirement)
            }
        }
        let reached = linkHandedOn(handedOn, given: environmentsGiven)
        // Consumers no environment was seen given to (Rise's `Controller(deps: useCases)` behind a
        // `Coordinator(useCases: useCaseLocator)` whose label says nothing): the one concrete type
        // of the scan that conforms to every requirement is the only value they can be given.
        var conformers: [String: Set<String>]?
        for (consumer, facts) in declared.sorted(by: { $0.key < $1.key }) where reached[consumer]?.isEmpty != false {
            guard let fact = facts.first else { continue }
            let protocols = requirementProtocols(fact.requirement, in: consumer, aliases: aliases, requirements: requirements)
            guard !protocols.isEmpty else { continue }
            if conformers == nil { conformers = concreteConformances(aliases: aliases) }
            let candidates = conformers!.filter { $0.value.isSuperset(of: protocols) }.map(\.key)
            guard candidates.count == 1, let environment = candidates.first else { continue }
            for requirement in requirementsOf(fact) where provides(environment, requirement.property) {
                link(fact, environment: environment, requirement: requirement)
            }
        }
    }

    /// Each concrete type of the scan (class, struct, enum, actor) with every protocol it conforms
    /// to through its declarations, their extensions, aliases of compositions and inheritance.
    private func concreteConformances(aliases: [String: String]) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for (name, decls) in typeDecls where decls.contains(where: { $0.kind != .protocol && $0.kind != .extension }) {
            let conformed = expandedProtocols(decls.flatMap(\.inheritedTypes), aliases: aliases)
            if !conformed.isEmpty { result[name] = conformed }
        }
        return result
    }

    /// Every name `written` stands for through compositions (`HasA & HasB`), aliases of them and
    /// protocols' inheritance, however far; `written` included.
    private func expandedProtocols(_ written: [String], aliases: [String: String]) -> Set<String> {
        var pending = written
        var seen: Set<String> = []
        while let next = pending.popLast() {
            for part in next.split(separator: "&").map(String.init) where seen.insert(part).inserted {
                if let target = aliases[part] { pending.append(target) }
                for decl in typeDecls[part, default: []] where decl.kind == .protocol { pending += decl.inheritedTypes }
            }
        }
        return seen
    }

    /// A consumer given what another one holds (`CampusPlanViewModel(context: context)` with
    /// `let context: HasApiService`) gets whatever environments that one was given, however many
    /// hands it passed through. The compiler has checked the requirement against what is handed
    /// on, so only what the environment provides is linked: a requirement it seems to lack means
    /// the environment was not read, never a miss.
    private struct HandedOn {
        var consumer: EnvironmentConsumerFact
        /// The consumer whose environments it gets.
        var from: String
        var requirements: [EnvironmentRequirementFact]
    }

    /// The environments each consumer ends up with, given or handed on.
    private mutating func linkHandedOn(_ handedOn: [HandedOn], given direct: [String: Set<String>]) -> [String: Set<String>] {
        guard !handedOn.isEmpty else { return direct }
        var given = direct
        var changed = true
        var rounds = 0
        while changed, rounds < 16 {
            changed = false
            rounds += 1
            for hand in handedOn {
                let incoming = given[hand.from, default: []].subtracting(given[hand.consumer.consumer, default: []])
                if !incoming.isEmpty {
                    given[hand.consumer.consumer, default: []].formUnion(incoming)
                    changed = true
                }
            }
        }
        var linked: Set<[String]> = []
        for hand in handedOn {
            let consumer = hand.consumer
            for environment in given[consumer.consumer, default: []].sorted()
            where direct[consumer.consumer]?.contains(environment) != true {
                for requirement in hand.requirements where provides(environment, requirement.property) {
                    guard linked.insert([consumer.consumer, environment, requirement.property]).inserted else { continue }
                    link(consumer, environment: environment, requirement: requirement)
                }
            }
        }
        return given
    }

    /// The environment a consumer is given when it is a concrete type of the scan (a class,
    /// struct or enum, not a protocol, an alias of requirements or a type declared elsewhere).
    private func concreteEnvironment(_ written: String, of consumer: EnvironmentConsumerFact) -> String? {
        guard let given = environmentType(written) else { return nil }
        // `ADependencies()` built inside `extension AViewModel` is `AViewModel.ADependencies`.
        let nested = "\(consumer.consumer).\(given)"
        guard let environment = typeDecls[nested] != nil ? nested : typeDecls[given] != nil ? given : nil else { return nil }
        guard typeDecls[environment, default: []].contains(where: { $0.kind != .protocol && $0.kind != .extension }) else {
            return nil
        }
        return environment
    }

    /// The consumer whose environment is handed on: the owner of the stored property given
    /// (`property:Owner.name`), else the type making the call.
    private func handingOnType(_ written: String, _ consumer: EnvironmentConsumerFact) -> String? {
        if written.hasPrefix(EnvironmentConsumerFact.propertyMarker) {
            let path = written.dropFirst(EnvironmentConsumerFact.propertyMarker.count)
            if let dot = path.lastIndex(of: ".") { return String(path[..<dot]) }
        }
        return consumer.handedOnBy
    }

    /// `property:Owner.name` -> the annotated type of that stored property.
    private func environmentType(_ written: String) -> String? {
        guard written.hasPrefix(EnvironmentConsumerFact.propertyMarker) else { return written }
        let path = written.dropFirst(EnvironmentConsumerFact.propertyMarker.count)
        guard let dot = path.lastIndex(of: ".") else { return nil }
        let owner = String(path[..<dot])
        let name = String(path[path.index(after: dot)...])
        let type = typeDecls[owner, default: []].flatMap(\.storedProperties).first { $0.name == name }?.type
        return type.map(TypeName.unwrappingOptional)
    }

    /// `Dependencies` (the consumer's alias), `HasA & HasB`, a protocol inheriting others.
    private func requirementProtocols(
        _ written: String, in consumer: String, aliases: [String: String],
        requirements: [String: [EnvironmentRequirementFact]]
    ) -> [String] {
        let start = aliases["\(consumer).\(written)"] ?? aliases[written] ?? written
        return expandedProtocols([start], aliases: aliases).filter { requirements[$0] != nil }.sorted()
    }

    private mutating func link(
        _ consumer: EnvironmentConsumerFact, environment: String, requirement: EnvironmentRequirementFact
    ) {
        let id = ServiceID.member(owner: environment, property: requirement.property)
        let provided = provides(environment, requirement.property)
        if provided, services[id] == nil {
            let isShared = typeDecls[environment, default: []].contains { $0.sharedMembers.contains { $0.builds == nil } }
            let declaredType = typeDecls[environment, default: []].flatMap(\.storedProperties)
                .first { $0.name == requirement.property }?.type
            let location = typeDecls[environment]?.map(\.location).min()
            services[id] = Service(
                id: id, type: declaredType ?? requirement.type ?? ServiceID.dynamicName,
                // A shared environment keeps its properties for the process; one built per
                // consumer lives as long as that consumer.
                lifetime: isShared ? .singleton : .transient, lifetimeDetail: isShared ? "shared environment" : "environment value",
                style: Registry.hasEnvironment.style, container: environment, locations: location.map { [$0] } ?? [])
        } else if provided, services[id]?.style == Registry.composition.style {
            // A lazy property the environment builds (read as composition) that a `Has…`
            // requirement hands to consumers: a service of this style.
            services[id]?.style = Registry.hasEnvironment.style
        }
        var edge = Edge(
            from: "", to: id, timing: .deferred, via: .environment, retained: false, missing: !provided,
            location: consumer.location,
            request: RequestDetail(
                type: requirement.type ?? ServiceID.dynamicName, name: nil, argumentTypes: [], registry: .hasEnvironment))
        if !provided {
            edge.missingReason =
                "`\(environment)` does not provide `\(requirement.property)`, which `\(requirement.protocolName)` requires"
        }
        for from in requesterIDs(forType: consumer.consumer) {
            edge.from = from
            edges.append(edge)
        }
    }

    /// Whether the environment type (or an extension of it, or a protocol extension of what it
    /// conforms to) declares the property.
    private func provides(_ environment: String, _ property: String) -> Bool {
        var pending = [environment]
        var seen: Set<String> = []
        while let type = pending.popLast() {
            guard seen.insert(type).inserted else { continue }
            for decl in typeDecls[type, default: []] {
                if decl.kind != .protocol, decl.storedProperties.contains(where: { $0.name == property }) { return true }
                if decl.kind == .extension, decl.storedProperties.contains(where: { $0.name == property }) { return true }
                pending += decl.inheritedTypes
            }
        }
        return false
    }
}

extension LinkState {
    /// Seed 002's tuple dependencies: `typealias Dependency = (APIClientProtocol, LoggerProtocol)`
    /// taken by `init(dependency: Dependency, …)` of a type a container registration builds. Each
    /// element is asked of the container, so an element nothing registers is missing even while
    /// the registration's closure still builds the old, shorter tuple.
    mutating func linkTupleDependencies() {
        var aliases: [String: String] = [:]
        for alias in files.gathered(\.members.typeAliases) { aliases[alias.qualifiedName] = alias.target }
        // What each registration's closure already asks for: an element it resolves is that
        // edge, not a second one (the same defect would be reported twice).
        var alreadyRequested: Set<[String]>?
        for consumer in files.gathered(\.members.environmentConsumers) where consumer.environment == nil {
            guard let tuple = aliases["\(consumer.consumer).\(consumer.requirement)"], let elements = TupleTypes.elements(tuple)
            else { continue }
            // Only a type a type-keyed container builds gets its elements from that container.
            let builders = implementedBy[consumer.consumer, default: []].filter { services[$0]?.isRegistration == true }
            // What the registration's factory receives at run time fills elements too
            // (`{ (r, categoryId: Int) in VM(dependency: (r.resolve(A.self)!, categoryId)) }`).
            let arguments = builders.compactMap { services[$0]?.arguments }
            let argumentsUnknown = arguments.contains { $0.contains(ServiceID.unknownArgument) }
            for element in elements {
                let target = registrationsByType[element]?.map(\.serviceID).min()
                if target == nil {
                    // A value, an optional, or what a runtime argument passes: never asked of the
                    // container, so never missing from it.
                    let unwrapped = TypeName.unwrappingOptional(element)
                    if unwrapped != element || Self.plainValueTypes.contains(unwrapped) || argumentsUnknown
                        || arguments.contains(where: { $0.contains(element) })
                    {
                        continue
                    }
                }
                var edge = Edge(
                    from: "", to: target ?? element, timing: .eager, via: .initializer, missing: target == nil,
                    location: consumer.location,
                    request: RequestDetail(type: element, name: nil, argumentTypes: [], registry: .unspecified))
                if target == nil {
                    edge.missingReason = "`\(element)` is an element of `\(consumer.consumer).\(consumer.requirement)`"
                }
                if alreadyRequested == nil {
                    alreadyRequested = Set(edges.map { [$0.from, $0.request?.type ?? $0.to] })
                }
                for from in Set(builders).sorted() where alreadyRequested?.contains([from, element]) != true {
                    edge.from = from
                    edges.append(edge)
                }
            }
        }
    }

}

public enum TupleTypes {
    /// `(A,B,C)` -> `[A, B, C]`; nil for anything that is not a tuple of two or more types.
    public static func elements(_ type: String) -> [String]? {
        guard type.hasPrefix("("), type.hasSuffix(")") else { return nil }
        var elements: [String] = []
        var depth = 0
        var current = ""
        for ch in type.dropFirst().dropLast() {
            if ch == "(" || ch == "<" || ch == "[" { depth += 1 }
            if ch == ")" || ch == ">" || ch == "]" { depth -= 1 }
            if depth == 0 && ch == "," {
                elements.append(current)
                current = ""
            } else if depth == 0 && ch == ":" {
                // A labelled element (`api: APIClient`): its type follows the colon.
                current = ""
            } else {
                current.append(ch)
            }
        }
        elements.append(current)
        return elements.count >= 2 && elements.allSatisfy({ !$0.isEmpty }) ? elements : nil
    }
}
