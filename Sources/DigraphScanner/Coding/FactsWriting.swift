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
