/// Needle: components as its generator sees them. A component constructed inside another
/// (`LoggedInComponent(parent: self)`) is its child; a pluginized component's non-core component
/// is its child too. Each requirement of a component's `Dependency` protocol is satisfied, on
/// each path from a `BootstrapComponent` down to the component, by the nearest ancestor with a
/// non-private property of the same name and type (never the component's own property); a
/// pluginized ancestor also offers its non-core component's properties. A requirement some path
/// leaves unsatisfied is a `missing_registration` naming that path as Needle's generator does
/// (`^->RootComponent->LoggedInComponent->GameComponent`). Components no root reaches are
/// ignored, as the generator ignores them.
///
/// Every instance property of a component is a service `Component.property`: `shared { … }`,
/// stored and `lazy` properties are built once per component instance (a root's: `singleton`; a
/// child's: as long as the instance, see ``NeedleModel/instanceLifetime(of:visiting:)``), a computed property
/// builds a new value on each access (`transient`) unless it only hands on another property's
/// value, whose lifetime it then has.
extension LinkState {
    mutating func linkNeedle() {
        guard files.anyFile({ !$0.needle.isEmpty }) else { return }
        let model = NeedleModel(files.map(\.needle))
        for component in model.components.values.sorted(by: { $0.name < $1.name }) {
            for property in component.properties.values.sorted(by: { $0.name < $1.name }) {
                addNeedleService(component, property, model: model)
            }
        }
        for component in model.components.values.sorted(by: { $0.name < $1.name }) {
            for property in component.properties.values.sorted(by: { $0.name < $1.name }) {
                for read in property.reads {
                    for target in model.targets(of: read, in: component) {
                        var edge = Edge(
                            from: ServiceID.member(owner: component.name, property: property.name), to: target,
                            timing: read.timing, via: .property, retained: read.retained, location: read.location)
                        // A child component is a scope handed on as a builder, and a plain value is
                        // copied: neither is a captive.
                        if model.buildsComponent(target) || isCopiedValue(target) { edge.retained = false }
                        if edge.from != edge.to { edges.append(edge) }
                    }
                }
            }
            // Methods and initializers ask on behalf of what builds the component.
            if !component.reads.isEmpty {
                let from = requesterIDs(forType: component.name)
                for read in component.reads {
                    for target in model.targets(of: read, in: component) {
                        for source in from where source != target {
                            var edge = Edge(
                                from: source, to: target, timing: read.timing, via: .property, retained: read.retained,
                                location: read.location)
                            if model.buildsComponent(target) || isCopiedValue(target) { edge.retained = false }
                            edges.append(edge)
                        }
                    }
                }
            }
            reportUnsatisfied(component, model: model)
        }
    }

    /// A value type holding only plain values (`URL`, `String`, a struct of them): keeping a copy
    /// extends no lifetime.
    func isCopiedValue(_ id: String) -> Bool {
        guard let service = services[id] else { return false }
        return Self.plainValueTypes.contains(TypeName.unwrappingOptional(service.type)) || isPlainValue(service)
    }

    private mutating func addNeedleService(
        _ component: NeedleModel.Component, _ property: NeedlePropertyFact, model: NeedleModel
    ) {
        let id = ServiceID.member(owner: component.name, property: property.name)
        var (lifetime, detail) = model.lifetime(of: id)
        if let configured = configuration.lifetimes[detail] { lifetime = configured }
        var service =
            services[id]
            ?? Service(
                id: id, type: property.type ?? property.implementationTypes.first ?? ServiceID.dynamicName,
                lifetime: lifetime, lifetimeDetail: detail, style: Registry.needle.style, container: component.name)
        service.implementation = property.implementationTypes
        service.locations = (service.locations + [property.location]).sorted()
        services[id] = service
        // Code inside what the property builds (a child component too) asks on its behalf.
        for type in property.implementationTypes { implementedBy[type, default: []].append(id) }
    }

    /// Requirements some rooted path leaves unsatisfied, reported once each at the requirement.
    private mutating func reportUnsatisfied(_ component: NeedleModel.Component, model: NeedleModel) {
        if let name = component.dependency, let protocolFact = model.protocols[name] {
            let paths = model.rootedPaths(to: component.name)
            for requirement in protocolFact.requirements {
                let failing = paths.filter { model.provider(for: requirement, along: $0) == nil }
                guard !failing.isEmpty else { continue }
                let shown = failing.prefix(3).map { "`\(NeedleModel.pathString($0))`" }.joined(separator: ", ")
                let more = failing.count > 3 ? " and \(failing.count - 3) more" : ""
                needleMiss(
                    requirement, owner: name,
                    reason:
                        "`\(component.name)` needs `\(requirement.name): \(requirement.type)`, and no ancestor along \(shown)\(more) provides it")
            }
        }
        // A plugin extension's requirements come from the pluginized component's non-core component.
        if component.kind == .pluginized, let extensionName = component.pluginExtension,
            let protocolFact = model.protocols[extensionName], let nonCoreName = component.nonCoreComponent,
            let nonCore = model.components[nonCoreName], !model.rootedPaths(to: component.name).isEmpty
        {
            for requirement in protocolFact.requirements where !nonCore.provides(requirement) {
                needleMiss(
                    requirement, owner: extensionName,
                    reason:
                        "`\(component.name)`'s non-core component `\(nonCoreName)` does not provide `\(requirement.name): \(requirement.type)`")
            }
        }
    }

    private mutating func needleMiss(_ requirement: NeedleRequirementFact, owner: String, reason: String) {
        var edge = Edge(
            from: Edge.rootRequester, to: ServiceID.member(owner: owner, property: requirement.name), timing: .eager,
            via: .property, missing: true, location: requirement.location,
            request: RequestDetail(type: requirement.type, name: nil, argumentTypes: [], registry: .needle))
        edge.missingReason = reason
        rootRequests.append(edge)
    }
}

/// Components merged from their declarations and extensions, with the tree between them.
struct NeedleModel {
    struct Component {
        var name: String
        var kind: NeedleComponentFact.Kind
        var dependency: String?
        var pluginExtension: String?
        var nonCoreComponent: String?
        var properties: [String: NeedlePropertyFact] = [:]
        var calledNames: Set<String> = []
        var reads: [NeedleReadFact] = []

        /// A property a descendant can use for `requirement`: same name and type, not private.
        func provides(_ requirement: NeedleRequirementFact) -> Bool {
            guard let property = properties[requirement.name], !property.isPrivate, let type = property.type else {
                return false
            }
            return NeedleModel.sameType(type, requirement.type)
        }
    }

    private(set) var components: [String: Component] = [:]
    private(set) var protocols: [String: NeedleProtocolFact] = [:]
    /// Child -> parents, sorted.
    private(set) var parents: [String: [String]] = [:]
    private var pathCache: [String: [[String]]] = [:]
    /// Paths kept per component: a graph with many diamonds has exponentially many.
    static let maxPaths = 64

    init(_ facts: [NeedleFacts]) {
        for fact in facts.flatMap(\.components) where fact.kind != .extension {
            guard components[fact.name] == nil else { continue }
            var component = Component(
                name: fact.name, kind: fact.kind, dependency: fact.dependency, pluginExtension: fact.pluginExtension,
                nonCoreComponent: fact.nonCoreComponent)
            merge(fact, into: &component)
            components[fact.name] = component
        }
        for fact in facts.flatMap(\.components) where fact.kind == .extension {
            guard var component = components[fact.name] else { continue }
            merge(fact, into: &component)
            components[fact.name] = component
        }
        for fact in facts.flatMap(\.protocols) where protocols[fact.name] == nil { protocols[fact.name] = fact }
        var parents: [String: Set<String>] = [:]
        for component in components.values {
            for called in component.calledNames where called != component.name && components[called] != nil {
                parents[called, default: []].insert(component.name)
            }
            if component.kind == .pluginized, let nonCore = component.nonCoreComponent, components[nonCore] != nil {
                parents[nonCore, default: []].insert(component.name)
            }
        }
        self.parents = parents.mapValues { $0.sorted() }
        var cache: [String: [[String]]] = [:]
        for name in components.keys.sorted() { _ = computePaths(to: name, visiting: [], cache: &cache) }
        pathCache = cache
    }

    private func merge(_ fact: NeedleComponentFact, into component: inout Component) {
        for property in fact.properties where component.properties[property.name] == nil {
            component.properties[property.name] = property
        }
        component.calledNames.formUnion(fact.calledNames)
        component.reads += fact.reads
    }

    static func sameType(_ a: String, _ b: String) -> Bool {
        TypeName.matchingKey(TypeName.normalize(a)) == TypeName.matchingKey(TypeName.normalize(b))
    }

    static func pathString(_ path: [String]) -> String { "^->" + path.joined(separator: "->") }

    /// Paths from a `BootstrapComponent` down to `name` (both included).
    func rootedPaths(to name: String) -> [[String]] { pathCache[name] ?? [] }

    /// Each component's paths are computed once (a tree with diamonds has many paths through
    /// the same ancestors); a parent already on the way up is a cycle Needle's generator
    /// refuses, and leads nowhere.
    private func computePaths(to name: String, visiting: Set<String>, cache: inout [String: [[String]]]) -> [[String]] {
        if let known = cache[name] { return known }
        guard let component = components[name], !visiting.contains(name) else { return [] }
        let ups = parents[name] ?? []
        var out: [[String]] = []
        if ups.isEmpty {
            if component.kind == .bootstrap { out = [[name]] }
        } else {
            parentLoop: for parent in ups {
                for path in computePaths(to: parent, visiting: visiting.union([name]), cache: &cache) {
                    out.append(path + [name])
                    if out.count >= Self.maxPaths { break parentLoop }
                }
            }
        }
        if visiting.isEmpty || !ups.contains(where: visiting.contains) { cache[name] = out }
        return out
    }

    /// The service satisfying `requirement` for the last component of `path`: the nearest
    /// ancestor's property (or, for a pluginized ancestor, its non-core component's).
    func provider(for requirement: NeedleRequirementFact, along path: [String]) -> String? {
        guard let current = path.last else { return nil }
        for ancestorName in path.dropLast().reversed() {
            guard let ancestor = components[ancestorName] else { continue }
            if ancestor.provides(requirement) { return ServiceID.member(owner: ancestorName, property: requirement.name) }
            if ancestor.kind == .pluginized, let nonCoreName = ancestor.nonCoreComponent, nonCoreName != current,
                let nonCore = components[nonCoreName]
            {
                if nonCore.provides(requirement) { return ServiceID.member(owner: nonCoreName, property: requirement.name) }
                // The plugin extension hands on what the non-core component has under that name.
                if let extensionName = ancestor.pluginExtension,
                    protocols[extensionName]?.requirements.contains(where: {
                        $0.name == requirement.name && Self.sameType($0.type, requirement.type)
                    }) == true, nonCore.properties[requirement.name] != nil
                {
                    return ServiceID.member(owner: nonCoreName, property: requirement.name)
                }
            }
        }
        return nil
    }

    /// The services a read reaches, over every rooted path of its component.
    func targets(of read: NeedleReadFact, in component: Component) -> [String] {
        switch read.source {
        case .own:
            guard component.properties[read.name] != nil else { return [] }
            return [ServiceID.member(owner: component.name, property: read.name)]
        case .member:
            guard let base = read.base, component.properties[base] != nil else { return [] }
            return member(read.name, of: ServiceID.member(owner: component.name, property: base)).map { [$0] } ?? []
        case .dependencyMember:
            guard let base = read.base else { return [] }
            let providers = targets(
                of: NeedleReadFact(source: .dependency, name: base, timing: read.timing, retained: false, location: read.location),
                in: component)
            return Array(Set(providers.compactMap { member(read.name, of: $0) })).sorted()
        case .dependency:
            guard let name = component.dependency,
                let requirement = protocols[name]?.requirements.first(where: { $0.name == read.name })
            else { return [] }
            let found = rootedPaths(to: component.name).compactMap { provider(for: requirement, along: $0) }
            return Array(Set(found)).sorted()
        case .wholeDependency:
            guard let name = component.dependency, let requirements = protocols[name]?.requirements else { return [] }
            var found: Set<String> = []
            for requirement in requirements {
                for path in rootedPaths(to: component.name) {
                    if let provider = provider(for: requirement, along: path) { found.insert(provider) }
                }
            }
            return found.sorted()
        case .pluginExtension:
            guard let nonCore = component.nonCoreComponent, components[nonCore]?.properties[read.name] != nil else {
                return []
            }
            return [ServiceID.member(owner: nonCore, property: read.name)]
        }
    }

    /// `name` of the component the property `id` returns (by its type or what it constructs).
    private func member(_ name: String, of id: String) -> String? {
        guard let property = property(id) else { return nil }
        let candidates = [property.type.map(TypeName.unwrappingOptional)].compactMap { $0 } + property.implementationTypes
        guard let child = candidates.first(where: { components[$0] != nil }), components[child]?.properties[name] != nil
        else { return nil }
        return ServiceID.member(owner: child, property: name)
    }

    /// How long one instance of a component lives, which is how long what it builds once lives:
    /// a root for the whole run (`singleton`); a child built in a parent's `shared { … }`, stored or
    /// lazy property as long as that parent; a child built anew on each access
    /// (`var cases: CasesComponent { CasesComponent(parent: self) }`, CrisisCleanup) or in a
    /// method, once per object graph it serves (`graph`): what it builds once is shared by that
    /// graph, not by the app.
    func instanceLifetime(of name: String, visiting: Set<String> = []) -> Lifetime {
        guard let component = components[name] else { return .unknown }
        if component.kind == .bootstrap { return .singleton }
        guard !visiting.contains(name) else { return .unknown }
        var lifetimes: Set<Lifetime> = []
        for parent in parents[name] ?? [] {
            guard let owner = components[parent] else { continue }
            let builders = owner.properties.values.filter { $0.implementationTypes.contains(name) }
            if builders.isEmpty { lifetimes.insert(.graph) }
            for builder in builders {
                lifetimes.insert(builder.storage == .computed ? .graph : instanceLifetime(of: parent, visiting: visiting.union([name])))
            }
        }
        if lifetimes == [.singleton] { return .singleton }
        if lifetimes.contains(.unknown) || lifetimes.isEmpty { return .unknown }
        return .graph
    }

    /// Whether the service is a property that constructs a child component.
    func buildsComponent(_ id: String) -> Bool {
        guard let property = property(id) else { return false }
        return property.implementationTypes.contains { components[$0] != nil }
    }

    private func property(_ id: String) -> NeedlePropertyFact? {
        guard let dot = id.lastIndex(of: ".") else { return nil }
        return components[String(id[..<dot])]?.properties[String(id[id.index(after: dot)...])]
    }

    /// Built once per component for `shared`, stored and lazy properties; a computed property that
    /// only hands on another value lives as long as that value; any other computed one is new on
    /// each access.
    func lifetime(of id: String, visiting: Set<String> = []) -> (Lifetime, String) {
        guard let property = property(id), let owner = id.split(separator: ".").first.map(String.init),
            let component = components[owner]
        else { return (.unknown, "unknown") }
        switch property.storage {
        case .shared: return (instanceLifetime(of: owner), "shared")
        case .stored: return (instanceLifetime(of: owner), "stored")
        case .lazy: return (instanceLifetime(of: owner), "lazy")
        case .computed:
            guard let forwarded = property.forwards else { return (.transient, "computed") }
            let detail = "forwards \(forwarded.source == .own ? "" : forwarded.source.rawValue + ".")\(forwarded.name)"
            let targets = targets(of: forwarded, in: component)
            guard !targets.isEmpty, !visiting.contains(id) else { return (.unknown, detail) }
            let lifetimes = Set(targets.map { lifetime(of: $0, visiting: visiting.union([id])).0 })
            guard lifetimes.count == 1, let only = lifetimes.first else { return (.unknown, detail) }
            return (only, detail)
        }
    }
}
