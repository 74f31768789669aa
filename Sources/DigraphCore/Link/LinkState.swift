/// The mutable bookkeeping of one ``Linker/link(_:)`` run.
struct LinkState {
    let files: [FileFacts]
    let configuration: Configuration

    private(set) var typeDecls: [String: [TypeDeclFact]] = [:]
    var services: [String: Service] = [:]
    private(set) var sites: [RegistrationSite] = []
    var edges: [Edge] = []
    var rootRequests: [Edge] = []
    var unanalyzable: [UnanalyzableFact] = []
    /// Project declarations of swift-dependencies' own keys (see ``DependencyGraph/shadowedBuiltInKeys``).
    var shadowedBuiltInKeys: [RegistrationSite] = []
    /// `instance\0id` of requests asking for one registration (not `many`); `*` for a request
    /// from an instance the scanner cannot place (see ``RegistrationSite/isResolvedAlone``).
    private var resolvedAlone: Set<String> = []
    /// Registration keys by service type, for matching requests (includes forwarded types).
    private(set) var registrationsByType: [String: [RegistrationKey]] = [:]
    private(set) var forwarded: [String: [String]] = [:]
    /// Types implemented by registrations: implementation type -> service ids.
    var implementedBy: [String: [String]] = [:]
    /// `implementation\0id` -> the files registering it.
    private var implementationFiles: [String: Set<String>] = [:]
    /// Per file, registration index -> service id.
    private(set) var registrationIDs: [String: [String]] = [:]
    /// Services registered only in assemblies nothing in the program applies: id -> one such
    /// assembly. Their types are built by those factories alone, so what they ask never runs.
    private var builtOnlyByUnappliedAssemblies: [String: String] = [:]
    private var registeredOutsideUnappliedAssemblies: Set<String> = []

    /// Test code: each test method runs on its own, so a container property reset in `setUp`
    /// is a fresh instance per method (lifetimes are kept per method there).
    let testFiles: Set<String>
    /// The program is a test bundle: all its code, the product's included, runs under tests.
    let isTestProgram: Bool
    /// The `Assembly` types something in the program constructs (last name components): the
    /// registrations of any other assembly never run here.
    let constructedAssemblies: Set<String>

    init(files: [FileFacts], configuration: Configuration, testFiles: Set<String> = [], isTestProgram: Bool = false) {
        self.files = files
        self.configuration = configuration
        self.testFiles = testFiles
        self.isTestProgram = isTestProgram
        self.constructedAssemblies = Set(files.gathered(\.constructedAssemblies).map(TypeName.lastComponent))
    }

    /// Module qualifiers of the scan (``ModuleQualifiers``), built on the first miss of a dotted type.
    private var moduleQualifiers: ModuleQualifiers?

    /// `Swinject.Assembler` asked for, `Assembler` registered (Homework's `init(assembler:
    /// Swinject.Assembler)`): the same type without its module, as ``ModuleQualifiedKeys`` gives
    /// registrations.
    mutating func moduleUnqualified(_ type: String) -> [String] {
        guard ModuleQualifiedKeys.isQualified(type) else { return [] }
        if moduleQualifiers == nil { moduleQualifiers = ModuleQualifiers(files) }
        return moduleQualifiers!.unqualified(type).map { [$0] } ?? []
    }

    /// Every initializer of the scan, built when a request is first passed to one.
    private var initializerIndex: InitializerIndex?

    /// Whether the type a request's value is passed to may keep it (Adamant's `NodesStorage`
    /// only calls `nodesMergingService.merge(…)` in its `init`): a value only used while the
    /// holder is built is no captive of it, whichever style obtained it.
    mutating func keptByInitializer(_ request: RequestFact) -> Bool {
        guard let argument = request.passedTo else { return true }
        if initializerIndex == nil { initializerIndex = InitializerIndex(files) }
        return initializerIndex!.mayKeep(argument, file: request.location.file)
    }

    /// The assembly holding a registration when nothing in the program constructs it.
    func unappliedAssembly(of registration: RegistrationFact) -> String? {
        guard let assembly = registration.assembly,
            !constructedAssemblies.contains(TypeName.lastComponent(assembly))
        else { return nil }
        return assembly
    }

    /// The key lifetimes are kept under: the container instance, and in test code the method too.
    private func lifetimeInstance(_ registration: RegistrationFact, file: String, instance: String?? = nil) -> String {
        let instance = (instance ?? registration.containerInstance) ?? ""
        return testFiles.contains(file) ? instance + "@" + (registration.scope ?? "") : instance
    }

    struct RegistrationKey {
        var serviceID: String
        var name: String?
        var argumentTypes: [String]
        var registry: Registry
        var container: String
        var instance: String?
        /// See ``lifetimeInstance(_:file:)``.
        var lifetimeInstance: String
        /// Registered by test code (on a container a test builds, or the program's own).
        var inTestCode: Bool
        /// Made only where the app never runs: a preview, or a helper only tests and previews
        /// call (``RegistrationFact/isDesignTime``).
        var isDesignTime = false
    }

    /// Where each key's lifetime was first set in run-time code outside tests, per instance.
    private var lifetimeOrigins = LifetimeOrigins()

    /// Lifetime of each service id per container instance ("" for the default container): the
    /// last registration of a key in an instance wins there, as in Swinject.
    private(set) var instanceLifetimes: [String: [String: Lifetime]] = [:]
    /// Per file, registration index -> the key its lifetime is kept under.
    private(set) var registrationInstances: [String: [String]] = [:]

    /// Child container instance -> its parent (`Container(parent:)`).
    private(set) var containerParents: [String: String] = [:]

    /// Sites that may register keys the scanner could not read, less those the configuration
    /// says what they register (`assume_registered:`): see ``OpenSite``.
    private(set) var openSites: [OpenSite] = []

    /// Open sites kept on one missing request: enough to say where to look.
    static let openSitesShown = 5

    // MARK: - Declarations

    mutating func collectTypes() {
        // By index: a file's facts are not copied to read its declarations.
        var declarations = 0
        for f in files.indices { declarations += files[f].types.count }
        typeDecls.reserveCapacity(declarations)
        for f in files.indices {
            for t in files[f].types.indices { typeDecls[files[f].types[t].name, default: []].append(files[f].types[t]) }
            unanalyzable += files[f].unanalyzable
            for link in files[f].containerParents { containerParents[link.instance] = link.parent }
            openSites += OpenSite.sites(in: files[f])
        }
        let assumed = configuration.assumedRegistrations
        if !assumed.isEmpty { openSites.removeAll { site in assumed.contains { $0.closes(site.location) } } }
    }

    /// Names written as constants become the literal they are declared with (or keep their
    /// spelling); run-time names become the unknown name.
    static func resolveNames(_ files: inout [FileFacts]) {
        func namesConstants(_ file: FileFacts) -> Bool {
            file.registrations.contains { $0.nameKind == .constant } || file.requests.contains { $0.nameKind == .constant }
        }
        // Most programs name nothing by a constant: no table to build, no file to copy.
        guard files.anyFile(namesConstants) else { return }
        let constants = ConstantNames(files.gathered(\.constants))
        for f in files.indices where namesConstants(files[f]) { resolveNames(in: &files[f], constants) }
    }

    private static func resolveNames(in file: inout FileFacts, _ constants: ConstantNames) {
        file.unanalyzable += resolveNames(of: &file.registrations, \.name, \.nameKind, constants) { registration, spelling in
            UnanalyzableFact(
                message: "registration name `\(spelling)` of `\(registration.serviceType)` is read at run time",
                service: registration.serviceType, location: registration.location)
        }
        file.unanalyzable += resolveNames(of: &file.requests, \.name, \.nameKind, constants) { request, spelling in
            UnanalyzableFact(message: "resolve name `\(spelling)` is read at run time", service: nil, location: request.location)
        }
    }

    /// Each of `facts` named by a constant gets the literal it stands for, or the unknown name and
    /// the reason `unresolved` gives (from the fact and the name's spelling), which are returned.
    private static func resolveNames<Fact>(
        of facts: inout [Fact], _ name: WritableKeyPath<Fact, String?>, _ kind: WritableKeyPath<Fact, NameKind>,
        _ constants: ConstantNames, unresolved: (Fact, String) -> UnanalyzableFact
    ) -> [UnanalyzableFact] {
        var reasons: [UnanalyzableFact] = []
        for i in facts.indices where facts[i][keyPath: kind] == .constant {
            let spelling = facts[i][keyPath: name] ?? ""
            if let resolved = constants.resolveOrReject(spelling) {
                facts[i][keyPath: name] = resolved
            } else {
                facts[i][keyPath: name] = ServiceID.dynamicName
                facts[i][keyPath: kind] = .dynamic
                reasons.append(unresolved(facts[i], spelling))
            }
        }
        return reasons
    }

    /// Whether a library's weak scope is asked to keep only structs and enums: a weak reference
    /// holds an object, and a value boxed for one (Factory's and Resolver's `.shared`, Swinject's
    /// `.weak`, Dip's `.weakSingleton`) is let go at once, so every resolve builds a new one. Only
    /// when every implementation is declared in the scanned code, as a value type. (A project's
    /// own locator is left as it is: the seed's keeps a wrapper object weakly, whatever it wraps.)
    func keepsOnlyValueTypesWeakly(_ registry: Registry, _ lifetime: Lifetime, _ implementations: [String]) -> Bool {
        guard lifetime == .weak, [.swinject, .factory, .resolver, .dip].contains(registry), !implementations.isEmpty
        else { return false }
        return implementations.allSatisfy { type in
            let declared = typeDecls[type, default: []].filter { $0.kind != .extension }
            return !declared.isEmpty && declared.allSatisfy { $0.kind == .struct || $0.kind == .enum }
        }
    }

    static func valueTypeUnderWeakScope(_ detail: String) -> (Lifetime, String) {
        (.transient, "\(detail), a value type (never kept)")
    }

    /// How the project's own service locator keeps what its factories build: weakly when its type
    /// holds an `NSMapTable` with weak values (the seed's), else a new instance per resolve. With
    /// no locator implementation in the scanned code, the seed's behaviour is assumed.
    private var locatorFactoryLifetime: (Lifetime, String) {
        // Protocol extensions forwarding to the real `register` are not the implementation.
        let implementations = files.gathered(\.locatorImplementations).filter { impl in
            !typeDecls[impl.typeName, default: []].contains { $0.kind == .protocol }
        }
        let cachesWeakly = implementations.contains { impl in
            typeDecls[impl.typeName, default: []].contains(where: \.holdsWeakValueCache)
        }
        if implementations.isEmpty || cachesWeakly { return (.weak, "factory (weakly cached)") }
        return (.transient, "factory")
    }

    mutating func collectRegistrations() {
        let locatorLifetime = locatorFactoryLifetime
        var registeredOutsideTests: Set<String> = []
        for file in files {
            var ids: [String] = []
            for reg in file.registrations {
                let id = reg.serviceID
                ids.append(id)
                if let assembly = unappliedAssembly(of: reg) {
                    if builtOnlyByUnappliedAssemblies[id] == nil { builtOnlyByUnappliedAssemblies[id] = assembly }
                } else {
                    registeredOutsideUnappliedAssemblies.insert(id)
                }
                var lifetime = reg.lifetime
                var detail = reg.lifetimeDetail
                // Not settled per locator type (``FactoryLifetimes``): the scan-wide reading.
                if reg.registry == .serviceLocator && detail == "factory" && lifetime == .weak {
                    (lifetime, detail) = locatorLifetime
                }
                if let configured = configuration.lifetimes[reg.lifetimeDetail] { lifetime = configured }
                if keepsOnlyValueTypesWeakly(reg.registry, lifetime, reg.implementationTypes) {
                    (lifetime, detail) = Self.valueTypeUnderWeakScope(detail)
                }
                // A helper called with several containers registers on each (``ContainerParameters``).
                for instance in [reg.containerInstance] + reg.additionalInstances.map({ $0.isEmpty ? nil : $0 }) {
                    var site = RegistrationSite(
                        serviceID: id, container: reg.container, location: reg.location, conditions: reg.conditions,
                        containerInstance: instance, scope: reg.scope, hasDynamicName: reg.nameKind == .dynamic)
                    site.isUnreachable = unappliedAssembly(of: reg) != nil || reg.isDesignTime
                    site.isPreferred = reg.isPreferred
                    sites.append(site)
                }
                var service =
                    services[id]
                    ?? Service(
                        id: id, type: reg.serviceType, name: reg.name, arguments: reg.argumentTypes,
                        lifetime: lifetime, lifetimeDetail: detail, style: reg.registry.style,
                        container: reg.container)
                // Swinject keeps the last registration of a key: its scope wins. A test's own
                // registration (on its fixture container) does not decide the scope the program's
                // other code sees once that code registers the key itself.
                let fromTest = testFiles.contains(file.file)
                if !fromTest || !registeredOutsideTests.contains(id) {
                    service.lifetime = lifetime
                    service.lifetimeDetail = detail
                }
                if !fromTest { registeredOutsideTests.insert(id) }
                service.implementation = Array(Set(service.implementation + reg.implementationTypes)).sorted()
                if reg.buildsOwnProduct { service.buildsOwnProduct = true }
                service.locations = (service.locations + [reg.location]).sorted()
                services[id] = service
                let lifetimeKey = lifetimeInstance(reg, file: file.file)
                instanceLifetimes[lifetimeKey, default: [:]][id] = lifetime
                if !fromTest, !reg.isDesignTime, unappliedAssembly(of: reg) == nil {
                    lifetimeOrigins.note(id, in: lifetimeKey, file: file.file, lifetime: lifetime)
                }
                let key = RegistrationKey(
                    serviceID: id, name: reg.name, argumentTypes: reg.argumentTypes, registry: reg.registry,
                    container: reg.container, instance: reg.containerInstance, lifetimeInstance: lifetimeKey,
                    inTestCode: fromTest, isDesignTime: reg.isDesignTime)
                var keys = [key]
                for other in reg.additionalInstances {
                    var extra = key
                    extra.instance = other.isEmpty ? nil : other
                    extra.lifetimeInstance = lifetimeInstance(reg, file: file.file, instance: extra.instance)
                    instanceLifetimes[extra.lifetimeInstance, default: [:]][id] = lifetime
                    keys.append(extra)
                }
                registrationsByType[TypeName.matchingKey(reg.serviceType), default: []].append(contentsOf: keys)
                for alias in reg.forwardedTypes {
                    registrationsByType[TypeName.matchingKey(alias), default: []].append(contentsOf: keys)
                    forwarded[alias, default: []].append(id)
                }
                for impl in reg.implementationTypes {
                    implementedBy[impl, default: []].append(id)
                    implementationFiles["\(impl)\u{0}\(id)", default: []].insert(file.file)
                }
            }
            registrationIDs[file.file] = ids
            registrationInstances[file.file] = file.registrations.map { lifetimeInstance($0, file: file.file) }
        }
        // Which of them runs last is not read: the lifetime is not known (moers' `httpLoader`,
        // declared unscoped in a library and `.singleton` in the app).
        for (instance, id) in lifetimeOrigins.conflicts {
            instanceLifetimes[instance]?[id] = .unknown
            services[id]?.lifetime = .unknown
            services[id]?.lifetimeDetail = LifetimeOrigins.conflictDetail
        }
    }

    mutating func collectSingletons() {
        for (name, decls) in typeDecls {
            for decl in decls {
                for member in decl.sharedMembers {
                    let id = ServiceID.member(owner: name, property: member.name)
                    var service =
                        services[id]
                        ?? Service(
                            id: id, type: name, lifetime: member.isComputedInstance ? .transient : .singleton,
                            lifetimeDetail: member.isComputedInstance
                                ? SharedMember.computedDetail
                                : member.isAssigned ? SharedMember.assignedDetail : "static \(member.name)",
                            implementation: [member.builds ?? name], style: "singleton")
                    service.locations = (service.locations + [member.location]).sorted()
                    services[id] = service
                    // What another type's code asks for while it is built is this singleton's.
                    if let built = member.builds, !(implementedBy[built]?.contains(id) ?? false) {
                        implementedBy[built, default: []].append(id)
                    }
                }
            }
        }
    }

    // MARK: - Requesters

    /// The service ids on whose behalf code inside `type` asks for dependencies.
    mutating func requesterIDs(forType type: String, file: String? = nil) -> [String] {
        let shared = typeDecls[type, default: []].flatMap(\.sharedMembers).filter { $0.builds == nil }.map(\.name)
        if let member = shared.sorted().first { return [ServiceID.member(owner: type, property: member)] }
        if var ids = implementedBy[type] {
            // A private type of this file: only the registrations here build it.
            if let file, typeDecls[type, default: []].contains(where: { $0.isFilePrivate && $0.location.file == file }) {
                ids = ids.filter { implementationFiles["\(type)\u{0}\($0)"]?.contains(file) == true }
            }
            if !ids.isEmpty { return Array(Set(ids)).sorted() }
        }
        if services[type] == nil {
            let location = typeDecls[type]?.map(\.location).min()
            services[type] = Service(
                id: type, type: type, lifetime: .transient, lifetimeDetail: "initializer", implementation: [type],
                style: "initializer", locations: location.map { [$0] } ?? [])
        }
        return [type]
    }

    mutating func requesterIDs(_ requester: Requester, file: String) -> [String]? {
        switch requester {
        case .registration(let index):
            guard let ids = registrationIDs[file], ids.indices.contains(index) else { return nil }
            return [ids[index]]
        case .type(let name): return requesterIDs(forType: name, file: file)
        case .root: return nil
        case .service(let id): return [id]
        }
    }

    // MARK: - Requests

    /// The property's type as written (optional or not).
    func propertyType(owner: String, property: String) -> String? {
        for decl in typeDecls[owner, default: []] {
            if let p = decl.storedProperties.first(where: { $0.name == property }), let type = p.type {
                return type
            }
        }
        return nil
    }

    /// `fromApp`: asked by code the app runs, in an app's program, which no registration made only
    /// in previews or by test-only helpers answers.
    private func match(_ request: RequestDetail, instance: String?, fromApp: Bool = false) -> RegistrationKey? {
        let visible = visibleInstances(from: instance)
        let candidates = registrationsByType[TypeName.matchingKey(request.type), default: []].filter { key in
            !(fromApp && key.isDesignTime) && key.name == request.name
                && (request.registry == .unspecified || key.registry == request.registry)
                && Self.argumentsCompatible(key.argumentTypes, request.argumentTypes)
                && (visible == nil || key.instance == nil || visible!.contains(key.instance!))
        }
        // The program's own registration before a test's fixture one of the same key.
        return candidates.min { ($0.serviceID, $0.inTestCode ? 1 : 0) < ($1.serviceID, $1.inTestCode ? 1 : 0) }
    }

    /// The lifetime of `id` in `instance` when it differs from the service's overall one.
    private func lifetime(of id: String, in instance: String) -> Lifetime? {
        guard let local = instanceLifetimes[instance]?[id], local != services[id]?.lifetime else { return nil }
        return local
    }

    private func dynamicallyNamed(_ request: RequestDetail) -> String? {
        registrationsByType[TypeName.matchingKey(request.type), default: []].first { key in
            key.name == ServiceID.dynamicName && Self.argumentsCompatible(key.argumentTypes, request.argumentTypes)
        }?.serviceID
    }

    /// A container created in the function that resolves from it is known whole: it sees its
    /// own registrations, its parents' and the default container's. Any other receiver (a
    /// property, a global, a parameter) may be any instance of the program: nil, everything.
    private func visibleInstances(from instance: String?) -> Set<String>? {
        guard let instance, ContainerInstance.isLocal(instance) else { return nil }
        var chain: Set<String> = [instance]
        var current = instance
        while let parent = containerParents[current], chain.insert(parent).inserted { current = parent }
        return chain
    }

    /// `register { AnyRepository(UserRepository()) }` registers `AnyRepository<…>` with arguments
    /// the compiler infers and the scanner does not read: a request for `AnyRepository<X>` may be
    /// that key (its container is open for it).
    private func inferredGenericRegistrations(of type: String) -> [OpenSite] {
        guard let open = type.firstIndex(of: "<") else { return [] }
        let base = String(type[..<open])
        return registrationsByType[TypeName.matchingKey(base), default: []].compactMap { key in
            guard let location = services[key.serviceID]?.locations.first else { return nil }
            return OpenSite(
                what: "`\(base)` registered with generic arguments the compiler infers", location: location,
                keys: OpenKeys(registry: key.registry, type: type, anyName: true))
        }
    }

    static func argumentsCompatible(_ registered: [String], _ passed: [String]) -> Bool {
        guard registered.count == passed.count else { return false }
        return zip(registered, passed).allSatisfy { r, p in
            r == p || r == ServiceID.unknownArgument || p == ServiceID.unknownArgument
        }
    }

    mutating func linkRequests() {
        let aliases = TypeAliasSpellings(files)
        for file in files {
            for var request in file.requests {
                var type: String
                switch request.type {
                case .named(let name): type = name
                case .storedProperty(let owner, let property):
                    guard let written = propertyType(owner: owner, property: property) else {
                        unanalyzable.append(
                            UnanalyzableFact(
                                message:
                                    "cannot tell what `autoResolve()` returns: no type annotation found for `\(owner).\(property)`",
                                service: nil, location: request.location))
                        continue
                    }
                    let found = TypeName.unwrappingOptional(written)
                    // `resolvedValue: T?` in `Dependency<T>`: the wrapper's own plumbing, no service.
                    if typeDecls[owner, default: []].contains(where: { $0.genericParameters.contains(found) }) { continue }
                    type = found
                    // Set into an optional property: nil is a value the code is written for.
                    if found != TypeName.normalize(written) { request.optional = true }
                }
                if request.registry == .ditranquillity {
                    // `Lazy<T>`, `Provider<T>`, `[T]`, `T?`: what DITranquillity looks up is `T`.
                    let reading = DITranquillityRequestedType.read(type)
                    type = reading.type
                    if reading.deferred {
                        request.timing = .deferred
                        request.retained = request.retained && reading.keeps
                    }
                    if reading.optional { request.optional = true }
                    if reading.collects { request.collects = true }
                }
                if request.registry != .serviceLocator && FrameworkProvidedTypes.containers.contains(type) { continue }
                // A name computed at run time matches nothing and is reported as unanalyzable.
                if request.nameKind == .dynamic { continue }
                var detail = RequestDetail(
                    type: type, name: request.name, argumentTypes: request.argumentTypes, registry: request.registry)
                detail.collects = request.collects
                let fromApp = !isTestProgram && !request.isDesignTime
                var target = match(detail, instance: request.containerInstance, fromApp: fromApp)
                // `resolve(LocationsManagerType.self)` with `typealias LocationsManagerType =
                // LocationsManager` (or the reverse): the same type under another name.
                if target == nil {
                    for other in aliases.otherSpellings(of: type) + moduleUnqualified(type) {
                        var spelled = detail
                        spelled.type = other
                        if let found = match(spelled, instance: request.containerInstance, fromApp: fromApp) {
                            target = found
                            break
                        }
                    }
                }
                // Nothing registered for `many(…)` is an empty collection.
                if target == nil && request.collects { continue }
                if let target, !request.collects {
                    resolvedAlone.insert("\(request.containerInstance ?? "*")\u{0}\(target.serviceID)")
                }
                if target == nil, let dynamic = dynamicallyNamed(detail) {
                    // Registered under a name known only at run time: neither satisfied nor missing.
                    unanalyzable.append(
                        UnanalyzableFact(
                            message:
                                "cannot tell whether `\(ServiceID.typeKeyed(type: type, name: request.name, arguments: request.argumentTypes))` is registered: `\(dynamic)` is registered under a name computed at run time",
                            service: dynamic, location: request.location))
                    continue
                }
                let to =
                    target?.serviceID ?? ServiceID.typeKeyed(type: type, name: request.name, arguments: request.argumentTypes)
                var edgeTemplate = Edge(
                    from: "", to: to, timing: request.timing, via: request.via, optional: request.optional,
                    retained: request.retained && keptByInitializer(request), missing: target == nil, location: request.location,
                    request: detail)
                edgeTemplate.isNeverRead = request.isNeverRead
                edgeTemplate.isDesignTime = request.isDesignTime
                if target == nil, fromApp, match(detail, instance: request.containerInstance) != nil {
                    edgeTemplate.missingReason =
                        "it is registered only where the app never runs: in a SwiftUI preview, or by a helper only tests and previews call"
                }
                if target == nil {
                    var opened = openSites.providing(detail, instance: request.containerInstance)
                    opened += inferredGenericRegistrations(of: detail.type)
                    edgeTemplate.openedBy = Array(opened.prefix(Self.openSitesShown))
                }
                if let target {
                    // Resolved from a registration's factory: the target as registered beside it.
                    var key = target.lifetimeInstance
                    var metOnlyInATest = false
                    if case .registration(let index) = request.requester, let instances = registrationInstances[file.file],
                        instances.indices.contains(index)
                    {
                        if instanceLifetimes[instances[index]]?[target.serviceID] != nil {
                            key = instances[index]
                        } else {
                            // Read only in a test's own container, asked by a factory of another:
                            // whatever the factory's container registers instead was not read
                            // (tice's app registering through an unread wrapper).
                            metOnlyInATest = target.inTestCode && instances[index] != target.lifetimeInstance
                        }
                    }
                    edgeTemplate.toLifetime = metOnlyInATest ? .unknown : lifetime(of: target.serviceID, in: key)
                }
                guard let fromIDs = requesterIDs(request.requester, file: file.file) else {
                    var edge = edgeTemplate
                    edge.from = Edge.rootRequester
                    rootRequests.append(edge)
                    continue
                }
                // ZeroWasteReminder: `main.register(X.self) { _ in remote.resolve(X.self)! }` hands
                // the key on to another container (its receiver another named instance than the
                // registration's): what answers there is not this factory, so no edge to itself.
                if case .registration(let index) = request.requester, target != nil, fromIDs == [to],
                    let asked = request.containerInstance, let own = file.registrations[index].containerInstance,
                    asked != own, !ContainerInstance.isLocal(asked), !ContainerInstance.isLocal(own),
                    !asked.hasPrefix(ContainerParameterFact.prefix), !own.hasPrefix(ContainerParameterFact.prefix)
                {
                    continue
                }
                for from in fromIDs {
                    var edge = edgeTemplate
                    edge.from = from
                    if case .registration(let index) = request.requester,
                        let instances = registrationInstances[file.file], instances.indices.contains(index)
                    {
                        edge.fromLifetime = lifetime(of: from, in: instances[index])
                        edge.unappliedAssembly = unappliedAssembly(of: file.registrations[index])
                        if testFiles.contains(file.file), let run = file.registrations[index].testRun {
                            edge.testRuns = [run]
                        }
                    } else if case .type = request.requester, !registeredOutsideUnappliedAssemblies.contains(from) {
                        // Music-Player's demo: a coordinator only an unapplied assembly builds asks
                        // from its own methods; the program never builds it, so never asks.
                        edge.unappliedAssembly = builtOnlyByUnappliedAssemblies[from]
                    }
                    edges.append(edge)
                }
            }
        }
    }

    mutating func linkSharedAccesses() {
        for file in files {
            for access in file.sharedAccesses {
                let to = ServiceID.member(owner: access.ownerType, property: access.member)
                // Only singletons declared in the scanned code are services; `URLSession.shared`
                // and other platform singletons are not the project's to check.
                guard services[to] != nil else { continue }
                guard let fromIDs = requesterIDs(access.requester, file: file.file) else {
                    rootRequests.append(
                        Edge(
                            from: Edge.rootRequester, to: to, timing: access.timing, via: access.via,
                            retained: access.retained, location: access.location))
                    continue
                }
                for from in fromIDs {
                    var edge = Edge(
                        from: from, to: to, timing: access.timing, via: access.via, retained: access.retained,
                        location: access.location)
                    edge.isDesignTime = access.isDesignTime
                    edges.append(edge)
                }
            }
        }
    }

    // MARK: - Result

    func graph() -> DependencyGraph {
        var sites = sites
        var services = services
        var edges = edges
        var rootRequests = rootRequests
        AssumedRegistration.satisfy(
            configuration.assumedRegistrations, edges: &edges, rootRequests: &rootRequests, services: &services)
        // Only what some edge keeps can be a harmless captive: the others are not asked.
        var immutable = ImmutableTypes(typeDecls: typeDecls)
        for id in Set(edges.lazy.filter(\.retained).map(\.to)) {
            guard let implementations = services[id]?.implementation, !implementations.isEmpty else { continue }
            services[id]?.holdsNoMutableState = implementations.allSatisfy { immutable.isImmutable($0) }
        }
        for i in sites.indices {
            let id = sites[i].serviceID
            sites[i].isResolvedAlone =
                resolvedAlone.contains("*\u{0}\(id)")
                || resolvedAlone.contains("\(sites[i].containerInstance ?? "*")\u{0}\(id)")
        }
        var graph = DependencyGraph(
            services: Array(services.values), edges: Self.deduplicated(edges), registrationSites: sites,
            rootRequests: rootRequests, unanalyzable: unanalyzable,
            forwardedTypes: forwarded.mapValues { Array(Set($0)).sorted() })
        graph.shadowedBuiltInKeys = shadowedBuiltInKeys.sorted { $0.location < $1.location }
        // Unread sites that open no container and name no type: request-like (`@Inject`,
        // `resolve(…)`); not a wrapper the program declares, whose body was read and asks no
        // container.
        graph.unreadRequestSites = files.flatMap(\.unrecognised).filter { site in
            guard site.opens == nil, !site.namesAType else { return false }
            if site.what.hasPrefix("@") {
                let name = site.what.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if typeDecls[String(name)] != nil { return false }
            }
            return true
        }.map(\.location).sorted()
        return graph
    }

    /// One edge per (from, to, timing, via, optional, retained, and the lifetimes where they
    /// meet), at its first site: the same pair in two container instances with other scopes is
    /// two edges, or a captive in the second would go unseen.
    private static func deduplicated(_ edges: [Edge]) -> [Edge] {
        struct Key: Hashable {
            var from, to: String
            var timing: Timing
            var via: Via
            var optional, retained, missing: Bool
            var fromLifetime, toLifetime: Lifetime?
        }
        var seen: [Key: Int] = [:]
        seen.reserveCapacity(edges.count)
        var out: [Edge] = []
        out.reserveCapacity(edges.count)
        for edge in edges.sorted(by: Edge.canonicalOrder) {
            let key = Key(
                from: edge.from, to: edge.to, timing: edge.timing, via: edge.via, optional: edge.optional,
                retained: edge.retained, missing: edge.missing, fromLifetime: edge.fromLifetime,
                toLifetime: edge.toLifetime)
            if let index = seen[key] {
                out[index].testRuns = Edge.unionOfRuns(out[index].testRuns, edge.testRuns)
                if let location = edge.location, location != out[index].location { out[index].alsoAt.append(location) }
                // Asked for alone at any site: a clash of its registrations matters.
                if edge.request?.collects == false { out[index].request?.collects = false }
                // Read at any site: a use.
                out[index].isNeverRead = out[index].isNeverRead && edge.isNeverRead
                out[index].isDesignTime = out[index].isDesignTime && edge.isDesignTime
                // Asked by any registration that runs: asked in the program.
                if edge.unappliedAssembly == nil { out[index].unappliedAssembly = nil }
            } else {
                seen[key] = out.count
                out.append(edge)
            }
        }
        return out
    }
}

/// The names `typealias`es give types: each spelling of a type, for a request that names it one
/// way when it is registered the other. A type's own alias counts by its qualified name
/// (YandexWeatherTest's `SvgImageView.ImageProvider`, as ``NestedTypeNames`` spells the request
/// written `ImageProvider` inside it), unless it composes protocols (`typealias Dependencies = HasA & HasB`).
struct TypeAliasSpellings {
    private var targets: [String: String] = [:]
    private var names: [String: [String]] = [:]

    init(_ files: [FileFacts]) {
        var targets: [String: String] = [:]
        for file in files {
            for alias in file.members.typeAliases where alias.target != alias.qualifiedName && !alias.isConditional {
                let nested = alias.qualifiedName != alias.name
                if nested && alias.target.contains("&") { continue }
                targets[alias.qualifiedName] = targets[alias.qualifiedName].map { min($0, alias.target) } ?? alias.target
            }
        }
        self.targets = targets
        for name in targets.keys.sorted() { names[resolve(name), default: []].append(name) }
    }

    private func resolve(_ name: String) -> String { MemberAliases.follow(name, through: targets) }

    /// The other names of `type`'s type: what its aliases stand for, and its other aliases; none
    /// when no alias names it.
    func otherSpellings(of type: String) -> [String] {
        guard !targets.isEmpty else { return [] }
        let resolved = resolve(type)
        let spellings = [resolved] + (names[resolved] ?? [])
        return spellings.filter { $0 != type }
    }
}
