import DigraphRecorder
import DigraphSnapshot
import Foundation
import JSONSchemaCheck
import Testing

/// The recorder writes JSON by hand (it links nothing, not even Foundation's encoder): every
/// string must come back as it went in, and the document must be valid `digraph-snapshot/1`.
@Suite("Recorder JSON writer")
struct RecorderJSONTests {
    /// Quotes, backslashes, line breaks, tabs, other control characters, `/`, non-ASCII, an emoji.
    static let awkward = "say \"hi\" \\ back\\slash\nnew line\r\ttab \u{01}\u{1F} /slash é 🛒 \u{2028}"

    static var snapshot: Snapshot {
        Snapshot(
            generator: .init(name: "Rec \"1\"", version: "1.0\n", framework: awkward, source: .runtimeProbe),
            containers: [.init(id: "main", label: awkward)],
            services: [
                .init(
                    id: "Database#\(awkward)", type: "Database", name: awkward, lifetime: .singleton,
                    lifetimeDetail: awkward, implementation: ["SQL\\Database"], origin: .factory, container: "main",
                    site: .init(file: "Sources/\"odd\"\\dir/A b.swift", line: 3, column: 5, function: awkward)),
                .init(id: "Feed", type: "Feed", lifetime: .transient),
            ],
            edges: [
                .init(
                    from: "Feed", to: "Database#\(awkward)", type: "Database", name: awkward, timing: .eager,
                    kind: .resolve, status: .resolved, count: 2)
            ],
            diagnostics: [.init(level: .warning, code: "duplicate_registration", service: "Feed", message: awkward)])
    }

    @Test func stringsRoundTripThroughAnyJSONParser() throws {
        let text = Self.snapshot.jsonString()
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let generator = try #require(doc["generator"] as? [String: Any])
        #expect(generator["name"] as? String == "Rec \"1\"")
        #expect(generator["version"] as? String == "1.0\n")
        #expect(generator["framework"] as? String == Self.awkward)
        let services = try #require(doc["services"] as? [[String: Any]])
        #expect(services.first?["id"] as? String == "Database#\(Self.awkward)")
        #expect(services.first?["name"] as? String == Self.awkward)
        #expect(services.first?["lifetimeDetail"] as? String == Self.awkward)
        #expect(services.first?["implementation"] as? [String] == ["SQL\\Database"])
        let site = try #require(services.first?["site"] as? [String: Any])
        #expect(site["file"] as? String == "Sources/\"odd\"\\dir/A b.swift")
        #expect(site["function"] as? String == Self.awkward)
        let edge = try #require((doc["edges"] as? [[String: Any]])?.first)
        #expect(edge["to"] as? String == "Database#\(Self.awkward)" && edge["name"] as? String == Self.awkward)
        #expect(edge["count"] as? Int == 2)
        #expect(((doc["diagnostics"] as? [[String: Any]])?.first)?["message"] as? String == Self.awkward)
        // Control characters are escaped, never written raw.
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(text.contains(#"\u0001\u001f"#) && text.contains(#"\r\ttab"#))
    }

    @Test func isValidAgainstTheSnapshotSchemaAndDigraphReadsItBack() throws {
        let text = Self.snapshot.jsonString()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let schema = try JSONSchema(contentsOf: root.appendingPathComponent("docs/schemas/snapshot.schema.json"))
        #expect(try schema.validate(data: Data(text.utf8)) == [])
        let document = try SnapshotLoader.parse(Array(text.utf8), displayPath: "rec.json", currentDirectory: "/")
        #expect(document.generator.framework == Self.awkward)
        #expect(document.services.map(\.id) == ["Database#\(Self.awkward)", "Feed"])
        #expect(document.services.first?.lifetimeDetail == Self.awkward)
        #expect(document.edges.first?.to == "Database#\(Self.awkward)")
    }
}
