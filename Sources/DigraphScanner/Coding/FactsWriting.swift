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
        try fields.field("inheritedTypes", inheritedTypes)
        try fields.field("storedProperties", storedProperties)
        try fields.field("sharedMembers", sharedMembers)
        fields.field("holdsWeakValueCache", holdsWeakValueCache)
        try fields.field("initializers", initializers)
        try fields.field("location", location)
        try fields.field("genericParameters", genericParameters)
        fields.field("isFilePrivate", isFilePrivate)
    }
}

extension PropertyFact: BinaryWritable {
    public func write(to fields: inout BinaryFields) {
        fields.field("name", name)
        fields.field("type", type)
        fields.field("isStatic", isStatic)
    }
}

extension SharedMember: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        fields.field("name", name)
        try fields.field("location", location)
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
        try fields.field("constructedAssemblies", constructedAssemblies)
        try fields.field("unrecognised", unrecognised)
        try fields.field("syntaxError", syntaxError)
        try fields.field("notAnalysed", notAnalysed)
        try fields.field("members", members)
        try fields.field("needle", needle)
        try fields.field("weaver", weaver)
        try fields.field("composition", composition)
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
        try fields.field("registeringOwners", registeringOwners)
        try fields.field("injections", injections)
        try fields.field("assignedNames", assignedNames)
    }
}
