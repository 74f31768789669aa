/// Weaver: every annotated type has a dependency container. A registration `name = Impl <- P` in
/// type `O` is a service `O.name` that `O`'s container builds; `Impl`'s own container is then a
/// child of `O`'s, so `O` is one of `Impl`'s *sources*. A reference `name <- T` in `Impl` must be
/// provided, through every source of `Impl`, by the first container up the chain with a
/// registration or parameter of that name (or the only one of that type), as Weaver's inspector
/// resolves it; one nobody above provides is a `missing_registration` naming the chain. A type no
/// one registers is a root: its references are missing unless it is `public` (code outside the
/// module hands them over) or `isIsolated`.
///
/// Lifetimes: `.transient` and `.weak` as named; `.container` (the default) and `.lazy` live as
/// long as their container: `singleton` when that container's type is built once (a root, or
/// registered only with those scopes by types built once), `scoped` otherwise.
///
/// Edges: a container builds its `.container` registrations when it is created (eager), the
/// others on first use (deferred); a reference is resolved when used (deferred); a
/// `dependencies.x` read keeps the timing of where it is written (an initializer storing it
/// keeps it).
extension LinkState {
    mutating func linkWeaver() {
        guard files.anyFile({ !$0.weaver.isEmpty }) else { return }
        // A type declared in test code is built by the test, with a stub resolver when it needs one.
        let testCode = Set(
            files.filter { testFiles.contains($0.file) || $0.declaresTests || ProgramResolver.isTestPath($0.file) }.map(\.file))
        let model = WeaverModel(files.map(\.weaver), builtElsewhere: testCode)
        for registration in model.registrations {
            let id = WeaverModel.id(registration)
            var (lifetime, detail) = model.lifetime(of: registration)
            if let configured = configuration.lifetimes[detail] { lifetime = configured }
            var service =
                services[id]
                ?? Service(
                    id: id, type: registration.type, lifetime: lifetime, lifetimeDetail: detail,
                    style: Registry.weaver.style, container: registration.owner)
            service.arguments = registration.closureParameters
            if let concrete = registration.concreteType {
                service.implementation = Array(Set(service.implementation + [concrete])).sorted()
                implementedBy[concrete, default: []].append(id)
            }
            service.locations = (service.locations + [registration.location]).sorted()
            services[id] = service
        }
        for owner in model.owners {
            let from = requesterIDs(forType: owner)
            for annotation in model.annotations(of: owner) {
                switch annotation.kind {
                case .registration:
                    // The owner's container builds it; what it keeps is per container, never a captive.
                    let eager = annotation.scope == "container"
                    add(
                        from, to: [WeaverModel.id(annotation)], timing: eager ? .eager : .deferred, retained: false,
                        via: annotation.isPropertyWrapper ? .propertyWrapper : .property, at: annotation.location)
                case .reference:
                    let resolution = model.resolve(annotation)
                    add(
                        from, to: resolution.targets, timing: .deferred, retained: false,
                        via: annotation.isPropertyWrapper ? .propertyWrapper : .property, at: annotation.location)
                    if let reason = resolution.missing { weaverMiss(annotation, reason: reason) }
                case .parameter:
                    continue
                }
            }
        }
        for read in files.gathered(\.weaver.reads) {
            guard let annotation = model.annotation(named: read.name, in: read.owner) else { continue }
            let from = requesterIDs(forType: read.owner)
            switch annotation.kind {
            case .registration:
                add(from, to: [WeaverModel.id(annotation)], timing: read.timing, retained: false, via: .property, at: read.location)
            case .reference:
                for target in model.resolve(annotation).targets {
                    add(
                        from, to: [target], timing: read.timing, retained: read.retained && !isCopiedValue(target),
                        via: .property, at: read.location)
                }
            case .parameter:
                continue
            }
        }
    }

    private mutating func add(
        _ from: [String], to targets: [String], timing: Timing, retained: Bool, via: Via, at location: SourceLocation
    ) {
        for source in from {
            for target in targets where target != source {
                edges.append(Edge(from: source, to: target, timing: timing, via: via, retained: retained, location: location))
            }
        }
    }

    private mutating func weaverMiss(_ reference: WeaverAnnotationFact, reason: String) {
        var edge = Edge(
            from: Edge.rootRequester, to: WeaverModel.id(reference), timing: .deferred, via: .property, missing: true,
            location: reference.location,
            request: RequestDetail(type: reference.type, name: nil, argumentTypes: [], registry: .weaver))
        edge.missingReason = reason
        rootRequests.append(edge)
    }
}

/// Annotations by type, with the sources (registering types) of each.
struct WeaverModel {
    private var byOwner: [String: [WeaverAnnotationFact]] = [:]
    private var types: [String: WeaverTypeFact] = [:]
    /// Concrete type -> the types registering it, sorted.
    private var sources: [String: [String]] = [:]
    private(set) var registrations: [WeaverAnnotationFact] = []
    private var builtOnceCache: [String: Bool] = [:]

    /// `builtElsewhere`: files whose types code outside Weaver builds (test code), like public ones.
    init(_ facts: [WeaverFacts], builtElsewhere: Set<String> = []) {
        for fact in facts.flatMap(\.annotations) {
            // The first declaration of a name in a type wins (Weaver refuses a second one).
            guard !byOwner[fact.owner, default: []].contains(where: { $0.name == fact.name }) else { continue }
            byOwner[fact.owner, default: []].append(fact)
            if fact.kind == .registration { registrations.append(fact) }
        }
        for var fact in facts.flatMap(\.types) {
            if builtElsewhere.contains(fact.location.file) { fact.isPublic = true }
            if var known = types[fact.name] {
                known.isPublic = known.isPublic || fact.isPublic
                known.isIsolated = known.isIsolated || fact.isIsolated
                types[fact.name] = known
            } else {
                types[fact.name] = fact
            }
        }
        var sources: [String: Set<String>] = [:]
        for registration in registrations {
            guard let concrete = registration.concreteType.map(Self.key) else { continue }
            sources[concrete, default: []].insert(registration.owner)
        }
        self.sources = sources.mapValues { $0.sorted() }
        let registeredBy = Dictionary(grouping: registrations.filter { $0.concreteType != nil }) { Self.key($0.concreteType!) }
        var known: [String: Bool] = [:]
        var visiting: Set<String> = []
        for owner in Set(byOwner.keys).union(types.keys).sorted() {
            builtOnceCache[owner] = Self.builtOnce(owner, registeredBy: registeredBy, visiting: &visiting, known: &known)
        }
    }

    static func id(_ annotation: WeaverAnnotationFact) -> String {
        ServiceID.member(owner: annotation.owner, property: annotation.name)
    }

    /// Types are matched as written, or by their last component (`API.Logger` and `Logger`).
    private static func key(_ type: String) -> String {
        TypeName.lastComponent(TypeName.matchingKey(TypeName.unwrappingOptional(type)))
    }

    var owners: [String] { byOwner.keys.sorted() }

    func annotations(of owner: String) -> [WeaverAnnotationFact] { byOwner[owner] ?? [] }

    func annotation(named name: String, in owner: String) -> WeaverAnnotationFact? {
        byOwner[owner]?.first { $0.name == name }
    }

    private func sourcesOf(_ type: String) -> [String] { sources[Self.key(type)] ?? [] }

    private func isPublic(_ type: String) -> Bool { types[type]?.isPublic == true }
    private func isIsolated(_ type: String) -> Bool { types[type]?.isIsolated == true }

    /// Built once per run: a root, or registered only with `.container`/`.lazy` by types built once.
    ///
    /// Each answer is kept once known, so each type is walked once (a ladder of types each
    /// registered by two others took exponential time). That holds on any path: a walk that comes
    /// back to a type on its way up found a cycle of registrations through every type between,
    /// and a type on a cycle is never built once, wherever the walk started.
    private static func builtOnce(
        _ type: String, registeredBy: [String: [WeaverAnnotationFact]], visiting: inout Set<String>,
        known: inout [String: Bool]
    ) -> Bool {
        if let answer = known[type] { return answer }
        guard visiting.insert(type).inserted else { return false }
        defer { visiting.remove(type) }
        let answer = registeredBy[key(type), default: []].allSatisfy { registration in
            (registration.scope == "container" || registration.scope == "lazy")
                && builtOnce(registration.owner, registeredBy: registeredBy, visiting: &visiting, known: &known)
        }
        known[type] = answer
        return answer
    }

    func lifetime(of registration: WeaverAnnotationFact) -> (Lifetime, String) {
        switch registration.scope {
        case "transient": return (.transient, "transient")
        case "weak": return (.weak, "weak")
        case "container", "lazy":
            return (builtOnceCache[registration.owner] ?? true ? .singleton : .scoped, registration.scope)
        default: return (.unknown, registration.scope)
        }
    }

    private static func compatible(_ candidate: WeaverAnnotationFact, with type: String) -> Bool {
        let wanted = key(type)
        return key(candidate.type) == wanted || candidate.concreteType.map(key) == wanted
    }

    struct Resolution {
        var targets: [String] = []
        /// Why some chain leaves the reference unresolved.
        var missing: String?
    }

    private enum Found {
        case provided(String?)
        case notFound(chain: [String])
        /// The chain comes back to a type already on it: a cycle of registrations, reported as
        /// one; no verdict on the reference.
        case loops
    }

    /// Through each source of the reference's type: the first container up the chain providing it.
    func resolve(_ reference: WeaverAnnotationFact) -> Resolution {
        let owner = reference.owner
        var resolution = Resolution()
        guard !isIsolated(owner) else { return resolution }
        let direct = sourcesOf(owner)
        let wanted = "`\(reference.name): \(reference.type)`"
        if direct.isEmpty {
            if !isPublic(owner) {
                resolution.missing =
                    "`\(owner)` references \(wanted), but nothing registers `\(owner)`, so no container above it provides it"
            }
            return resolution
        }
        var failing: [[String]] = []
        var settled: [String: Found] = [:]
        var budget = Self.searchBudget
        for source in direct {
            switch search(source, for: reference, visiting: [owner], settled: &settled, budget: &budget).found {
            case .provided(let id?): resolution.targets.append(id)
            case .provided(nil), .loops: continue
            case .notFound(let chain): failing.append(chain + [owner])
            }
        }
        resolution.targets = Array(Set(resolution.targets)).sorted()
        if !failing.isEmpty {
            let shown = failing.prefix(3).map { "`\($0.joined(separator: " -> "))`" }.joined(separator: ", ")
            resolution.missing =
                "`\(owner)` references \(wanted), and no container along \(shown)\(failing.count > 3 ? " and \(failing.count - 3) more" : "") registers it"
        }
        return resolution
    }

    /// `settled`: the answers of containers already searched for this reference whose search
    /// came back to no container on its way (`clean`); such an answer is the same on any path, so
    /// each container is searched once (a ladder of containers each the source of two others took
    /// exponential time). An answer that met a loop depends on the path and is not kept.
    /// Containers one reference's search may visit. Answers that met a loop are not kept, so a
    /// ladder of containers each the source of two others, with a loop above it, is walked path by
    /// path (a fuzzed Weaver file: minutes); past this many steps the answer is "loops", no
    /// verdict on the reference, never a guess.
    static let searchBudget = 20_000

    private func search(
        _ container: String, for reference: WeaverAnnotationFact, visiting: Set<String>, settled: inout [String: Found],
        budget: inout Int
    ) -> (found: Found, clean: Bool) {
        guard !visiting.contains(container) else { return (.loops, false) }
        budget -= 1
        guard budget > 0 else { return (.loops, false) }
        if let answer = settled[container] { return (answer, true) }
        let own = annotations(of: container)
        if let named = own.first(where: { $0.name == reference.name }) {
            switch named.kind {
            case .registration where Self.compatible(named, with: reference.type): return (.provided(Self.id(named)), true)
            case .parameter where Self.compatible(named, with: reference.type): return (.provided(nil), true)
            case .reference where isPublic(container): return (.provided(nil), true)
            default: break
            }
        } else {
            let typed = own.filter { $0.kind != .reference && Self.compatible($0, with: reference.type) }
            if typed.count == 1, let only = typed.first {
                return (.provided(only.kind == .registration ? Self.id(only) : nil), true)
            }
        }
        let up = sourcesOf(container)
        if up.isEmpty {
            return (isIsolated(container) || isPublic(container) ? .provided(nil) : .notFound(chain: [container]), true)
        }
        var firstChain: [String]?
        var loops = false
        var clean = true
        var answer: Found?
        for parent in up {
            let (found, parentClean) = search(
                parent, for: reference, visiting: visiting.union([container]), settled: &settled, budget: &budget)
            clean = clean && parentClean
            switch found {
            case .provided(let id): answer = .provided(id)
            case .notFound(let chain): if firstChain == nil { firstChain = chain }
            case .loops: loops = true
            }
            if answer != nil { break }
        }
        if answer == nil {
            if let firstChain {
                answer = .notFound(chain: firstChain + [container])
            } else {
                answer = loops ? .loops : .notFound(chain: [container])
            }
        }
        if clean { settled[container] = answer }
        return (answer!, clean)
    }
}
