import DigraphCore
import DigraphSnapshot
import Testing

@Suite("Analysing snapshots alone")
struct SnapshotGraphTests {
    private func graph(_ json: String, configuration: Configuration = Configuration()) throws -> DependencyGraph {
        GraphMerger.graph(source: nil, snapshots: [try load(json)], configuration: configuration)
    }

    @Test func anEdgeToAnIDThatIsNoServiceIsAMissingRegistration() throws {
        let json = document(
            services: [
                #"{ "id": "Analytics", "type": "Analytics", "lifetime": "graph" }"#,
                #"{ "id": "Database#primary", "type": "Database", "name": "primary", "lifetime": "singleton" }"#,
            ],
            edges: [
                #"{ "from": "Analytics", "to": "Database#analytics", "type": "Database", "name": "analytics", "timing": "eager", "status": "missing", "site": { "file": "Sources/Analytics.swift", "line": 7, "column": 31 } }"#
            ])
        let findings = analyze(try graph(json)).rule("missing_registration")
        #expect(findings.count == 1)
        #expect(findings.first?.message == "no registration for `Database#analytics` (requested by `Analytics`); near miss: `Database#primary`")
        #expect(findings.first?.location == DigraphCore.SourceLocation(file: "Sources/Analytics.swift", line: 7, column: 31))
        #expect(findings.first?.services == ["Database#analytics", "Analytics"])
    }

    @Test func withoutASiteFindingsPointAtTheElementsLineInTheSnapshot() throws {
        let json = document(
            services: [
                #"{ "id": "Cart", "type": "Cart", "lifetime": "graph" }"#,
                #"{ "id": "Pricing", "type": "Pricing", "lifetime": "graph" }"#,
            ],
            edges: [
                #"{ "from": "Cart", "to": "Pricing", "timing": "eager" }"#,
                #"{ "from": "Pricing", "to": "Cart", "timing": "eager", "status": "cut" }"#,
            ])
        let cycle = try #require(analyze(try graph(json)).rule("dependency_cycle").first)
        #expect(cycle.path == ["Cart", "Pricing", "Cart"])
        #expect(cycle.location == DigraphCore.SourceLocation(file: "app.snapshot.json", line: 9, column: 5))
        #expect(cycle.notes.map { $0.location?.line } == [9, 10])
        let services = try graph(json).services
        #expect(services.allSatisfy { $0.style == "swinject" && $0.locations.first?.file == "app.snapshot.json" })
        #expect(try graph(json).edges.allSatisfy { $0.via == .snapshot })
    }

    @Test func deferredEdgesDoNotMakeCycles() throws {
        let json = document(
            services: [
                #"{ "id": "Parent", "type": "Parent", "lifetime": "graph" }"#,
                #"{ "id": "Child", "type": "Child", "lifetime": "graph" }"#,
            ],
            edges: [
                #"{ "from": "Parent", "to": "Child", "timing": "deferred" }"#,
                #"{ "from": "Child", "to": "Parent", "timing": "eager" }"#,
            ])
        #expect(analyze(try graph(json)).rule("dependency_cycle").isEmpty)
    }

    @Test func scopeMismatchesAndConfiguredLifetimes() throws {
        let json = document(
            services: [
                #"{ "id": "Reporter", "type": "Reporter", "lifetime": "singleton", "lifetimeDetail": "container" }"#,
                #"{ "id": "UserSession", "type": "UserSession", "lifetime": "unknown", "lifetimeDetail": "userScope" }"#,
            ],
            edges: [#"{ "from": "Reporter", "to": "UserSession", "timing": "eager" }"#])
        #expect(analyze(try graph(json)).rule("scope_mismatch").isEmpty)
        var configuration = Configuration()
        configuration.lifetimes = ["userScope": .scoped]
        let findings = analyze(try graph(json, configuration: configuration)).rule("scope_mismatch")
        #expect(findings.map(\.severity) == [.error])
        #expect(findings.first?.services == ["Reporter", "UserSession"])
    }

    @Test func snapshotDiagnosticsArePassedOnAsNotes() throws {
        let json = document(
            services: [#"{ "id": "ProductViewModel(String)", "type": "ProductViewModel", "arguments": ["String"], "lifetime": "graph", "site": { "file": "VM.swift", "line": 4 } }"#],
            extra: #"""

              "diagnostics": [
                { "level": "warning", "code": "probe_skipped", "service": "ProductViewModel(String)", "message": "factory not run" },
                { "level": "error", "message": "the container changed while it was read" }
              ],
            """#)
        let notes = analyze(try graph(json)).rule("unanalyzable_registration")
        #expect(notes.map(\.severity) == [.note, .note])
        #expect(notes.map(\.message).sorted() == [
            "test: factory not run [probe_skipped]", "test: the container changed while it was read",
        ])
        #expect(notes.contains { $0.location == DigraphCore.SourceLocation(file: "VM.swift", line: 4, column: 1) })
        #expect(notes.contains { $0.location.file == "app.snapshot.json" && $0.location.line == 6 })
    }

    @Test func requestsAreSatisfiedByTheContainerOrItsAncestorsOnly() throws {
        let json = document(
            services: [
                #"{ "id": "Logger", "type": "Logger", "lifetime": "singleton", "container": "app" }"#,
                #"{ "id": "Cart", "type": "Cart", "lifetime": "graph", "container": "checkout" }"#,
                #"{ "id": "Profile", "type": "Profile", "lifetime": "graph", "container": "app" }"#,
            ],
            edges: [
                #"{ "from": "Cart", "to": "Logger", "timing": "eager" }"#,
                #"{ "from": "Profile", "to": "Cart", "timing": "eager" }"#,
            ],
            extra: #"\#n  "containers": [{ "id": "app" }, { "id": "checkout", "parent": "app" }],"#)
        let g = try graph(json)
        #expect(g.edges.first { $0.from == "Cart" }?.missing == false)
        #expect(g.edges.first { $0.from == "Profile" }?.missing == true)
        let missing = analyze(g).rule("missing_registration")
        #expect(missing.map(\.services) == [["Cart", "Profile"]])
    }

    @Test func aliasesForwardToTheirServiceAndOptionalRequestsAreNotes() throws {
        let json = document(
            services: [
                #"{ "id": "Database", "type": "Database", "lifetime": "singleton" }"#,
                #"{ "id": "Storing", "type": "Storing", "lifetime": "singleton", "origin": "alias", "aliasOf": "Database" }"#,
                #"{ "id": "Repository", "type": "Repository", "lifetime": "transient" }"#,
            ],
            edges: [
                #"{ "from": "Repository", "to": "Storing", "timing": "eager" }"#,
                #"{ "from": "Repository", "to": "Cache", "timing": "eager", "kind": "optional_resolve" }"#,
                #"{ "from": "(root)", "to": "Repository", "timing": "eager" }"#,
                #"{ "from": "LoginViewModel", "to": "Repository", "timing": "deferred" }"#,
            ])
        let g = try graph(json)
        #expect(g.services.map(\.id) == ["Database", "LoginViewModel", "Repository"])
        #expect(g.forwardedTypes["Storing"] == ["Database"])
        #expect(g.edges.contains { $0.from == "Repository" && $0.to == "Database" && !$0.missing })
        #expect(g.rootRequests.map(\.to) == ["Repository"])
        #expect(g.service("LoginViewModel")?.style == "initializer")
        let findings = analyze(g)
        #expect(findings.rule("missing_registration").map(\.severity) == [.note])
        #expect(findings.rule("unused_registration").isEmpty)
    }

    @Test func frameworksGiveTheStyle() throws {
        for (framework, style) in [("Swinject", "swinject"), ("ServiceLocator", "service-locator"), ("Factory", "snapshot")] {
            let g = try graph(document(services: [LoaderTests.logger], framework: framework))
            #expect(g.services.first?.style == style)
            #expect(g.services.first?.isRegistration == true)
        }
    }
}
