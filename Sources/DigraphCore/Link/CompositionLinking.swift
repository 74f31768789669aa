/// Hand-written composition (``CompositionFacts``): factories and DI containers, and seed 001's
/// protocol injectors.
///
/// A type named like a composition root counts only when it composes: one of its members asks
/// another member (its own, or another factory's) for what it passes into what it builds, or
/// passes something the type holds (`dependencies.tradingManager`, `self`). A `…Factory` that only
/// turns values into views is a helper and gets no service. Factories build concrete types, so a
/// member or factory nothing declares is never a miss: requests that reach no member are dropped.
///
/// Lifetimes: a factory method or constructing computed property builds a new product per call
/// (`transient`); a lazy or stored property is cached per container instance, which is a
/// `singleton` when the container is a `static let shared` or is built once at the app root, a
/// `scoped` value when it is built per call (a scene's container made by the app's), and
/// `unknown` when the scanned code never builds it.
extension LinkState {
    mutating func linkComposition() {
        linkFactories()
        linkInjectors()
    }

    private struct Request {
        var file: String
        var fact: CompositionRequestFact
    }

    private mutating func linkFactories() {
        let registering = Set(files.gathered(\.composition.registeringOwners))
        let members = files.gathered(\.composition.members).filter { !registering.contains($0.owner) }
        guard !members.isEmpty else { return }
        let byID = Dictionary(grouping: members, by: \.serviceID)
        let candidates = Set(members.map(\.owner))
        var shortNames: [String: [String]] = [:]
        for owner in candidates { shortNames[TypeName.lastComponent(owner), default: []].append(owner) }
        let requests = files.gathered { file in file.composition.requests.map { Request(file: file.file, fact: $0) } }

        // Which candidates compose: a member passes another member's product (not merely returning
        // it, as a decorator does), or something its type holds, into what it builds.
        var kept: Set<String> = Set(members.filter(\.passesSelf).map(\.owner))
        var conformers = ConcreteConformers(typeDecls)
        for request in requests {
            guard case .service(let from) = request.fact.requester, request.fact.passesIn, let requester = byID[from]?.first
            else { continue }
            for owner in owners(request.fact.receiver, among: candidates, shortNames: shortNames, byID: byID, conformers: &conformers) {
                let target = ServiceID.member(owner: owner, property: request.fact.member)
                if owner == requester.owner {
                    guard target != from, requester.product != .member(request.fact.member) else { continue }
                    if byID[target] != nil || holds(owner, request.fact.member) { kept.insert(owner) }
                } else if byID[target] != nil {
                    kept.insert(requester.owner)
                    kept.insert(owner)
                }
            }
        }
        guard !kept.isEmpty else { return }

        // Services.
        var containerLifetimes: [String: (Lifetime, String)] = [:]
        for owner in kept.sorted() { containerLifetimes[owner] = containerLifetime(owner, kept: kept, byID: byID, depth: 0) }
        for (id, facts) in byID.sorted(by: { $0.key < $1.key }) {
            guard let first = facts.first, kept.contains(first.owner) else { continue }
            let lifetimes = Set(facts.map { ownLifetime($0, containers: containerLifetimes).0 })
            var (lifetime, detail) = ownLifetime(first, containers: containerLifetimes)
            if lifetimes.count > 1 { (lifetime, detail) = (.unknown, "overloads with different lifetimes") }
            let implementations = Array(Set(facts.flatMap(\.implementationTypes))).sorted()
            var service =
                services[id]
                ?? Service(
                    id: id, type: first.type ?? implementations.first ?? ServiceID.dynamicName, lifetime: lifetime,
                    lifetimeDetail: detail, style: Registry.composition.style, container: first.owner)
            service.arguments = first.parameterTypes
            service.implementation = Array(Set(service.implementation + implementations)).sorted()
            service.locations = Array(Set(service.locations + facts.map(\.location))).sorted()
            services[id] = service
        }
        // `func makeSession() -> Session { session }`: as long-lived as the member it returns.
        for (id, facts) in byID {
            guard let first = facts.first, kept.contains(first.owner), case .member(let name) = first.product,
                facts.allSatisfy({ $0.product == first.product })
            else { continue }
            var hops = 0
            var target = ServiceID.member(owner: first.owner, property: name)
            while hops < 4, let next = byID[target]?.first, case .member(let further) = next.product, !next.isCached {
                target = ServiceID.member(owner: first.owner, property: further)
                hops += 1
            }
            let resolved = services[target].map { ($0.lifetime, "returns `\(target)`") } ?? (.unknown, "returns `\(target)`")
            services[id]?.lifetime = resolved.0
            services[id]?.lifetimeDetail = resolved.1
        }

        // Edges.
        let initializers = InitializerIndex(files)
        for request in requests {
            let fact = request.fact
            var requester: CompositionMemberFact?
            if case .service(let from) = fact.requester {
                guard let member = byID[from]?.first, kept.contains(member.owner) else { continue }
                requester = member
            }
            let targets = owners(fact.receiver, among: kept, shortNames: shortNames, byID: byID, conformers: &conformers)
                .map { ServiceID.member(owner: $0, property: fact.member) }
                .filter { byID[$0] != nil && services[$0] != nil }
            guard let to = targets.sorted().first else { continue }
            // A factory calling itself with arguments recurses over its input (`makeNode(depth - 1)`).
            // One taking none that passes arguments calls another overload of its name.
            if let requester, requester.serviceID == to,
                !requester.parameterTypes.isEmpty || fact.timing == .deferred || fact.argumentCount > 0
            {
                continue
            }
            var edge = Edge(
                from: "", to: to, timing: fact.timing, via: fact.via,
                retained: fact.retained && initializers.mayKeep(fact.passedTo, file: request.file), location: fact.location,
                request: RequestDetail(
                    type: services[to]?.type ?? ServiceID.dynamicName, name: nil, argumentTypes: [], registry: .composition))
            guard let fromIDs = requesterIDs(fact.requester, file: request.file) else {
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

    /// The composition owners a receiver names: the type itself, a protocol's conforming owner, or
    /// the type of a member or stored property.
    private func owners(
        _ receiver: CompositionRequestFact.Receiver, among owners: Set<String>, shortNames: [String: [String]],
        byID: [String: [CompositionMemberFact]], conformers: inout ConcreteConformers
    ) -> [String] {
        switch receiver {
        case .type(let type): return ownersOf(type: type, among: owners, shortNames: shortNames, conformers: &conformers)
        case .property(let owner, let name):
            var types: [String] = []
            if let member = byID[ServiceID.member(owner: owner, property: name)]?.first {
                types = (member.type.map { [$0] } ?? []) + member.implementationTypes
            } else if let type = typeDecls[owner, default: []].flatMap(\.storedProperties).first(where: { $0.name == name })?.type {
                types = [type]
            }
            return Array(Set(types.flatMap { ownersOf(type: $0, among: owners, shortNames: shortNames, conformers: &conformers) }))
                .sorted()
        }
    }

    private func ownersOf(
        type written: String, among owners: Set<String>, shortNames: [String: [String]], conformers: inout ConcreteConformers
    ) -> [String] {
        let type = TypeName.unwrappingOptional(written)
        if owners.contains(type) { return [type] }
        if let short = shortNames[TypeName.lastComponent(type)], short.count == 1, owners.contains(short[0]) { return short }
        // A protocol: its one conforming type in the program, when that is a composition owner.
        // RickAndMortyTex's tests compile the live `RequestFactory` and a `MockRequestFactory`
        // beside it: which one a `requestFactory.create(…)` calls is not written, so neither is taken.
        guard typeDecls[type, default: []].contains(where: { $0.kind == .protocol }) else { return [] }
        let all = conformers.of(type)
        guard all.count == 1, let only = all.first, owners.contains(only) else { return [] }
        return [only]
    }

    /// A stored instance property of the type holding a service (injected or built with it), not
    /// a value it is configured with (`let size: CGSize`).
    private func holds(_ owner: String, _ property: String) -> Bool {
        typeDecls[owner, default: []].contains { decl in
            decl.storedProperties.contains { stored in
                guard stored.name == property, !stored.isStatic else { return false }
                guard let type = stored.type.map(TypeName.unwrappingOptional) else { return true }
                return !Self.plainValueTypes.contains(type) && !Self.configurationValueTypes.contains(type)
            }
        }
    }

    /// Values a factory is configured with rather than services it passes on.
    static let configurationValueTypes: Set<String> = [
        "CGSize", "CGRect", "CGPoint", "CGFloat", "UIEdgeInsets", "NSRange", "Locale", "TimeZone", "Calendar", "UIColor",
        "UIFont", "Color", "Font", "[String]", "[Int]",
    ]

    private func ownLifetime(_ member: CompositionMemberFact, containers: [String: (Lifetime, String)]) -> (Lifetime, String) {
        switch member.kind {
        case .lazyProperty, .storedProperty:
            let spelled = member.kind == .lazyProperty ? "lazy var" : "stored property"
            if member.isStatic { return (.singleton, "static \(spelled)") }
            let (lifetime, container) = containers[member.owner] ?? (.unknown, "container")
            return (lifetime, "\(spelled), \(container)")
        case .factoryMethod, .computedProperty:
            let spelled = member.kind == .factoryMethod ? "factory method" : "computed property"
            switch member.product {
            case .new: return (.transient, spelled)
            case .staticInstance(let shared): return (.singleton, "returns `\(shared)`")
            case .member: return (.unknown, spelled)
            case .unknown: return (.unknown, "\(spelled) (cannot tell whether it builds a new instance)")
            }
        }
    }

    /// How many instances of the container there are, as a lifetime for what it caches.
    private func containerLifetime(
        _ owner: String, kept: Set<String>, byID: [String: [CompositionMemberFact]], depth: Int
    ) -> (Lifetime, String) {
        if typeDecls[owner, default: []].contains(where: { $0.sharedMembers.contains { $0.builds == nil } }) {
            return (.singleton, "`\(owner).shared` container")
        }
        let short = TypeName.lastComponent(owner)
        let sites = files.filter { !$0.declaresTests && !ProgramResolver.isTestPath($0.file) }
            .flatMap(\.composition.constructions).filter { $0.type == owner || TypeName.lastComponent($0.type) == short }
        guard !sites.isEmpty else { return (.unknown, "`\(owner)` is built outside the scanned code") }
        var lifetimes: Set<Lifetime> = []
        for site in sites {
            switch site.site {
            case .appRoot: lifetimes.insert(.singleton)
            case .elsewhere: lifetimes.insert(.scoped)
            case .property(let holder, let name):
                if let member = byID[ServiceID.member(owner: holder, property: name)]?.first, member.isCached,
                    kept.contains(holder), depth < 4
                {
                    lifetimes.insert(member.isStatic ? .singleton : containerLifetime(holder, kept: kept, byID: byID, depth: depth + 1).0)
                } else {
                    // Held by some other type: as many as it has.
                    lifetimes.insert(.scoped)
                }
            }
        }
        if lifetimes == [.singleton] { return (.singleton, "`\(owner)` built once at the app root") }
        if lifetimes.contains(.unknown) { return (.unknown, "`\(owner)` built where the scanner cannot count") }
        return (.scoped, "cached per `\(owner)` instance")
    }

    // MARK: - Protocol injectors (seed 001)

    /// Every type conforming to an injected protocol gets what the injector assigns: an edge to
    /// `Protocol.requirement` (property injection, after the view controller exists: deferred). An
    /// implicitly unwrapped requirement that no injector and no assignment anywhere sets is nil
    /// when the view controller reads it: a miss. Only protocols an injector serves are read this
    /// way; elsewhere an implicitly unwrapped requirement is often an outlet a storyboard fills.
    private mutating func linkInjectors() {
        let injectors = files.gathered(\.composition.injectors)
        guard !injectors.isEmpty else { return }
        let requirements = Dictionary(grouping: files.gathered(\.composition.injectionRequirements), by: \.protocolName)
        let assigned = Set(files.gathered(\.composition.assignedNames))
        for (protocolName, group) in Dictionary(grouping: injectors, by: { TypeName.lastComponent($0.protocolName) })
            .sorted(by: { $0.key < $1.key })
        {
            let setsAnything = group.contains { $0.sets == nil }
            let setByInjectors = Set(group.compactMap(\.sets).flatMap { $0 })
            struct Property {
                var type: String?
                var location: SourceLocation
                var isSet: Bool
            }
            var properties: [String: Property] = [:]
            for requirement in requirements[protocolName, default: []] {
                let isSet = setsAnything || setByInjectors.contains(requirement.property) || assigned.contains(requirement.property)
                properties[requirement.property] = Property(type: requirement.type, location: requirement.location, isSet: isSet)
            }
            for property in setByInjectors where properties[property] == nil {
                let injector = group.first { $0.sets?.contains(property) == true }
                properties[property] = Property(type: injector?.dataType, location: injector?.location ?? group[0].location, isSet: true)
            }
            let conformers = typeDecls.filter { _, decls in
                decls.contains { $0.kind != .protocol && $0.inheritedTypes.contains { TypeName.lastComponent($0) == protocolName } }
            }.map(\.key).sorted()
            for (property, info) in properties.sorted(by: { $0.key < $1.key }) {
                let id = ServiceID.member(owner: protocolName, property: property)
                if info.isSet, services[id] == nil {
                    services[id] = Service(
                        id: id, type: info.type ?? ServiceID.dynamicName, lifetime: .unknown, lifetimeDetail: "injected",
                        style: Registry.injector.style, container: protocolName, locations: [info.location])
                }
                for conformer in conformers {
                    let declaration = typeDecls[conformer, default: []].first { decl in
                        decl.inheritedTypes.contains { TypeName.lastComponent($0) == protocolName }
                    }
                    var edge = Edge(
                        from: "", to: id, timing: .deferred, via: .property, retained: true, missing: !info.isSet,
                        location: declaration?.location,
                        request: RequestDetail(type: info.type ?? ServiceID.dynamicName, name: nil, argumentTypes: [], registry: .injector))
                    if !info.isSet {
                        edge.missingReason =
                            "`\(protocolName).\(property)` is an implicitly unwrapped requirement that no injector or assignment sets, so reading it crashes"
                    }
                    for from in requesterIDs(forType: conformer) {
                        edge.from = from
                        edges.append(edge)
                    }
                }
            }
        }
    }
}

/// The concrete types (not protocols) declared, or extended, to conform to a protocol, by the
/// protocol's last name component; built once per link and filled per protocol asked.
struct ConcreteConformers {
    private let typeDecls: [String: [TypeDeclFact]]
    private var byProtocol: [String: Set<String>]?

    init(_ typeDecls: [String: [TypeDeclFact]]) { self.typeDecls = typeDecls }

    mutating func of(_ protocolName: String) -> Set<String> {
        if byProtocol == nil {
            var table: [String: Set<String>] = [:]
            for (name, decls) in typeDecls {
                for decl in decls where decl.kind != .protocol {
                    for inherited in decl.inheritedTypes { table[TypeName.lastComponent(inherited), default: []].insert(name) }
                }
            }
            byProtocol = table
        }
        return byProtocol?[TypeName.lastComponent(protocolName)] ?? []
    }
}
