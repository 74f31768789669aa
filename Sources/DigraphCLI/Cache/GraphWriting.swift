import DigraphCache
import DigraphCore

// The parts of a program's graph there are many of, written field by field into its cache entry
// (see ``BinaryWritable``): the same bytes as their synthesized `Codable` conformances, which
// `GraphWritingTests` compares.

extension Service: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        fields.field("id", id)
        fields.field("type", type)
        fields.field("name", name)
        fields.field("arguments", arguments)
        fields.field("lifetime", lifetime.rawValue)
        fields.field("lifetimeDetail", lifetimeDetail)
        fields.field("implementation", implementation)
        fields.field("style", style)
        fields.field("container", container)
        try fields.field("locations", locations)
        fields.field("program", program)
        fields.field("holdsNoMutableState", holdsNoMutableState)
        fields.field("buildsOwnProduct", buildsOwnProduct)
    }
}

extension Edge: BinaryWritable {
    public func write(to fields: inout BinaryFields) throws {
        fields.field("from", from)
        fields.field("to", to)
        fields.field("timing", timing.rawValue)
        fields.field("via", via.rawValue)
        fields.field("optional", optional)
        fields.field("retained", retained)
        fields.field("missing", missing)
        try fields.field("location", location)
        try fields.field("request", request)
        fields.field("program", program)
        fields.field("fromLifetime", fromLifetime?.rawValue)
        fields.field("toLifetime", toLifetime?.rawValue)
        fields.field("missingReason", missingReason)
        try fields.field("testRuns", testRuns)
        try fields.field("alsoAt", alsoAt)
        try fields.field("openedBy", openedBy)
        fields.field("isNeverRead", isNeverRead)
        fields.field("isDesignTime", isDesignTime)
        fields.field("unappliedAssembly", unappliedAssembly)
    }
}
