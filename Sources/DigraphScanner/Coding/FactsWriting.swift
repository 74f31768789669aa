import DigraphCache
import DigraphCore

// The facts every file has many of, written field by field into a cache entry (see
// ``BinaryWritable``): the same bytes as their synthesized `Codable` conformances, in the order
// of their declarations, which `FactsWritingTests` compares.

extension SourceLocation: BinaryWritable {
    public func write(to fields: inout BinaryFields) {
        fields.field("file", file)
        fields.field("line", line)
        fields.field("column", column)
    }
}

extension TypeDeclFact: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        fields.field("name", name)
        fields.field("kind", kind.rawValue)
        fields.field("inheritedTypes", inheritedTypes)
        try fields.field("storedProperties", storedProperties)
        try fields.field("sharedMembers", sharedMembers)
        fields.field("holdsWeakValueCache", holdsWeakValueCache)
        try fields.field("initializers", initializers)
        try fields.field("location", location)
        fields.field("genericParameters", genericParameters)
        fields.field("isFilePrivate", isFilePrivate)
        try fields.field("staticFunctions", staticFunctions)
    }
}

extension StaticFunctionFact: BinaryWritable {
    public func write(to fields: inout BinaryFields) {
        fields.field("name", name)
        fields.field("returnType", returnType)
        fields.field("metatypeLabel", metatypeLabel)
    }
}

extension PropertyFact: BinaryWritable {
    public func write(to fields: inout BinaryFields) {
        fields.field("name", name)
        fields.field("type", type)
        fields.field("isStatic", isStatic)
        fields.field("isVariable", isVariable)
    }
}

extension SharedMember: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        fields.field("name", name)
        try fields.field("location", location)
        fields.field("isAssigned", isAssigned)
        fields.field("isComputedInstance", isComputedInstance)
        fields.field("builds", builds)
    }
}

extension InitializerFact: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        try fields.field("parameters", parameters)
        fields.field("isFailable", isFailable)
        fields.field("isSynthesized", isSynthesized)
        try fields.field("location", location)
    }
}

extension ParameterFact: BinaryWritable {
    public func write(to fields: inout BinaryFields) {
        fields.field("label", label)
        fields.field("type", type)
        fields.field("hasDefault", hasDefault)
        fields.field("isKept", isKept)
    }
}

// A file's facts and summary: one of each per file, most of their lists empty.

extension FileFacts: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        fields.field("file", file)
        try fields.field("types", types)
        try fields.field("registrations", registrations)
        try fields.field("requests", requests)
        try fields.field("sharedAccesses", sharedAccesses)
        try fields.field("locatorImplementations", locatorImplementations)
        try fields.field("unanalyzable", unanalyzable)
        try fields.field("suppressionComments", suppressionComments)
        try fields.field("constants", constants)
        try fields.field("containerParents", containerParents)
        try fields.field("containerParameters", containerParameters)
        try fields.field("containerArguments", containerArguments)
        try fields.field("initializerRequests", initializerRequests)
        try fields.field("defaultLifetimes", defaultLifetimes)
        try fields.field("locatorMethods", locatorMethods)
        try fields.field("locatorWrappers", locatorWrappers)
        try fields.field("provisionalLocatorCalls", provisionalLocatorCalls)
        try fields.field("wrappedProperties", wrappedProperties)
        try fields.field("untypedRegistrations", untypedRegistrations)
        fields.field("declaresTests", declaresTests)
        fields.field("importsSwinject", importsSwinject)
        fields.field("constructedAssemblies", constructedAssemblies)
        try fields.field("appliedAssemblies", appliedAssemblies)
        try fields.field("unrecognised", unrecognised)
        try fields.field("syntaxError", syntaxError)
        try fields.field("notAnalysed", notAnalysed)
        try fields.field("members", members)
        try fields.field("needle", needle)
        try fields.field("weaver", weaver)
        try fields.field("composition", composition)
        try fields.field("registeringFunctions", registeringFunctions)
        try fields.field("setupCalls", setupCalls)
        try fields.field("pendingRegistrations", pendingRegistrations)
        try fields.field("genericConstructions", genericConstructions)
    }
}

extension GenericConstructionFact: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        fields.field("type", type)
        try fields.field("arguments", arguments)
        try fields.field("location", location)
    }
}

extension GenericConstructionFact.Argument: BinaryWritable {
    public func write(to fields: inout BinaryFields) {
        fields.field("label", label)
        fields.field("type", type)
        fields.field("typeMember", typeMember)
        fields.field("implicitMember", implicitMember)
    }
}

extension RegisteringFunctionFact: BinaryWritable {
    public func write(to fields: inout BinaryFields) {
        fields.field("name", name)
        fields.field("scope", scope)
    }
}

extension SetupCallFact: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        fields.field("name", name)
        fields.field("isDesignTime", isDesignTime)
        try fields.field("location", location)
    }
}

extension FileSummary: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        fields.field("file", file)
        fields.field("declaresTests", declaresTests)
        try fields.field("suppressionComments", suppressionComments)
        try fields.field("coverage", coverage)
    }
}

extension MemberFacts: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        try fields.field("services", services)
        try fields.field("requests", requests)
        try fields.field("assignments", assignments)
        try fields.field("keys", keys)
        try fields.field("typeAliases", typeAliases)
        try fields.field("environmentRequirements", environmentRequirements)
        try fields.field("environmentConsumers", environmentConsumers)
    }
}

extension NeedleFacts: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        try fields.field("components", components)
        try fields.field("protocols", protocols)
    }
}

extension WeaverFacts: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        try fields.field("annotations", annotations)
        try fields.field("types", types)
        try fields.field("reads", reads)
    }
}

extension CompositionFacts: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        try fields.field("members", members)
        try fields.field("requests", requests)
        try fields.field("constructions", constructions)
        try fields.field("injectionRequirements", injectionRequirements)
        try fields.field("injectors", injectors)
        fields.field("registeringOwners", registeringOwners)
        try fields.field("injections", injections)
        fields.field("assignedNames", assignedNames)
    }
}

// The requests, registrations and calls a file has many of, and the enums inside them (whose
// cases synthesized `Codable` writes as a container keyed by the case's name).

extension ConditionalBranch: BinaryWritable {
    public func write(to fields: inout BinaryFields) {
        fields.field("block", block)
        fields.field("clause", clause)
    }
}

extension Requester: BinaryWritable {
    public func write(to fields: inout BinaryFields) {
        switch self {
        case .registration(let index): fields.nested("registration") { $0.field("_0", index) }
        case .type(let name): fields.nested("type") { $0.field("_0", name) }
        case .root: fields.nested("root") { _ in }
        case .service(let id): fields.nested("service") { $0.field("_0", id) }
        }
    }
}

extension RequestedType: BinaryWritable {
    public func write(to fields: inout BinaryFields) {
        switch self {
        case .named(let name): fields.nested("named") { $0.field("_0", name) }
        case .storedProperty(let owner, let property):
            fields.nested("storedProperty") {
                $0.field("owner", owner)
                $0.field("property", property)
            }
        }
    }
}

extension RequestFact: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        try fields.field("requester", requester)
        fields.field("registry", registry.rawValue)
        try fields.field("type", type)
        fields.field("name", name)
        fields.field("nameKind", nameKind.rawValue)
        fields.field("containerInstance", containerInstance)
        fields.field("argumentTypes", argumentTypes)
        fields.field("timing", timing.rawValue)
        fields.field("retained", retained)
        fields.field("via", via.rawValue)
        fields.field("optional", optional)
        try fields.field("location", location)
        try fields.field("conditions", conditions)
        fields.field("collects", collects)
        fields.field("isNeverRead", isNeverRead)
        fields.field("isDesignTime", isDesignTime)
        try fields.field("passedTo", passedTo)
    }
}

extension SharedAccessFact: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        try fields.field("requester", requester)
        fields.field("ownerType", ownerType)
        fields.field("member", member)
        fields.field("timing", timing.rawValue)
        fields.field("retained", retained)
        fields.field("via", via.rawValue)
        try fields.field("location", location)
        fields.field("isDesignTime", isDesignTime)
    }
}

extension RegistrationFact: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        fields.field("registry", registry.rawValue)
        fields.field("container", container)
        fields.field("serviceType", serviceType)
        fields.field("name", name)
        fields.field("nameKind", nameKind.rawValue)
        fields.field("containerInstance", containerInstance)
        fields.field("additionalInstances", additionalInstances)
        fields.field("scope", scope)
        fields.field("testRun", testRun)
        fields.field("assembly", assembly)
        fields.field("enclosingType", enclosingType)
        fields.field("forwardsTo", forwardsTo)
        fields.field("buildsOwnProduct", buildsOwnProduct)
        try fields.field("factoryParameterTypes", factoryParameterTypes)
        fields.field("argumentTypes", argumentTypes)
        fields.field("lifetime", lifetime.rawValue)
        fields.field("lifetimeDetail", lifetimeDetail)
        fields.field("lifetimeIsDefault", lifetimeIsDefault)
        fields.field("implementationTypes", implementationTypes)
        fields.field("forwardedTypes", forwardedTypes)
        fields.field("isPreferred", isPreferred)
        fields.field("isDesignTime", isDesignTime)
        try fields.field("location", location)
        try fields.field("conditions", conditions)
    }
}

extension LocatorCallShape: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        fields.field("name", name)
        try fields.field("labels", labels)
        try fields.field("metatypeArgument", metatypeArgument)
        fields.field("hasTrailingClosure", hasTrailingClosure)
        fields.field("scope", scope)
        fields.field("scopeParameter", scopeParameter)
        try fields.field("argumentScopes", argumentScopes)
        try fields.field("factoryArguments", factoryArguments)
    }
}

extension ArgumentScope: BinaryWritable {
    public func write(to fields: inout BinaryFields) {
        fields.field("label", label)
        fields.field("scope", scope)
    }
}

extension ProvisionalLocatorCallFact.Kind: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        switch self {
        case .registration(let index): fields.nested("registration") { $0.field("index", index) }
        case .request(let request): try fields.nested("request") { try $0.field("_0", request) }
        case .knownRegistration(let index): fields.nested("knownRegistration") { $0.field("index", index) }
        case .libraryShaped(let index): fields.nested("libraryShaped") { $0.field("index", index) }
        case .initializerArgument(let fact): try fields.nested("initializerArgument") { try $0.field("_0", fact) }
        case .untypedValue(let location): try fields.nested("untypedValue") { try $0.field("_0", location) }
        }
    }
}

extension ProvisionalLocatorCallFact: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        try fields.field("shape", shape)
        try fields.field("kind", kind)
        try fields.field("fallbackRequester", fallbackRequester)
        fields.field("isForceUnwrapped", isForceUnwrapped)
    }
}

extension ContainerParameterFact: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        fields.field("key", key)
        fields.field("owner", owner)
        fields.field("name", name)
        try fields.field("parameters", parameters)
        fields.field("index", index)
    }
}

extension ContainerArgumentFact: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        fields.field("ownerHint", ownerHint)
        fields.field("name", name)
        try fields.field("labels", labels)
        fields.field("argument", argument)
        fields.field("instance", instance)
    }
}

extension InitializerRequestFact.Parameters: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        switch self {
        case .argument(let index): fields.nested("argument") { $0.field("index", index) }
        case .all(let supplied): fields.nested("all") { $0.field("suppliedTypes", supplied) }
        }
    }
}

extension InitializerRequestFact.ArgumentStep: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        try fields.field("labels", labels)
        fields.field("index", index)
    }
}

extension InitializerRequestFact: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        fields.field("type", type)
        try fields.field("labels", labels)
        try fields.field("parameters", parameters)
        try fields.field("template", template)
        try fields.field("through", through)
        fields.field("wantsElements", wantsElements)
    }
}
