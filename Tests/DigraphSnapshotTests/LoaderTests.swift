import DigraphCore
import DigraphSnapshot
import Foundation
import Testing

@Suite("Reading snapshots")
struct LoaderTests {
    static let logger = #"{ "id": "Logger", "type": "Logger", "lifetime": "singleton" }"#

    @Test func readsAValidDocument() throws {
        let doc = try load(
            document(
                services: [
                    Self.logger,
                    #"{ "id": "Cache", "type": "Cache", "lifetime": "weak", "lifetimeDetail": "weak", "implementation": ["MemoryCache"], "site": { "file": "Sources/App.swift", "line": 12, "column": 9 } }"#,
                ],
                edges: [#"{ "from": "Cache", "to": "Logger", "timing": "eager", "kind": "resolve", "status": "resolved", "count": 2 }"#],
                extra: "\n  \"capturedAt\": \"2025-01-01T00:00:00Z\","))
        #expect(doc.path == "app.snapshot.json")
        #expect(doc.generator.framework == "Swinject" && doc.generator.source == .runtimeProbe)
        #expect(doc.capturedAt == "2025-01-01T00:00:00Z")
        #expect(doc.services.map(\.id) == ["Logger", "Cache"])
        #expect(doc.services[0].location == DigraphCore.SourceLocation(file: "app.snapshot.json", line: 6, column: 5))
        #expect(doc.services[1].lifetime == .weak && doc.services[1].implementation == ["MemoryCache"])
        #expect(doc.services[1].primaryLocation == DigraphCore.SourceLocation(file: "Sources/App.swift", line: 12, column: 9))
        #expect(doc.edges[0].timing == .eager && doc.edges[0].count == 2)
        #expect(doc.edges[0].location.line == 10)
    }

    @Test func ignoresUnknownFields() throws {
        let doc = try load(
            """
            { "schema": "digraph-snapshot/1", "future": [1, {"x": null}],
              "generator": { "name": "g", "framework": "custom", "source": "static", "host": "ci-7" },
              "services": [ { "id": "A", "type": "A", "lifetime": "graph", "tags": ["x"] } ],
              "edges": [ { "from": "A", "to": "B", "timing": "deferred", "weight": 3.5 } ] }
            """)
        #expect(doc.services.count == 1 && doc.edges.count == 1)
    }

    @Test func relativeSitesAreReadAgainstTheSnapshotsFolderAndAbsoluteOnesAgainstTheWorkingDirectory() throws {
        let json = document(services: [
            #"{ "id": "A", "type": "A", "lifetime": "graph", "site": { "file": "Sources/A.swift", "line": 3 } }"#,
            #"{ "id": "B", "type": "B", "lifetime": "graph", "site": { "file": "/work/app/Sources/B.swift", "line": 4, "column": 2 } }"#,
            #"{ "id": "C", "type": "C", "lifetime": "graph", "site": { "file": "../Shared/C.swift", "line": 5 } }"#,
            #"{ "id": "D", "type": "D", "lifetime": "graph", "site": { "function": "f()" } }"#,
        ])
        let doc = try load(json, path: "app/snapshots/app.snapshot.json")
        #expect(doc.services.map(\.primaryLocation.description) == [
            "app/snapshots/Sources/A.swift:3:1", "app/Sources/B.swift:4:2", "app/Shared/C.swift:5:1",
            "app/snapshots/app.snapshot.json:8:5",
        ])
    }

    // MARK: - Malformed input: one line, the file, the position, the JSON path

    @Test func aValueOutsideItsEnumerationNamesTheJSONPath() {
        let json = document(services: [
            Self.logger, #"{ "id": "B", "type": "B", "lifetime": "graph" }"#,
            #"{ "id": "C", "type": "C", "lifetime": "graph" }"#,
            #"{ "id": "D", "type": "D", "lifetime": "forever" }"#,
        ])
        #expect(
            failure(json)
                == #"app.snapshot.json:8:43: services[3].lifetime: "forever" is not one of singleton, scoped, weak, graph, transient, unknown"#
        )
    }

    @Test(arguments: [
        ("{\n  \"schema\": \"digraph-snapshot/1\",\n  \"services\": [", "app.snapshot.json:3:16: unexpected end of JSON input"),
        ("", "app.snapshot.json:1:1: empty file: expected a JSON object"),
        ("   \n", "app.snapshot.json:2:1: unexpected end of JSON input"),
        ("services:\n  - id: Logger", "app.snapshot.json:1:1: unexpected character 's'; expected a JSON value"),
        ("nothing", "app.snapshot.json:1:1: unexpected 'nothing'; expected a JSON value"),
        ("{\"schema\": \"digraph-snapshot/1\",}", "app.snapshot.json:1:33: unexpected character '}'; expected a string key"),
        ("{\"schema\" \"x\"}", "app.snapshot.json:1:11: unexpected character '\"'; expected ':' after the key \"schema\""),
        ("{\"a\": [1 2]}", "app.snapshot.json:1:10: unexpected character '2'; expected ',' or ']' in an array"),
        ("{\"a\": tru}", "app.snapshot.json:1:7: unexpected 'tru'; expected a JSON value"),
        ("{\"a\": fals", "app.snapshot.json:1:11: unexpected end of JSON input"),
        ("{\"a\": 01}", "app.snapshot.json:1:8: unexpected character '1'; expected ',' or '}' in an object"),
        ("{\"a\": \"x\\q\"}", "app.snapshot.json:1:9: invalid escape '\\q' in a string"),
        ("{\"a\": \"line\nbreak\"}", "app.snapshot.json:1:12: unescaped control character in a string"),
        ("{\"a\": 1, \"a\": 2}", "app.snapshot.json:1:10: duplicate key \"a\""),
        ("{} {}", "app.snapshot.json:1:4: unexpected character '{' after the JSON document"),
        ("[]", "app.snapshot.json:1:1: expected a JSON object at the top level, found an array"),
    ])
    func syntaxErrorsGiveLineAndColumn(json: String, expected: String) {
        #expect(failure(json) == expected)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let json = String(repeating: "[", count: 100_000)
        #expect(failure(json) == "app.snapshot.json:1:257: nesting deeper than 256 levels")
    }

    @Test func invalidUTF8IsAnError() {
        var bytes = Array(#"{"schema": "digraph-snapshot/1", "x": ""#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#""}"#.utf8)
        do {
            _ = try SnapshotLoader.parse(bytes, displayPath: "bad.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "bad.json:1:39: a string is not valid UTF-8")
        }
    }

    @Test func anUnknownSchemaVersionSaysWhichAreSupported() {
        let json = document(services: []).replacingOccurrences(of: "digraph-snapshot/1", with: "digraph-snapshot/2")
        #expect(
            failure(json)
                == #"app.snapshot.json:2:13: schema: "digraph-snapshot/2" is not supported; this digraph reads "digraph-snapshot/1""#)
        #expect(
            failure(#"{ "generator": {}, "services": [], "edges": [] }"#)
                == #"app.snapshot.json:1:1: missing required field "schema" (this digraph reads "digraph-snapshot/1")"#)
    }

    @Test(arguments: [
        (#"{ "schema": "digraph-snapshot/1", "services": [], "edges": [] }"#,
         #"app.snapshot.json:1:1: missing required field "generator""#),
        (#"{ "schema": "digraph-snapshot/1", "generator": { "name": "g", "framework": "f", "source": "static" }, "edges": [] }"#,
         #"app.snapshot.json:1:1: missing required field "services""#),
        (#"{ "schema": "digraph-snapshot/1", "generator": { "name": "g", "framework": "f" }, "services": [], "edges": [] }"#,
         #"app.snapshot.json:1:48: generator: missing required field "source""#),
        (#"{ "schema": "digraph-snapshot/1", "generator": { "name": "g", "framework": "f", "source": "live" }, "services": [], "edges": [] }"#,
         #"app.snapshot.json:1:91: generator.source: "live" is not one of runtime-probe, runtime-registrations, static"#),
        (#"{ "schema": "digraph-snapshot/1", "generator": { "name": "", "framework": "f", "source": "static" }, "services": [], "edges": [] }"#,
         #"app.snapshot.json:1:58: generator.name: must not be empty"#),
        (#"{ "schema": 1, "generator": {}, "services": [], "edges": [] }"#,
         #"app.snapshot.json:1:13: schema: expected a string, found an integer"#),
    ])
    func topLevelProblemsNameTheField(json: String, expected: String) {
        #expect(failure(json) == expected)
    }

    @Test(arguments: [
        (#"{ "id": "A", "type": "A" }"#, #"app.snapshot.json:5:5: services[0]: missing required field "lifetime""#),
        (#"{ "id": "", "type": "A", "lifetime": "graph" }"#, #"app.snapshot.json:5:13: services[0].id: must not be empty"#),
        (#"{ "id": "A", "type": "A", "lifetime": "graph", "arguments": ["String", 3] }"#,
         #"app.snapshot.json:5:76: services[0].arguments[1]: expected a string, found an integer"#),
        (#"{ "id": "A", "type": "A", "lifetime": "graph", "implementation": "AImpl" }"#,
         #"app.snapshot.json:5:70: services[0].implementation: expected an array, found a string"#),
        (#"{ "id": "A", "type": "A", "lifetime": "graph", "site": { "file": "A.swift", "line": 0 } }"#,
         #"app.snapshot.json:5:89: services[0].site.line: must be at least 1, found 0"#),
        (#"{ "id": "A", "type": "A", "lifetime": "graph", "site": { "line": 2.5 } }"#,
         #"app.snapshot.json:5:70: services[0].site.line: expected an integer, found a number"#),
        (#"{ "id": "A", "type": "A", "lifetime": "graph", "probe": { "status": "exploded" } }"#,
         #"app.snapshot.json:5:73: services[0].probe.status: "exploded" is not one of ok, nil, skipped, crashed, cut"#),
        (#"{ "id": "A", "type": "A", "lifetime": "graph", "origin": "magic" }"#,
         #"app.snapshot.json:5:62: services[0].origin: "magic" is not one of factory, instance, alias, key"#),
        (#"{ "id": "A", "type": "A", "lifetime": "graph", "aliasOf": "Z" }"#,
         #"app.snapshot.json:5:63: services[0].aliasOf: "Z" is not a service id in this snapshot"#),
        (#"{ "id": "A", "type": "A", "lifetime": null }"#,
         #"app.snapshot.json:5:43: services[0].lifetime: expected a string, found null"#),
        (#""A""#, #"app.snapshot.json:5:5: services[0]: expected an object, found a string"#),
    ])
    func serviceProblemsNameTheJSONPath(service: String, expected: String) {
        #expect(failure(document(services: [service])) == expected)
    }

    @Test(arguments: [
        (#"{ "from": "A", "to": "B" }"#, #"app.snapshot.json:8:5: edges[0]: missing required field "timing""#),
        (#"{ "from": "A", "to": "B", "timing": "later" }"#,
         #"app.snapshot.json:8:41: edges[0].timing: "later" is not one of eager, deferred"#),
        (#"{ "from": "A", "to": "B", "timing": "eager", "count": 0 }"#,
         #"app.snapshot.json:8:59: edges[0].count: must be at least 1, found 0"#),
        (#"{ "from": "A", "to": "B", "timing": "eager", "status": "lost" }"#,
         #"app.snapshot.json:8:60: edges[0].status: "lost" is not one of resolved, missing, nil, cut, aborted"#),
        (#"{ "from": "A", "to": "", "timing": "eager" }"#, #"app.snapshot.json:8:26: edges[0].to: must not be empty"#),
    ])
    func edgeProblemsNameTheJSONPath(edge: String, expected: String) {
        #expect(failure(document(services: [Self.logger], edges: [edge])) == expected)
    }

    @Test func duplicateServiceIDsPointAtTheSecond() {
        let json = document(services: [Self.logger, #"{ "id": "B", "type": "B", "lifetime": "graph" }"#, Self.logger])
        #expect(
            failure(json) == #"app.snapshot.json:7:13: services[2].id: duplicate service id "Logger" (first at services[0])"#)
    }

    @Test func containersAreChecked() {
        let extra = { (containers: String) in "\n  \"containers\": \(containers)," }
        #expect(
            failure(document(services: [], extra: extra(#"[{ "id": "app" }, { "id": "app" }]"#)))
                == #"app.snapshot.json:4:43: containers[1].id: duplicate container id "app" (first at containers[0])"#)
        #expect(
            failure(document(services: [], extra: extra(#"[{ "id": "app", "parent": "root" }]"#)))
                == #"app.snapshot.json:4:43: containers[0].parent: "root" is not a container id in this snapshot"#)
        #expect(
            failure(document(services: [], extra: extra(#"[{ "id": "a", "parent": "b" }, { "id": "b", "parent": "a" }]"#)))
                == #"app.snapshot.json:4:41: containers[0].parent: the parent chain of "a" loops back to "a""#)
        #expect(
            failure(
                document(
                    services: [#"{ "id": "A", "type": "A", "lifetime": "graph", "container": "feature" }"#],
                    extra: extra(#"[{ "id": "app" }]"#)))
                == #"app.snapshot.json:6:65: services[0].container: "feature" is not a container id in this snapshot"#)
    }

    @Test func fileProblems() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-snap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: SnapshotError(file: "nope.json", message: "no such file")) {
            try SnapshotLoader.load(contentsOf: directory.appendingPathComponent("nope.json"), displayPath: "nope.json")
        }
        #expect(throws: SnapshotError(file: "dir", message: "is a directory, not a snapshot file")) {
            try SnapshotLoader.load(contentsOf: directory, displayPath: "dir")
        }
        let truncated = directory.appendingPathComponent("cut.json")
        try Data(document(services: [Self.logger]).utf8.prefix(120)).write(to: truncated)
        #expect(throws: SnapshotError(file: "cut.json", line: 3, column: 85, message: "unexpected end of JSON input")) {
            try SnapshotLoader.load(contentsOf: truncated, displayPath: "cut.json")
        }
    }
}
