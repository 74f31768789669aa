/// What the linker settles over all files before linking: facts a file could not finish alone
/// because they depend on declarations or settings in other files.
enum FactPasses {
    static func run(_ files: [FileFacts]) -> [FileFacts] {
        // Initializer requests first: the locator pass renumbers the registrations they point at.
        let linked = OwnLocators.apply(InitializerInjection.expand(ContainerParameters.apply(files)))
        let dip = DipAutoWiring.apply(DipAutoInjection.keepBuiltOwners(linked))
        return UntypedRegistrations.apply(NestedTypeNames.qualify(DefaultLifetimes.apply(dip)))
    }
}

/// `Resolver.defaultScope = .application` changes the lifetime of every registration that does
/// not choose its own. Set to one readable scope everywhere, that scope applies; set to different
/// ones (or to one the scanner cannot read), which one holds depends on the order code runs in, so
/// those registrations' lifetime is unknown.
enum DefaultLifetimes {
    static func apply(_ files: [FileFacts]) -> [FileFacts] {
        let settings = files.flatMap(\.defaultLifetimes)
        guard !settings.isEmpty else { return files }
        var chosen: [Registry: (Lifetime, String)] = [:]
        var unreadable: [Registry: DefaultLifetimeFact] = [:]
        for registry in Set(settings.map(\.registry)) {
            let mine = settings.filter { $0.registry == registry }
            let distinct = Set(mine.map { "\($0.lifetime?.rawValue ?? "?") \($0.detail)" })
            if distinct.count == 1, let only = mine.first, let lifetime = only.lifetime {
                chosen[registry] = (lifetime, only.detail)
            } else {
                unreadable[registry] = mine.min { $0.location < $1.location }
            }
        }
        var noted = false
        return files.map { file in
            var file = file
            for i in file.registrations.indices where file.registrations[i].lifetimeIsDefault {
                let registry = file.registrations[i].registry
                if let (lifetime, detail) = chosen[registry] {
                    file.registrations[i].lifetime = lifetime
                    file.registrations[i].lifetimeDetail = detail
                } else if let setting = unreadable[registry] {
                    file.registrations[i].lifetime = .unknown
                    file.registrations[i].lifetimeDetail = "default scope"
                    if !noted, setting.location.file == file.file {
                        noted = true
                        file.unanalyzable.append(
                            UnanalyzableFact(
                                message:
                                    "the default scope is set to `\(setting.detail)` here and to other scopes elsewhere: registrations that do not choose a scope have an unknown lifetime",
                                service: nil, location: setting.location))
                    }
                }
            }
            return file
        }
    }
}

/// `Inner` written inside `Outer` is `Outer.Inner` when the scanned code declares that nested type:
/// a request spelled short in its own scope matches a registration spelled in full (and only
/// then: a registration spelled short as well already matches).
enum NestedTypeNames {
    static func qualify(_ files: [FileFacts]) -> [FileFacts] {
        let declared = Set(files.flatMap { $0.types.map(\.name) }.filter { $0.contains(Character(".")) })
        guard !declared.isEmpty else { return files }
        let registered = Set(files.flatMap { $0.registrations.flatMap { [$0.serviceType] + $0.forwardedTypes } })
        let nested = declared.intersection(registered)
        guard !nested.isEmpty else { return files }
        // The last part of each nested name: a request for any other name has nothing to qualify.
        let innermost = Set(nested.map { $0.split(separator: ".").last.map(String.init) ?? $0 })
        // In place: only the files with a request to qualify are copied.
        var files = files
        for f in files.indices {
            for i in files[f].requests.indices {
                guard case .type(let owner) = files[f].requests[i].requester, case .named(let type) = files[f].requests[i].type,
                    !type.utf8.contains(UInt8(ascii: ".")), !type.utf8.contains(UInt8(ascii: "<")), innermost.contains(type),
                    !registered.contains(type)
                else { continue }
                var scope = owner.split(separator: ".").map(String.init)
                while !scope.isEmpty {
                    let candidate = (scope + [type]).joined(separator: ".")
                    if nested.contains(candidate) {
                        files[f].requests[i].type = .named(candidate)
                        break
                    }
                    scope.removeLast()
                }
            }
        }
        return files
    }
}

/// How Dip looks a resolve up beyond its exact key: a tag nothing is registered under falls back to
/// the untagged registration, and a resolve passing no arguments, with no registration taking none,
/// uses the one taking the most arguments and resolves them itself (auto-wiring).
enum DipAutoWiring {
    static func apply(_ files: [FileFacts]) -> [FileFacts] {
        var arities: [String: [[String]]] = [:]
        for file in files {
            for registration in file.registrations where registration.registry == .dip {
                for type in [registration.serviceType] + registration.forwardedTypes {
                    arities[key(type, registration.name), default: []].append(registration.argumentTypes)
                }
            }
        }
        guard !arities.isEmpty else { return files }
        return files.map { file in
            var file = file
            for i in file.requests.indices where file.requests[i].registry == .dip {
                guard case .named(let type) = file.requests[i].type else { continue }
                if let name = file.requests[i].name, file.requests[i].nameKind != .dynamic,
                    arities[key(type, name)] == nil, arities[key(type, nil)] != nil
                {
                    file.requests[i].name = nil
                    file.requests[i].nameKind = .literal
                }
                guard file.requests[i].argumentTypes.isEmpty, let registered = arities[key(type, file.requests[i].name)],
                    !registered.contains(where: \.isEmpty), let widest = registered.max(by: { $0.count < $1.count })
                else { continue }
                file.requests[i].argumentTypes = widest
            }
            return file
        }
    }

    private static func key(_ type: String, _ name: String?) -> String {
        TypeName.matchingKey(type) + "#" + (name ?? "")
    }
}

/// Dip fills `Injected<T>()` properties only in instances it builds: a type no Dip registration
/// builds never has them injected, so they ask for nothing.
enum DipAutoInjection {
    static func keepBuiltOwners(_ files: [FileFacts]) -> [FileFacts] {
        guard files.contains(where: { $0.requests.contains(where: isAutoInjection) }) else { return files }
        let built = Set(files.flatMap { $0.registrations.filter { $0.registry == .dip }.flatMap(\.implementationTypes) })
        return files.map { file in
            var file = file
            file.requests.removeAll { request in
                guard isAutoInjection(request), case .type(let owner) = request.requester else { return false }
                return !built.contains(owner)
            }
            return file
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
    static func apply(_ files: [FileFacts]) -> [FileFacts] {
        let untyped = files.flatMap(\.untypedRegistrations)
        guard !untyped.isEmpty else { return files }
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
            files.flatMap { file in
                file.registrations.flatMap { registration in
                    ([registration.serviceType] + registration.forwardedTypes).map {
                        TypeName.matchingKey($0) + "#" + (registration.name ?? "")
                    }
                }
            })
        let typedInInstances = Set(
            files.flatMap { file in
                file.registrations.flatMap { registration in
                    ([registration.serviceType] + registration.forwardedTypes).map {
                        (registration.containerInstance ?? "") + "#" + TypeName.matchingKey($0)
                    }
                }
            })
        return files.map { file in
            var file = file
            file.requests.removeAll { request in
                if request.name == nil, case .named(let type) = request.type, let instance = request.containerInstance,
                    let registration = instances["\(request.registry.rawValue)#\(instance)"],
                    !typedInInstances.contains(instance + "#" + TypeName.matchingKey(type))
                {
                    file.unanalyzable.append(
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
                file.unanalyzable.append(
                    UnanalyzableFact(
                        message:
                            "cannot tell whether `\(ServiceID.typeKeyed(type: type, name: request.name, arguments: request.argumentTypes))` is registered: \(what) at \(registration.location) has a type the scanner cannot read",
                        service: nil, location: request.location))
                return true
            }
            return file
        }
    }
}
