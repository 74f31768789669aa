@testable import DigraphCache
@testable import DigraphCLI
import DigraphCore
import Testing

/// A program's graph is kept with services and edges written field by field: the bytes must be
/// those `Codable` writes, since the entry is read back through `Codable`.
@Suite struct GraphWritingTests {
    static let location = SourceLocation(file: "App/Feed.swift", line: 3, column: 9)

    /// Every field set: a field added to a type and not to its writer changes the bytes here.
    static var samples: [any BinaryWritable] {
        let service = Service(
            id: "Feed#main", type: "Feed", name: "main", arguments: ["Int"], lifetime: .singleton,
            lifetimeDetail: "container", implementation: ["LiveFeed"], style: "swinject", container: "app",
            locations: [location])
        var withProgram = service
        withProgram.program = "App"
        var edge = Edge(
            from: "Screen", to: "Feed#main", timing: .deferred, via: .resolve, optional: true, retained: false, missing: true,
            location: location,
            request: RequestDetail(type: "Feed", name: "main", argumentTypes: ["Int"], registry: .swinject))
        edge.program = "App"
        edge.fromLifetime = .transient
        edge.toLifetime = .singleton
        edge.missingReason = "registered in another program"
        edge.testRuns = []
        edge.alsoAt = [location]
        return [service, withProgram, edge, Edge(from: "(root)", to: "Logger", timing: .eager, via: .sharedAccess)]
    }

    @Test func writtenAsCodableWritesThem() throws {
        for sample in Self.samples {
            #expect(try BinaryCoding.encode(sample, usingWritables: true) == BinaryCoding.encode(sample, usingWritables: false))
        }
    }

    @Test func eachWriterWritesEveryStoredPropertyInOrder() throws {
        for value in Self.samples {
            let properties = Mirror(reflecting: value).children.compactMap(\.label)
            #expect(try BinaryCoding.fieldNames(of: value) == properties, "\(type(of: value))")
        }
    }
}
