/// Settles a project's own service locator once every file is read: which methods are locator
/// methods (see ``LocatorMethodFact``), so which provisional calls are registrations and requests,
/// and which property wrappers read the locator.
enum OwnLocators {
    /// `testFiles`: files of test code, whose methods code outside the tests never calls.
    static func apply(_ files: inout [FileFacts], testFiles: Set<String> = []) {
        guard files.anyFile({ !$0.provisionalLocatorCalls.isEmpty || !$0.wrappedProperties.isEmpty }) else {
            return
        }
        let methods = files.gathered(\.locatorMethods)
        // Read only if a protocol requirement has an implementation to check: most programs have none.
        let conformances = LazyConformances(files)
        let confirmed = confirmedMethods(methods, conformances: conformances)
        // Wrappers over an own locator's resolve, then over a container library's (`@Inject`
        // calling `container.resolve(T.self)!`): a library wrapper's properties ask any registry,
        // and tolerate absence unless the wrapper fails on it.
        let library = libraryForwardingMethods(methods, confirmed: confirmed)
        let libraryRegistering = libraryForwardingMethods(methods, confirmed: confirmed, role: .register)
        var wrappers: [String: WrapperReading] = [:]
        var asksOnInit: Set<String> = []
        for wrapper in files.gathered(\.locatorWrappers) {
            if wrapper.asksOnInit { asksOnInit.insert(wrapper.name) }
            if wrapper.forwards.contains(where: { shape in confirmed.contains { matches(shape, $0, role: .resolve) } }) {
                wrappers[wrapper.name] = .ownLocator
            } else if wrappers[wrapper.name] == nil {
                // `@Inject` calling `container.resolve(T.self)!`, or a project's generic method
                // that does (`DIContainer.shared.getDependency(type: T.self)`).
                let through = library.filter { method in wrapper.forwards.contains { matches($0, method, role: .resolve) } }
                guard wrapper.forwardsToLibraryResolve || !through.isEmpty else { continue }
                wrappers[wrapper.name] = .library(failsWhenAbsent: wrapper.failsWhenAbsent || through.contains(where: \.failsWhenAbsent))
            }
        }
        // A locator whose keyed lookup digraph reads but with no register method it reads (ugglan's
        // `Dependencies.shared.add(module: Module { DateService() })`): how it is filled is not
        // read, so what it is asked for may be there. Said once, at each such resolve method.
        // Likewise a locator whose register methods no call digraph reads reaches (PixPic's
        // Swift 2 `registerService(PostService())` for `registerService<T>(service: T)`).
        let registers = confirmed.filter { $0.role == .register }
        let registering = Set(registers.map(\.owner))
        let calls = registerCalls(of: registers, in: files, conformances: conformances)
        // Before the files are written: holding them would copy every file's facts.
        conformances.release()
        let unfilled = confirmed.filter {
            $0.role == .resolve && !$0.isRequirement && $0.usesKeyedStorage && !$0.owner.isEmpty
                && (!registering.contains($0.owner) || (calls.misread.contains($0.owner) && !calls.read.contains($0.owner)))
        }
        if !unfilled.isEmpty {
            for f in files.indices {
                for method in unfilled where method.location.file == files[f].file {
                    let why = registering.contains(method.owner)
                        ? "its register methods are called in a way digraph does not read" : "it has no register method taking the key's type"
                    files[f].unrecognised.append(
                        UnrecognisedSite(
                            what: "`\(method.owner)` is filled by code digraph does not read (\(why))",
                            location: method.location, opens: OpenKeys(registry: .serviceLocator, anyName: true)))
                }
            }
        }
        // The types that keep what is registered: how they cache is how factories live.
        let storing = Set(confirmed.filter { $0.role == .register && $0.usesKeyedStorage && !$0.owner.isEmpty }.map(\.owner))
        // By index: `flatMap(\.types)` copied every declaration of the program, twice.
        var protocols: Set<String> = []
        var caching: Set<String> = []
        var registries: Set<Registry> = []
        for f in files.indices {
            for t in files[f].types.indices {
                if files[f].types[t].kind == .protocol { protocols.insert(files[f].types[t].name) }
                if files[f].types[t].holdsWeakValueCache { caching.insert(files[f].types[t].name) }
            }
            for r in files[f].registrations.indices { registries.insert(files[f].registrations[r].registry) }
        }
        let weaklyCaching = caching.subtracting(protocols)
        let lifetimes = FactoryLifetimes(confirmed: confirmed, weaklyCaching: weaklyCaching)
        let failing = failingMethods(confirmed)
        // A program registering on a library container whose `resolve()` is typed from context:
        // such a call in a file that does not import the library (the container reached through
        // a property declared elsewhere) asks that container.
        let libraries = registries.intersection([.ditranquillity, .dip])
        let contextualResolve: Registry? = libraries.isEmpty ? nil : libraries.count == 1 ? libraries.first : .unspecified
        let swinjectImported = files.anyFile(\.importsSwinject)
        // A method declared in test code is reached only from test code.
        let libraryOutsideTests = testFiles.isEmpty ? library : library.filter { !testFiles.contains($0.location.file) }
        for f in files.indices {
            let reachable = testFiles.contains(files[f].file) ? library : libraryOutsideTests
            settleCalls(
                in: &files[f], confirmed, lifetimes, contextualResolve: contextualResolve, failing: failing, library: library,
                libraryRegistering: libraryRegistering, swinjectImported: swinjectImported, reachableLibrary: reachable)
            if !files[f].wrappedProperties.isEmpty {
                for property in files[f].wrappedProperties {
                    guard let reading = wrappers[property.wrapper] else {
                        // Named like injection, read by nothing: say so (coverage, the open summary).
                        if DILookingNames.wrappers.contains(property.wrapper) {
                            files[f].unrecognised.append(
                                UnrecognisedSite(what: "@\(property.wrapper)", location: property.request.location))
                        }
                        continue
                    }
                    var request = property.request
                    // Asked when its holder is built: read or not, the property asks.
                    if asksOnInit.contains(property.wrapper) { request.isNeverRead = false }
                    if case .library(let fails) = reading {
                        request.registry = .unspecified
                        if !fails { request.optional = true }
                    }
                    files[f].requests.append(request)
                }
                files[f].wrappedProperties = []
            }
            if !storing.isEmpty {
                for decl in files[f].types where storing.contains(decl.name) {
                    files[f].locatorImplementations.append(LocatorImplementationFact(typeName: decl.name, location: decl.location))
                }
            }
        }
    }

    /// `read`: the types whose register methods some read call reaches: called directly (a
    /// provisional registration of its shape), through a protocol requirement it implements, or
    /// through another register method that forwards to it (a fixed point over a finite set).
    /// `misread`: the types with a register method named by a call whose shape none of them has.
    private static func registerCalls(
        of registers: [LocatorMethodFact], in files: [FileFacts], conformances: LazyConformances
    ) -> (read: Set<String>, misread: Set<String>) {
        guard !registers.isEmpty else { return ([], []) }
        var used: Set<LocatorMethodFact> = []
        var misread: Set<String> = []
        files.forEachFile { file in
            for call in file.provisionalLocatorCalls {
                switch call.kind {
                case .registration, .knownRegistration, .untypedValue, .libraryShaped:
                    var matched = false
                    for method in registers where matches(call.shape, method, role: .register) {
                        used.insert(method)
                        matched = true
                    }
                    if !matched {
                        for method in registers where method.name == call.shape.name { misread.insert(method.owner) }
                    }
                case .request, .initializerArgument:
                    continue
                }
            }
        }
        for method in registers where method.valueKeyParameter != nil && UnreadValueCalls.names.contains(method.name) {
            misread.insert(method.owner)
        }
        var changed = true
        while changed {
            changed = false
            for method in registers where !used.contains(method) {
                let reached = used.contains { user in
                    (user.isRequirement && method.implements(user) && conformances.conforms(method.owner, to: user.owner))
                        || user.forwards.contains { matches($0, method, role: .register) }
                }
                if reached {
                    used.insert(method)
                    changed = true
                }
            }
        }
        return (Set(used.map(\.owner)), misread)
    }

    /// Methods that store or read keyed storage, then those forwarding to them, then protocol
    /// requirements with an implementation's signature.
    private static func confirmedMethods(_ methods: [LocatorMethodFact], conformances: LazyConformances) -> [LocatorMethodFact] {
        var confirmed = methods.filter { $0.usesKeyedStorage && !$0.isRequirement }
        var pending = methods.filter { !($0.usesKeyedStorage && !$0.isRequirement) }
        var changed = true
        while changed {
            changed = false
            pending.removeAll { method in
                let found: Bool
                if method.isRequirement {
                    found = confirmed.contains { $0.implements(method) && conformances.conforms($0.owner, to: method.owner) }
                } else {
                    found = method.forwards.contains { shape in confirmed.contains { matches(shape, $0, role: method.role) } }
                }
                if found {
                    confirmed.append(method)
                    changed = true
                }
                return found
            }
        }
        return confirmed
    }

    /// The confirmed methods that can fail on a missing key: their own body fails, a requirement
    /// one of whose implementations does, or a method forwarding to one that does. A fixed point
    /// over a finite set, so forwarding cycles end.
    /// Generic methods taking the key as a `T.Type` that hand it to a container library's resolve
    /// (`func getDependency<D>(type: D.Type) -> D { resolver.resolve(D.self)! }`), then those
    /// handing it to one of them: a library's resolve under the project's name. Not the own
    /// locator's (`confirmed`). A pass-through without a key parameter (MoviePosterApp's
    /// `extension Resolver { func resolve<T>() -> T { resolve(T.self)! } }`) is one too: its calls
    /// are typed by their context, a parameter's type included.
    private static func libraryForwardingMethods(
        _ methods: [LocatorMethodFact], confirmed: [LocatorMethodFact], role: LocatorMethodFact.Role = .resolve
    ) -> [LocatorMethodFact] {
        let own = Set(confirmed)
        let library: (LocatorCallShape) -> Bool = role == .resolve ? { $0.isLibraryResolve } : { $0.isLibraryRegister }
        var pending = methods.filter {
            $0.role == role && !$0.isRequirement && ($0.metatypeParameter != nil || role == .resolve) && !own.contains($0)
        }
        var found = pending.filter { $0.forwards.contains(where: library) }
        pending.removeAll { $0.forwards.contains(where: library) }
        // Each pass takes at least one method or stops: bounded by the number of methods.
        var changed = !found.isEmpty
        while changed {
            changed = false
            pending.removeAll { method in
                guard method.forwards.contains(where: { shape in found.contains { matches(shape, $0, role: role) } })
                else { return false }
                found.append(method)
                changed = true
                return true
            }
        }
        // One handing the key on to a method of them that fails on a missing key fails too
        // (FilamentSwatches' `resolve(key:)` over its private `resolve(key:in:)`'s `fatalError`).
        var failed = true
        while failed {
            failed = false
            for i in found.indices where !found[i].failsWhenAbsent && !found[i].returnsOptional {
                guard found[i].forwards.contains(where: { shape in
                    found.contains { $0.failsWhenAbsent && matches(shape, $0, role: role) }
                }) else { continue }
                found[i].failsWhenAbsent = true
                failed = true
            }
        }
        return found
    }

    private static func failingMethods(_ confirmed: [LocatorMethodFact]) -> Set<LocatorMethodFact> {
        var failing = Set(confirmed.filter { $0.failsWhenAbsent && !$0.isRequirement && !$0.buildsWhenAbsent })
        var changed = true
        while changed {
            changed = false
            for method in confirmed where !failing.contains(method) && !method.buildsWhenAbsent {
                let fails: Bool
                if method.isRequirement {
                    fails = failing.contains { $0.implements(method) }
                } else {
                    fails = method.forwards.contains { shape in failing.contains { matches(shape, $0, role: method.role) } }
                }
                if fails {
                    failing.insert(method)
                    changed = true
                }
            }
        }
        return failing
    }

    static func forwardMatches(_ shape: LocatorCallShape, _ method: LocatorMethodFact, role: LocatorMethodFact.Role) -> Bool {
        matches(shape, method, role: role)
    }

    private static func matches(_ shape: LocatorCallShape, _ method: LocatorMethodFact, role: LocatorMethodFact.Role) -> Bool {
        guard method.role == role, method.name == shape.name else { return false }
        var labels = shape.labels
        if shape.hasTrailingClosure, !labels.isEmpty, let last = method.parameters.last { labels[labels.count - 1] = last.label }
        guard let positions = InitializerMatch.argumentPositions(labels, parameters: method.parameters) else { return false }
        // No key passed: typed by context, through a method taking none or one defaulting its key
        // (WordChecker's `resolve<Service>(_ serviceType: Service.Type = Service.self)`).
        guard let argument = shape.metatypeArgument else {
            return method.metatypeParameter.map { method.parameters[$0].hasDefault && !positions.contains($0) } ?? true
        }
        return positions.indices.contains(argument) && positions[argument] == method.metatypeParameter
    }

    /// Swinject-shaped registrations in a scan that imports no Swinject, which a register method
    /// of the project's own locator has the shape of (Wehoop's `SimpleDependencyContainer`): that
    /// locator's, and so is what their factories ask.
    private static func settleLibraryShaped(in file: inout FileFacts, _ confirmed: [LocatorMethodFact], _ lifetimes: FactoryLifetimes) {
        for call in file.provisionalLocatorCalls {
            guard case .libraryShaped(let index) = call.kind else { continue }
            let methods = confirmed.filter { matches(call.shape, $0, role: .register) }
            guard !methods.isEmpty else { continue }
            file.registrations[index].registry = .serviceLocator
            file.registrations[index].container = Registry.serviceLocator.style
            (file.registrations[index].lifetime, file.registrations[index].lifetimeDetail) = (.weak, "factory")
            file.registrations[index].lifetimeIsDefault = false
            // A locator's registrations are keyed by type alone, as its own calls are read.
            file.registrations[index].containerInstance = nil
            file.registrations[index].additionalInstances = []
            lifetimes.settle(&file.registrations[index], calling: methods)
            moveFactoryRequests(of: index, in: &file, from: .swinject, to: .serviceLocator)
            // Those typed by the initializer parameter they are passed to as well.
            for c in file.provisionalLocatorCalls.indices {
                guard case .initializerArgument(var fact) = file.provisionalLocatorCalls[c].kind,
                    fact.template.requester == .registration(index), fact.template.registry == .swinject
                else { continue }
                fact.template.registry = .serviceLocator
                file.provisionalLocatorCalls[c].kind = .initializerArgument(fact)
            }
        }
    }

    /// Among overloads told apart only by their factory's arity (openedx's ten
    /// `register(_:name:mainActorFactory:)`, PianoReminder's `registerService(type:scope:factory:)`
    /// with `() -> S` and `(A) -> S`), the one whose factory takes as many parameters as the
    /// closure given (the first of them); the first overload when none does or the arity is not
    /// known.
    private static func overload(_ methods: [LocatorMethodFact], takingFactoryOf arity: Int?) -> LocatorMethodFact? {
        guard methods.count > 1, let arity else { return methods.first }
        let fitting = methods.filter { method in method.parameters.contains { FunctionTypeArity.of($0.type) == arity } }
        return fitting.first ?? methods.first
    }

    /// Keeps the provisional calls a locator method has the shape of, drops the others: a dropped
    /// registration's factory requests go back to the code around the call, as resolves in a
    /// closure that runs later.
    private static func settleCalls(
        in file: inout FileFacts, _ confirmed: [LocatorMethodFact], _ lifetimes: FactoryLifetimes,
        contextualResolve: Registry?, failing: Set<LocatorMethodFact>, library: [LocatorMethodFact],
        libraryRegistering: [LocatorMethodFact], swinjectImported: Bool, reachableLibrary: [LocatorMethodFact]
    ) {
        guard !file.provisionalLocatorCalls.isEmpty else { return }
        if !swinjectImported { settleLibraryShaped(in: &file, confirmed, lifetimes) }
        var dropped: [Int: Requester] = [:]
        for call in file.provisionalLocatorCalls {
            switch call.kind {
            case .registration(let index):
                let methods = confirmed.filter { matches(call.shape, $0, role: .register) }
                if methods.isEmpty,
                    let through = overload(
                        libraryRegistering.filter { matches(call.shape, $0, role: .register) },
                        takingFactoryOf: file.registrations[index].factoryParameterTypes?.count)
                {
                    asLibraryRegistration(&file, index: index, call: call.shape, through: through, libraryRegistering)
                    continue
                }
                if methods.isEmpty {
                    dropped[index] = call.fallbackRequester
                    // A registration-shaped call no locator method reads (a project's wrapper
                    // around a library call): what it registers is not read, so the keys of the
                    // type it names stay open.
                    if call.shape.metatypeArgument != nil, DILookingNames.isRegistration(call.shape.name) {
                        let registration = file.registrations[index]
                        file.unrecognised.append(
                            UnrecognisedSite(
                                what: "\(call.shape.name)(\(registration.serviceType).self, …)", location: registration.location,
                                opens: OpenKeys(registry: nil, type: registration.serviceType, anyName: true)))
                    }
                    continue
                } else if methods.allSatisfy(\.takesFactory), file.registrations[index].lifetimeDetail == "instance" {
                    // `register(dependencyFactory: makeClient, …)`: a factory held in a variable.
                    file.registrations[index].lifetime = .weak
                    file.registrations[index].lifetimeDetail = "factory"
                    file.registrations[index].implementationTypes = []
                }
                lifetimes.settle(&file.registrations[index], calling: methods)
            case .knownRegistration(let index):
                lifetimes.settle(&file.registrations[index], calling: confirmed.filter { matches(call.shape, $0, role: .register) })
            case .libraryShaped:
                continue
            case .request(let request):
                if let settled = settle(request, call, confirmed, contextualResolve, failing, library) {
                    file.requests += namedByDefault(settled, call, reachableLibrary)
                }
            case .untypedValue(let location):
                // A register keyed by its value's type, given a value whose type is not read.
                guard confirmed.contains(where: { $0.valueKeyParameter != nil && matches(call.shape, $0, role: .register) })
                else { continue }
                file.unrecognised.append(
                    UnrecognisedSite(
                        what: "`\(call.shape.name)(…)` given a value of a type digraph cannot read", location: location,
                        opens: OpenKeys(registry: .serviceLocator, anyName: true)))
            case .initializerArgument(var fact):
                guard let settled = settle(fact.template, call, confirmed, contextualResolve, failing, library) else { continue }
                fact.template = settled
                file.initializerRequests.append(fact)
            }
        }
        file.provisionalLocatorCalls = []
        guard !dropped.isEmpty else { return }
        var newIndex: [Int: Int] = [:]
        var kept: [RegistrationFact] = []
        for (i, registration) in file.registrations.enumerated() where dropped[i] == nil {
            newIndex[i] = kept.count
            kept.append(registration)
        }
        file.registrations = kept
        // Only those asked by a registration's factory: writing any other would copy the list,
        // which the file's cached facts share.
        for i in file.requests.indices where isAskedByRegistration(file.requests[i]) {
            renumber(&file.requests[i], newIndex, dropped)
        }
        for i in file.initializerRequests.indices where isAskedByRegistration(file.initializerRequests[i].template) {
            renumber(&file.initializerRequests[i].template, newIndex, dropped)
        }
    }

    /// A name the call leaves to the method's default (``LocatorMethodFact/nameDefault``) is that
    /// default. When the methods the call may reach default differently (an app's and a test's
    /// `Injector.load(_:name:)`, one `nil`, one `"stub"`), it asks for each name, and for none of
    /// them is a miss proven.
    private static func namedByDefault(
        _ request: RequestFact, _ call: ProvisionalLocatorCallFact, _ library: [LocatorMethodFact]
    ) -> [RequestFact] {
        guard request.name == nil, library.contains(where: { $0.nameDefault != nil }) else { return [request] }
        let through = library.filter { matches(call.shape, $0, role: .resolve) }
        let names = Set(through.map { method -> String? in
            guard let named = method.nameDefault, let label = named.label, !call.shape.labels.contains(label) else { return nil }
            return named.value
        })
        guard !names.isEmpty, names != [nil] else { return [request] }
        return names.sorted { ($0 ?? "") < ($1 ?? "") }.map { name in
            var asked = request
            asked.name = name
            if names.count > 1 { asked.optional = true }
            return asked
        }
    }

    private static func isAskedByRegistration(_ request: RequestFact) -> Bool {
        if case .registration = request.requester { return true }
        return false
    }

    private static func renumber(_ request: inout RequestFact, _ newIndex: [Int: Int], _ dropped: [Int: Requester]) {
        guard case .registration(let index) = request.requester else { return }
        if let moved = newIndex[index] {
            request.requester = .registration(moved)
        } else if let fallback = dropped[index] {
            request.requester = fallback
            request.timing = .deferred
            request.retained = false
            if request.registry == .serviceLocator { request.registry = .unspecified }
        }
    }

    /// The request a provisional call makes, if a locator method (or a library resolve under a
    /// project's name) has its shape; nil when none does.
    private static func settle(
        _ request: RequestFact, _ call: ProvisionalLocatorCallFact, _ confirmed: [LocatorMethodFact],
        _ contextualResolve: Registry?, _ failing: Set<LocatorMethodFact>, _ library: [LocatorMethodFact]
    ) -> RequestFact? {
        var request = request
        let methods = confirmed.filter { matches(call.shape, $0, role: .resolve) }
        if methods.isEmpty, let registry = contextualResolve, call.shape.name == "resolve",
            call.shape.labels.isEmpty, call.shape.metatypeArgument == nil
        {
            if request.registry == .serviceLocator { request.registry = registry }
            return request
        }
        guard !methods.isEmpty else {
            // `DIContainer.shared.getDependency(type: P.self)` over a library's resolve:
            // asks whichever container library the program registers on.
            let through = library.filter { matches(call.shape, $0, role: .resolve) }
            guard !through.isEmpty else { return nil }
            if request.registry == .serviceLocator { request.registry = .unspecified }
            // eudi's `resolver.force(P.self, argument: session)`: what is passed besides
            // the key and its name goes on to the library's resolve as runtime arguments,
            // of types not read here.
            if request.argumentTypes.isEmpty {
                let passed = call.shape.labels.enumerated().filter { index, label in
                    index != call.shape.metatypeArgument && label != "name"
                }
                request.argumentTypes = Array(repeating: ServiceID.unknownArgument, count: passed.count)
            }
            if !through.contains(where: \.failsWhenAbsent) && !call.isForceUnwrapped { request.optional = true }
            return request
        }
        // A resolve returning `T?` is written to tolerate absence unless unwrapped with `!`.
        if !call.isForceUnwrapped && methods.allSatisfy(\.returnsOptional) { request.optional = true }
        // One that neither fails nor returns `T?` hands back a default when nothing is there.
        if !methods.contains(where: { failing.contains($0) || $0.returnsOptional }) { request.optional = true }
        return request
    }
}

extension OwnLocators {
    /// tice's `container.registerSingleton(P.self) { r in … }`, whose `extension Container` method
    /// passes key and factory on to Swinject's `register(…).inObjectScope(.container)`: a Swinject
    /// registration of `P` with that scope (Swinject's default, graph, when none is chained), its
    /// factory's resolves asking the container it registers on.
    fileprivate static func asLibraryRegistration(
        _ file: inout FileFacts, index: Int, call: LocatorCallShape, through method: LocatorMethodFact,
        _ libraryRegistering: [LocatorMethodFact]
    ) {
        // The scope chained where the call reaches the library, through wrappers of wrappers
        // (each step another method of the list: bounded by its length).
        var current = method
        var scope: String?
        // The call that reached `current`, whose arguments may carry the scope it chains: first
        // the project's own call (PianoReminder's `registerService(type:scope: .graph) { … }`).
        var reaching: LocatorCallShape? = call
        var scopeNotRead = false
        var factoryArguments: Int?
        for _ in 0...libraryRegistering.count {
            if let library = current.forwards.first(where: \.isLibraryRegister) {
                factoryArguments = library.factoryArguments
                if let parameter = library.scopeParameter {
                    // `.inObjectScope(scope)`: what the wrapper calling this one passes.
                    scope = scope ?? reaching?.argumentScope(parameter)
                    scopeNotRead = scope == nil
                } else {
                    scope = scope ?? library.scope
                }
                break
            }
            // Each hop hands the same factory on: the overload taking it.
            let arity = file.registrations[index].factoryParameterTypes?.count
            guard let (shape, next) = current.forwards.lazy.compactMap({ shape in
                overload(libraryRegistering.filter { matches(shape, $0, role: .register) }, takingFactoryOf: arity)
                    .map { (shape, $0) }
            }).first else { break }
            scope = scope ?? current.forwards.first(where: { $0.scope != nil })?.scope
            reaching = shape
            current = next
        }
        let detail = scope ?? (scopeNotRead ? "scope passed by the caller" : SwinjectScopes.defaultDetail)
        file.registrations[index].registry = .swinject
        file.registrations[index].container = Registry.swinject.style
        // The runtime arguments: as many as the library call's own closure takes after its resolver,
        // else the caller's factory is Swinject's and takes all but its first parameter.
        if let parameters = file.registrations[index].factoryParameterTypes {
            let count = factoryArguments ?? max(0, parameters.count - 1)
            let written = Array(parameters.suffix(count))
            file.registrations[index].argumentTypes =
                Array(repeating: ServiceID.unknownArgument, count: count - written.count) + written
        }
        file.registrations[index].lifetime = scopeNotRead ? .unknown : SwinjectScopes.lifetime(of: detail)
        file.registrations[index].lifetimeDetail = detail
        file.registrations[index].lifetimeIsDefault = scope == nil && !scopeNotRead
        moveFactoryRequests(of: index, in: &file, from: .serviceLocator, to: .unspecified)
    }

    /// What a registration's factory asks (read, or provisional) asks `to` instead of `from`, once
    /// the registration is found to be on another registry.
    fileprivate static func moveFactoryRequests(of index: Int, in file: inout FileFacts, from: Registry, to: Registry) {
        for r in file.requests.indices where file.requests[r].requester == .registration(index) {
            if file.requests[r].registry == from { file.requests[r].registry = to }
        }
        for c in file.provisionalLocatorCalls.indices {
            guard case .request(var request) = file.provisionalLocatorCalls[c].kind, request.requester == .registration(index)
            else { continue }
            if request.registry == from { request.registry = to }
            file.provisionalLocatorCalls[c].kind = .request(request)
        }
    }
}

/// Which protocols a type conforms to, from every declaration and extension of the scan
/// (through superclasses and inherited protocols): a protocol's locator requirement is implemented
/// only by a type conforming to it. ios-spain-s's `MemoryStorage.get<Data>() -> Data?` has the
/// shape of `OperativeContainerProtocol.get<T>() -> T` but is no implementation of it.
struct Conformances {
    private var inherited: [String: Set<String>] = [:]

    init(_ files: [FileFacts]) {
        files.forEachFile { file in
            for decl in file.types where !decl.inheritedTypes.isEmpty {
                inherited[TypeName.lastComponent(decl.name), default: []].formUnion(decl.inheritedTypes.map(TypeName.lastComponent))
            }
        }
    }

    /// True when `type` conforms to `proto` by what the scan declares, or when either is unnamed
    /// (a method outside a type) or `type` declares no conformance at all here (declared elsewhere).
    func conforms(_ type: String, to proto: String) -> Bool {
        let (start, wanted) = (TypeName.lastComponent(type), TypeName.lastComponent(proto))
        guard !start.isEmpty, !wanted.isEmpty, start != wanted, inherited[start] != nil else { return true }
        var visited: Set<String> = [start]
        var stack = [start]
        while let next = stack.popLast() {
            for parent in inherited[next] ?? [] where visited.insert(parent).inserted {
                if parent == wanted { return true }
                stack.append(parent)
            }
        }
        return false
    }
}

/// ``Conformances`` read from the files the first time one is asked for.
final class LazyConformances {
    private var files: [FileFacts]?
    private var read: Conformances?

    init(_ files: [FileFacts]) { self.files = files }

    func conforms(_ type: String, to proto: String) -> Bool {
        if read == nil {
            guard let files else { preconditionFailure("conformances asked for after their files were let go") }
            read = Conformances(files)
            self.files = nil
        }
        return read!.conforms(type, to: proto)
    }

    /// No longer asked: the files are let go.
    func release() { files = nil }
}

/// What a project's property wrapper reads: its own locator, or a container library's resolve.
private enum WrapperReading {
    case ownLocator
    case library(failsWhenAbsent: Bool)
}

/// How long what a locator's factory builds lives, decided per locator type: the type whose keyed
/// storage the called register method ends in (itself, or the methods it forwards to) keeps
/// instances weakly when it holds an `NSMapTable` with weak values, else builds one per resolve.
/// Two locators in one scan each keep their own behaviour.
struct FactoryLifetimes {
    let confirmed: [LocatorMethodFact]
    let weaklyCaching: Set<String>

    /// A factory registration (detail `factory`) through `methods`: weak or transient when the
    /// types storing it agree; left for the linker's scan-wide reading when no storing type is
    /// found (a locator whose implementation is not in the scan).
    func settle(_ registration: inout RegistrationFact, calling methods: [LocatorMethodFact]) {
        guard registration.lifetimeDetail == "factory", !methods.isEmpty else { return }
        let owners = storingOwners(of: methods)
        guard !owners.isEmpty else { return }
        if owners.isSubset(of: weaklyCaching) {
            registration.lifetime = .weak
            registration.lifetimeDetail = Self.weakDetail
        } else if owners.isDisjoint(with: weaklyCaching) {
            registration.lifetime = .transient
            registration.lifetimeDetail = "factory"
        } else {
            registration.lifetime = .unknown
            registration.lifetimeDetail = "factory (\(owners.sorted().joined(separator: " or ")))"
        }
    }

    static let weakDetail = "factory (weakly cached)"

    /// The owners of every keyed-storage method `methods` reach through requirements and
    /// forwards. One visited set for the whole walk: a set per path made a mutant with many
    /// forwarding overloads take exponential time (the reachable owners are the same).
    private func storingOwners(of methods: [LocatorMethodFact]) -> Set<String> {
        var owners: Set<String> = []
        var visited: Set<LocatorMethodFact> = []
        var stack = methods
        while let method = stack.popLast() {
            guard visited.insert(method).inserted else { continue }
            if method.usesKeyedStorage && !method.isRequirement {
                if !method.owner.isEmpty { owners.insert(method.owner) }
                continue
            }
            if method.isRequirement {
                for other in confirmed where other.implements(method) { stack.append(other) }
                continue
            }
            for shape in method.forwards {
                for other in confirmed where OwnLocators.forwardMatches(shape, other, role: method.role) { stack.append(other) }
            }
        }
        return owners
    }
}

extension LocatorMethodFact {
    /// An implementation with the signature of `requirement` (a protocol's locator method).
    func implements(_ requirement: LocatorMethodFact) -> Bool {
        !isRequirement && role == requirement.role && name == requirement.name
            && parameters.map(\.label) == requirement.parameters.map(\.label)
            && metatypeParameter == requirement.metatypeParameter && valueKeyParameter == requirement.valueKeyParameter
    }
}

/// How many parameters a written function type takes: `(Resolver, Arg1) -> S` takes 2,
/// `@escaping @MainActor () -> S` none; nil for a type that is not a function.
enum FunctionTypeArity {
    static func of(_ type: String) -> Int? {
        guard let arrow = type.range(of: "->") else { return nil }
        let head = type[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
        guard head.hasSuffix(")"), let open = head.firstIndex(of: "(") else { return nil }
        let inside = head[head.index(after: open)..<head.index(before: head.endIndex)]
        if inside.trimmingCharacters(in: .whitespaces).isEmpty { return 0 }
        var depth = 0
        var commas = 0
        for character in inside {
            switch character {
            case "(", "<", "[": depth += 1
            case ")", ">", "]": depth -= 1
            case "," where depth == 0: commas += 1
            default: break
            }
        }
        return commas + 1
    }
}
