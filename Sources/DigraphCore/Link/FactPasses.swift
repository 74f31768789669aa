/// What the linker settles over all files before linking: facts a file could not finish alone
/// because they depend on declarations or settings in other files.
enum FactPasses {
    /// In place: a pass that changed one file's facts used to copy every file's (and free the
    /// copies), a quarter of the link.
    static func run(_ files: inout [FileFacts], testFiles: Set<String>) {
        TestOnlyRegistrationHelpers.apply(&files, testFiles: testFiles)
        UnscannedAssemblies.apply(&files)
        StaticProductTypes.apply(&files)
        GenericConstructions.apply(&files)
        ContainerParameters.apply(&files)
        // Initializer requests before the locator pass: it renumbers the registrations they point at.
        InitializerInjection.expand(&files)
        OwnLocators.apply(&files, testFiles: testFiles)
        // The own locators' calls typed by the initializer parameter they are passed to.
        InitializerInjection.expand(&files)
        DipAutoInjection.keepBuiltOwners(&files)
        DipAutoWiring.apply(&files)
        DefaultLifetimes.apply(&files)
        NestedTypeNames.qualify(&files)
        ModuleQualifiedKeys.apply(&files)
        UntypedRegistrations.apply(&files)
        UnmatchedFactoryRegistrations.apply(&files)
        SelfInRequestedTypes.apply(&files)
        // Last: the keys forwarded to are settled (nested, module-qualified) and so are their lifetimes.
        ForwardingLifetimes.apply(&files)
    }
}

/// `container.register(Domain.UserRepository.self) { … }` keys the type `UserRepository` of the
/// module `Domain`, which an initializer in that module asks for as `UserRepository` (TheFeels):
/// when a key's first component is no type the scan declares, it is a module's name, and the
/// registration also answers the name without it (as Swinject's `.implements` would).
/// The same holds for a dependency key declared on a module-qualified name (gertrude's
/// `extension ClientInterfaces.WebSocketClient: @retroactive DependencyKey`): the key is the type
/// `WebSocketClient` that `self[WebSocketClient.self]` reads.
enum ModuleQualifiedKeys {
    static func apply(_ files: inout [FileFacts]) {
        var qualified = false
        for f in files.indices
        where files[f].registrations.contains(where: { isQualified($0.serviceType) })
            || files[f].members.keys.contains(where: { isQualified($0.type) })
        {
            qualified = true
            break
        }
        guard qualified else { return }
        let qualifiers = ModuleQualifiers(files)
        for f in files.indices {
            for k in files[f].members.keys.indices where isQualified(files[f].members.keys[k].type) {
                if let unqualified = qualifiers.unqualified(files[f].members.keys[k].type) { files[f].members.keys[k].type = unqualified }
            }
            for r in files[f].registrations.indices where isQualified(files[f].registrations[r].serviceType) {
                guard let unqualified = qualifiers.unqualified(files[f].registrations[r].serviceType) else { continue }
                if !files[f].registrations[r].forwardedTypes.contains(unqualified) {
                    files[f].registrations[r].forwardedTypes.append(unqualified)
                }
            }
        }
    }

    /// `Module.Type`, not generic (`Repository<Module.Type>`) and not an existential's spelling.
    static func isQualified(_ type: String) -> Bool {
        var hasDot = false
        for byte in type.utf8 {
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "(") { return false }
            if byte == UInt8(ascii: ".") { hasDot = true }
        }
        return hasDot && type.first?.isUppercase == true
    }
}

/// `Resolver.defaultScope = .application` changes the lifetime of every registration that does
/// not choose its own. Set to one readable scope everywhere, that scope applies; set to different
/// ones (or to one the scanner cannot read), which one holds depends on the order code runs in, so
/// those registrations' lifetime is unknown.
enum DefaultLifetimes {
    static func apply(_ files: inout [FileFacts]) {
        let gathered = files.gathered(\.defaultLifetimes)
        guard !gathered.isEmpty else { return }
        // A Swinject container's own default (`Container(defaultObjectScope:)`) is its instance's.
        let isInstanceDefault = { (setting: DefaultLifetimeFact) in setting.registry == .swinject && setting.owner != nil }
        applyToInstances(gathered.filter(isInstanceDefault), &files)
        let settings = gathered.filter { !isInstanceDefault($0) }
        guard !settings.isEmpty else { return }
        var chosen: [Registry: (Lifetime, String)] = [:]
        var unreadable: [Registry: DefaultLifetimeFact] = [:]
        for registry in Set(settings.map(\.registry)) {
            let mine = settings.filter { $0.registry == registry }
            if let agreed = agreement(mine) {
                chosen[registry] = agreed
            } else {
                unreadable[registry] = mine.min { $0.location < $1.location }
            }
        }
        var noted = false
        applyToContainers(settings.filter { $0.registry == .factory }, &files)
        for f in files.indices {
            for i in files[f].registrations.indices where files[f].registrations[i].lifetimeIsDefault {
                let registry = files[f].registrations[i].registry
                if let (lifetime, detail) = chosen[registry] {
                    files[f].registrations[i].lifetime = lifetime
                    files[f].registrations[i].lifetimeDetail = detail
                } else if let setting = unreadable[registry] {
                    files[f].registrations[i].lifetime = .unknown
                    files[f].registrations[i].lifetimeDetail = "default scope"
                    if !noted, setting.location.file == files[f].file {
                        noted = true
                        files[f].unanalyzable.append(
                            UnanalyzableFact(
                                message:
                                    "the default scope is set to `\(setting.detail)` here and to other scopes elsewhere: registrations that do not choose a scope have an unknown lifetime",
                                service: nil, location: setting.location))
                    }
                }
            }
        }
    }
}

extension DefaultLifetimes {
    /// The one readable scope the settings all set; nil when they set different ones or one the
    /// scanner cannot read (which one holds then depends on the order code runs in).
    fileprivate static func agreement(_ settings: [DefaultLifetimeFact]) -> (Lifetime, String)? {
        let distinct = Set(settings.map { "\($0.lifetime?.rawValue ?? "?") \($0.detail)" })
        guard distinct.count == 1, let only = settings.first, let lifetime = only.lifetime else { return nil }
        return (lifetime, only.detail)
    }

    /// The lifetime of a registration whose default scope the settings do not agree on.
    fileprivate static let unknown = (Lifetime.unknown, "default scope")

    /// Swinject: a container created with `defaultObjectScope:` gives that scope to what is
    /// registered on it without one of its own (on that instance only: its parent and children
    /// keep theirs). One instance created twice with different scopes, or with one the scanner
    /// cannot read: unknown.
    fileprivate static func applyToInstances(_ settings: [DefaultLifetimeFact], _ files: inout [FileFacts]) {
        guard !settings.isEmpty else { return }
        let byInstance = Dictionary(grouping: settings, by: { $0.owner! }).mapValues { agreement($0) ?? unknown }
        for f in files.indices {
            for i in files[f].registrations.indices {
                let registration = files[f].registrations[i]
                guard registration.lifetimeIsDefault, registration.registry == .swinject,
                    let instance = registration.containerInstance, let (lifetime, detail) = byInstance[instance]
                else { continue }
                files[f].registrations[i].lifetime = lifetime
                files[f].registrations[i].lifetimeDetail = detail
            }
        }
    }

    /// Factory: each container type has its own manager. A factory without a scope of its own
    /// takes the default set for its container (or for a container the scanner could not name);
    /// set to one readable scope, that one; to several or an unreadable one, unknown.
    fileprivate static func applyToContainers(_ settings: [DefaultLifetimeFact], _ files: inout [FileFacts]) {
        guard !settings.isEmpty else { return }
        let anyContainer = settings.filter { $0.owner == nil }
        var decided: [String: (Lifetime, String)?] = [:]
        func decide(_ owner: String) -> (Lifetime, String)? {
            if let known = decided[owner] { return known }
            let mine = settings.filter { $0.owner == owner } + anyContainer
            let result = mine.isEmpty ? nil : agreement(mine) ?? unknown
            decided[owner] = .some(result)
            return result
        }
        for f in files.indices {
            for i in files[f].members.services.indices
            where files[f].members.services[i].lifetimeIsDefault && files[f].members.services[i].registry == .factory {
                guard let (lifetime, detail) = decide(files[f].members.services[i].owner) else { continue }
                files[f].members.services[i].lifetime = lifetime
                files[f].members.services[i].lifetimeDetail = detail
            }
        }
    }
}

/// `Inner` written inside `Outer` is `Outer.Inner` when the scanned code declares that nested type:
/// a request spelled short in its own scope matches a registration spelled in full (and only
/// then: a registration spelled short as well already matches).
enum NestedTypeNames {
    static func qualify(_ files: inout [FileFacts]) {
        // By index, and by bytes: a `Character` search of every declared name was a tenth of the link.
        var nested: Set<String> = []
        for f in files.indices {
            for t in files[f].types.indices where files[f].types[t].name.utf8.contains(UInt8(ascii: ".")) {
                nested.insert(files[f].types[t].name)
            }
            // CityDiscover's `extension Detail { typealias Module = (…) }`, one `Module` per screen.
            for a in files[f].members.typeAliases.indices
            where files[f].members.typeAliases[a].qualifiedName.utf8.contains(UInt8(ascii: ".")) {
                nested.insert(files[f].members.typeAliases[a].qualifiedName)
            }
        }
        guard !nested.isEmpty else { return }
        // Every declared nested type, registered or not: inside `ActivityViewModifier`, Swift reads
        // `ViewModel` as `ActivityViewModifier.ViewModel` whatever else is called `ViewModel`, so a
        // miss names the type the code means (menuely's view modifiers). A registration written
        // inside a type keys the nested type the same way.
        // The last part of each nested name: a request for any other name has nothing to qualify.
        let innermost = Set(nested.map { $0.split(separator: ".").last.map(String.init) ?? $0 })
        func qualified(_ type: String, in owner: String) -> String? {
            guard !type.utf8.contains(UInt8(ascii: ".")), !type.utf8.contains(UInt8(ascii: "<")), innermost.contains(type)
            else { return nil }
            var scope = owner.split(separator: ".").map(String.init)
            while !scope.isEmpty {
                let candidate = (scope + [type]).joined(separator: ".")
                if nested.contains(candidate) { return candidate }
                scope.removeLast()
            }
            return nil
        }
        for f in files.indices {
            for i in files[f].requests.indices {
                guard case .type(let owner) = files[f].requests[i].requester, case .named(let type) = files[f].requests[i].type,
                    let candidate = qualified(type, in: owner)
                else { continue }
                files[f].requests[i].type = .named(candidate)
            }
            // cleema's `extension DependencyValues { … self[EmailValidatorKey.self] …
            // private enum EmailValidatorKey: DependencyKey }`: the key is the nested one.
            for m in files[f].members.services.indices {
                let owner = files[f].members.services[m].owner
                guard let key = files[f].members.services[m].key,
                    let candidate = qualified(key, in: owner)
                else { continue }
                files[f].members.services[m].key = candidate
            }
            for r in files[f].registrations.indices {
                guard let owner = files[f].registrations[r].enclosingType else { continue }
                if let candidate = qualified(files[f].registrations[r].serviceType, in: owner) {
                    files[f].registrations[r].serviceType = candidate
                }
                for t in files[f].registrations[r].forwardedTypes.indices {
                    if let candidate = qualified(files[f].registrations[r].forwardedTypes[t], in: owner) {
                        files[f].registrations[r].forwardedTypes[t] = candidate
                    }
                }
            }
        }
    }
}

/// How Dip looks a resolve up beyond its exact key: a tag nothing is registered under falls back to
/// the untagged registration, and a resolve passing no arguments, with no registration taking none,
/// uses the one taking the most arguments and resolves them itself (auto-wiring).
enum DipAutoWiring {
    static func apply(_ files: inout [FileFacts]) {
        var arities: [String: [[String]]] = [:]
        for f in files.indices {
            for registration in files[f].registrations where registration.registry == .dip {
                for type in [registration.serviceType] + registration.forwardedTypes {
                    arities[key(type, registration.name), default: []].append(registration.argumentTypes)
                }
            }
        }
        guard !arities.isEmpty else { return }
        for f in files.indices {
            for i in files[f].requests.indices where files[f].requests[i].registry == .dip {
                wire(&files[f].requests[i], arities)
            }
        }
    }

    /// A tag nothing is registered under falls back to the untagged registration; a resolve
    /// passing no arguments takes the widest registration's.
    private static func wire(_ request: inout RequestFact, _ arities: [String: [[String]]]) {
        guard case .named(let type) = request.type else { return }
        if let name = request.name, request.nameKind != .dynamic, arities[key(type, name)] == nil, arities[key(type, nil)] != nil {
            request.name = nil
            request.nameKind = .literal
        }
        guard request.argumentTypes.isEmpty, let registered = arities[key(type, request.name)],
            !registered.contains(where: \.isEmpty), let widest = registered.max(by: { $0.count < $1.count })
        else { return }
        request.argumentTypes = widest
    }

    private static func key(_ type: String, _ name: String?) -> String {
        TypeName.matchingKey(type) + "#" + (name ?? "")
    }
}

/// Dip fills `Injected<T>()` properties only in instances it builds: a type no Dip registration
/// builds never has them injected, so they ask for nothing.
enum DipAutoInjection {
    static func keepBuiltOwners(_ files: inout [FileFacts]) {
        guard files.anyFile({ $0.requests.contains(where: isAutoInjection) }) else { return }
        let built = Set(files.gathered { $0.registrations.filter { $0.registry == .dip }.flatMap(\.implementationTypes) })
        for f in files.indices where files[f].requests.contains(where: isAutoInjection) {
            files[f].requests.removeAll { request in
                guard isAutoInjection(request), case .type(let owner) = request.requester else { return false }
                return !built.contains(owner)
            }
        }
    }

    private static func isAutoInjection(_ request: RequestFact) -> Bool {
        request.registry == .dip && request.via == .propertyWrapper
    }
}

/// A request whose name only a registration of unreadable type has, or an unnamed request of a
/// type that an unnamed registration of unreadable type spells in its closure: reported as
/// unanalyzable rather than missing, since that registration may well be of the requested type.
enum UntypedRegistrations {
    static func apply(_ files: inout [FileFacts]) {
        let untyped = files.gathered(\.untypedRegistrations)
        guard !untyped.isEmpty else { return }
        let names = Dictionary(
            untyped.filter { $0.containerInstance == nil }.compactMap { fact in
                fact.name.map { ("\(fact.registry.rawValue)#\($0)", fact) }
            },
            uniquingKeysWith: { a, _ in a })
        var mentioned: [String: UntypedRegistrationFact] = [:]
        for fact in untyped where fact.name == nil && fact.containerInstance == nil {
            for type in fact.mentionedTypes { mentioned["\(fact.registry.rawValue)#\(type)"] = mentioned["\(fact.registry.rawValue)#\(type)"] ?? fact }
        }
        let instances = Dictionary(
            untyped.compactMap { fact in fact.containerInstance.map { ("\(fact.registry.rawValue)#\($0)", fact) } },
            uniquingKeysWith: { a, _ in a })
        let typed = Set(
            files.gathered { file in
                file.registrations.flatMap { registration in
                    ([registration.serviceType] + registration.forwardedTypes).map {
                        TypeName.matchingKey($0) + "#" + (registration.name ?? "")
                    }
                }
            })
        let typedInInstances = Set(
            files.gathered { file in
                file.registrations.flatMap { registration in
                    ([registration.serviceType] + registration.forwardedTypes).map {
                        (registration.containerInstance ?? "") + "#" + TypeName.matchingKey($0)
                    }
                }
            })
        for f in files.indices {
            var notes: [UnanalyzableFact] = []
            files[f].requests.removeAll { request in
                if request.name == nil, case .named(let type) = request.type, let instance = request.containerInstance,
                    let registration = instances["\(request.registry.rawValue)#\(instance)"],
                    !typedInInstances.contains(instance + "#" + TypeName.matchingKey(type))
                {
                    notes.append(
                        UnanalyzableFact(
                            message:
                                "cannot tell whether `\(ServiceID.typeKeyed(type: type, name: nil, arguments: request.argumentTypes))` is registered: the container it is resolved from registers a type the scanner cannot read at \(registration.location)",
                            service: nil, location: request.location))
                    return true
                }
                guard case .named(let type) = request.type, !typed.contains(TypeName.matchingKey(type) + "#" + (request.name ?? ""))
                else { return false }
                let registration: UntypedRegistrationFact
                if let name = request.name, let named = names["\(request.registry.rawValue)#\(name)"] {
                    registration = named
                } else if request.name == nil,
                    let unnamed = mentioned["\(request.registry.rawValue)#\(TypeName.unwrappingOptional(type))"]
                {
                    registration = unnamed
                } else {
                    return false
                }
                let what = request.name.map { "the registration named `\($0)`" } ?? "the registration"
                notes.append(
                    UnanalyzableFact(
                        message:
                            "cannot tell whether `\(ServiceID.typeKeyed(type: type, name: request.name, arguments: request.argumentTypes))` is registered: \(what) at \(registration.location) has a type the scanner cannot read",
                        service: nil, location: request.location))
                return true
            }
            files[f].unanalyzable += notes
        }
    }
}

// Over every file's facts without copying them: a `for` loop or `contains(where:)` over the array
// copies each element (a retain and a release for each of a file's thirty lists), and the passes
// above go over every visible file of every program, several times.
extension Array where Element == FileFacts {
    /// Whether some file's facts pass `test`.
    func anyFile(_ test: (FileFacts) -> Bool) -> Bool {
        // Through the buffer: an element read through the array's subscript is a copy.
        withUnsafeBufferPointer { files in
            for i in files.indices where test(files[i]) { return true }
            return false
        }
    }

    /// The indices of the files whose facts pass `test`, in order.
    func indices(where test: (FileFacts) -> Bool) -> [Int] {
        withUnsafeBufferPointer { files in files.indices.filter { test(files[$0]) } }
    }

    /// `body` on each file's facts, in order.
    func forEachFile(_ body: (FileFacts) -> Void) {
        withUnsafeBufferPointer { files in
            for i in files.indices { body(files[i]) }
        }
    }

    /// What `part` gives of each file's facts, in order.
    func gathered<T>(_ part: (FileFacts) -> [T]) -> [T] {
        withUnsafeBufferPointer { files in
            var found: [T] = []
            for i in files.indices { found += part(files[i]) }
            return found
        }
    }
}

/// Which first names of a dotted type are modules: those the scan declares no type (nor alias) of.
/// `Domain.UserRepository` is `UserRepository` of the module `Domain`; `Feed.Item` is a type nested
/// in the scan's `Feed`.
struct ModuleQualifiers {
    private var declared: Set<String> = []

    init(_ files: [FileFacts]) {
        // An extension declares no type: `extension ClientInterfaces.WebSocketClient` names one,
        // and a type nested in it (`….WebSocketClient.Error`) makes no type of `ClientInterfaces`.
        var qualifiedExtensions: [String] = []
        for file in files {
            for type in file.types where type.kind == .extension && type.name.utf8.contains(UInt8(ascii: ".")) {
                qualifiedExtensions.append(type.name + ".")
            }
        }
        for file in files {
            for type in file.types where type.kind != .extension {
                declared.insert(type.name)
                if !qualifiedExtensions.contains(where: { type.name.hasPrefix($0) }), let first = type.name.split(separator: ".").first {
                    declared.insert(String(first))
                }
            }
            for alias in file.members.typeAliases { declared.insert(alias.name) }
        }
    }

    /// The type without its module (`Swinject.Assembler` -> `Assembler`); nil when it is not
    /// module-qualified.
    func unqualified(_ type: String) -> String? {
        guard ModuleQualifiedKeys.isQualified(type) else { return nil }
        let parts = type.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, !declared.contains(String(parts[0])) else { return nil }
        return String(parts[1])
    }
}
