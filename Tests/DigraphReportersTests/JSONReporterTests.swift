import DigraphCore
import DigraphReporters
import Foundation
import JSONSchemaCheck
import Testing

@Suite struct JSONReporterTests {
    let rendered = JSONReporter().render(Sample.analysis, context: Sample.context())

    func document() throws -> [String: Any] { try #require(try parseJSON(rendered) as? [String: Any]) }

    @Test func validatesAgainstTheProjectsReportSchema() throws {
        let schema = try Repository.schema(Repository.reportSchemaPath)
        let violations = schema.validate(try parseJSON(rendered))
        #expect(violations.isEmpty, "\(violations)")
    }

    /// The contract lives beside a developer's checkout, not in every clone: a skip says so.
    @Test(.enabled(
        if: FileManager.default.fileExists(atPath: Repository.sharedReportSchema.path),
        "../shared/spec/report.schema.json is not beside this checkout"))
    func validatesAgainstTheSharedContract() throws {
        let schema = try JSONSchema(contentsOf: Repository.sharedReportSchema)
        #expect(schema.validate(try parseJSON(rendered)).isEmpty)
    }

    @Test func anEmptyAnalysisValidatesToo() throws {
        let empty = Analysis(graph: DependencyGraph(services: [], edges: []), diagnostics: [])
        let out = JSONReporter().render(empty, context: ReportContext())
        let schema = try Repository.schema(Repository.reportSchemaPath)
        #expect(schema.validate(try parseJSON(out)).isEmpty)
    }

    /// A project description read in part says what was skipped, at its position (a Tuist helper
    /// that could not be followed).
    @Test func descriptionNotesSayWhatDiscoveryDidNotFollow() throws {
        var context = Sample.context()
        context.programNotes = [
            ProgramNote(
                message: "project not followed: '.featureModule(...)' is no helper digraph finds and not 'Project(...)'",
                location: SourceLocation(file: "Projects/Settings/Project.swift", line: 4, column: 15))
        ]
        let out = JSONReporter().render(Sample.analysis, context: context)
        let notes = try #require((try parseJSON(out) as? [String: Any])?["descriptionNotes"] as? [[String: Any]])
        #expect(notes.count == 1)
        #expect((notes[0]["location"] as? [String: Any])?["file"] as? String == "Projects/Settings/Project.swift")
        #expect(try Repository.schema(Repository.reportSchemaPath).validate(try parseJSON(out)).isEmpty)
        // Without notes the property is left out.
        #expect(!rendered.contains("descriptionNotes"))
    }

    @Test func isByteIdenticalAcrossRenders() {
        let again = JSONReporter().render(Sample.analysis, context: Sample.context())
        #expect(Array(rendered.utf8) == Array(again.utf8))
    }

    @Test func isPrettySortedUnescapedAndEndsWithNewline() {
        #expect(rendered.hasPrefix("{\n"))
        #expect(rendered.hasSuffix("}\n"))
        #expect(rendered.contains("\"Sources/App/AppAssembly.swift\""))
        #expect(!rendered.contains("\\/"))
        let topKeys = rendered.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(topKeys == ["diagnostics", "edges", "inputs", "schema", "services", "summary", "tool"])
    }

    @Test func headerAndSummary() throws {
        let doc = try document()
        #expect(doc["schema"] as? String == "digraph-report/1")
        let tool = try #require(doc["tool"] as? [String: Any])
        #expect(tool["name"] as? String == ToolInfo.name)
        #expect(tool["version"] as? String == ToolInfo.version)
        let inputs = try #require(doc["inputs"] as? [[String: Any]])
        #expect(inputs.count == 1)
        #expect(inputs.first?["kind"] as? String == "source")
        #expect(inputs.first?["path"] as? String == "Sources")
        #expect(inputs.first?["files"] as? Int == 3)
        let summary = try #require(doc["summary"] as? [String: Int])
        #expect(summary == ["files": 3, "services": 4, "edges": 4, "errors": 1, "warnings": 1, "notes": 1, "suppressed": 1])
    }

    @Test func servicesInGraphOrderWithFanInAndFanOut() throws {
        let services = try #require(try document()["services"] as? [[String: Any]])
        #expect(services.compactMap { $0["id"] as? String } == ["APIClient", "Database#primary", "ImageCache(Int)", "ProfileViewModel"])
        let byID = Dictionary(uniqueKeysWithValues: services.map { ($0["id"] as! String, $0) })
        #expect(byID["APIClient"]?["fanIn"] as? Int == 2)
        #expect(byID["APIClient"]?["fanOut"] as? Int == 1)
        #expect(byID["ProfileViewModel"]?["fanIn"] as? Int == 0)  // the root request is not a service edge
        // `Analytics` is missing: an unsatisfied request is an edge but not a service depended on.
        #expect(byID["ProfileViewModel"]?["fanOut"] as? Int == 1)
        let api = try #require(byID["APIClient"])
        #expect(api["lifetime"] as? String == "singleton")
        #expect(api["lifetimeDetail"] as? String == "container")
        #expect(api["implementation"] as? [String] == ["URLSessionAPIClient"])
        #expect(api["container"] as? String == "container")
        #expect(api["name"] == nil)
        #expect(api["arguments"] == nil)
        #expect(byID["Database#primary"]?["name"] as? String == "primary")
        #expect(byID["ImageCache(Int)"]?["arguments"] as? [String] == ["Int"])
        let location = try #require((api["locations"] as? [[String: Any]])?.first)
        #expect(location["file"] as? String == Sample.assembly)
        #expect(location["line"] as? Int == 8)
        #expect(location["column"] as? Int == 9)
    }

    @Test func edgesLeaveOutRootRequestsInternalsAndFalseFlags() throws {
        let edges = try #require(try document()["edges"] as? [[String: Any]])
        #expect(edges.map { "\($0["from"]!)->\($0["to"]!)" } == [
            "APIClient->Database#primary", "Database#primary->APIClient", "ProfileViewModel->APIClient",
            "ProfileViewModel->Analytics",
        ])
        for edge in edges {
            #expect(edge["retained"] == nil)
            #expect(edge["request"] == nil)
            #expect(edge["location"] != nil)
        }
        #expect(edges.filter { $0["missing"] != nil }.count == 1)
        #expect(edges.filter { $0["optional"] != nil }.count == 1)
        let missing = try #require(edges.last)
        #expect(missing["missing"] as? Bool == true)
        #expect(missing["optional"] as? Bool == true)
        #expect(missing["timing"] as? String == "deferred")
        #expect(missing["via"] as? String == "property_wrapper")
    }

    @Test func diagnosticsInAnalysisOrderWithEveryField() throws {
        let diagnostics = try #require(try document()["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.compactMap { $0["rule"] as? String } == Sample.analysis.diagnostics.map(\.rule))
        let cycle = try #require(diagnostics.first)
        #expect(cycle["severity"] as? String == "error")
        #expect(cycle["path"] as? [String] == ["APIClient", "Database#primary", "APIClient"])
        #expect(cycle["services"] as? [String] == ["APIClient", "Database#primary"])
        #expect(cycle["fingerprint"] as? String == Fingerprint.make(rule: "dependency_cycle", services: ["APIClient", "Database#primary"]))
        #expect(cycle["suppressed"] == nil)
        let notes = try #require(cycle["notes"] as? [[String: Any]])
        #expect(notes.count == 3)
        #expect(notes[2]["location"] == nil)
        #expect((notes[1]["location"] as? [String: Any])?["line"] as? Int == 13)
        let mismatch = try #require(diagnostics.first { $0["rule"] as? String == "scope_mismatch" })
        #expect(mismatch["notes"] == nil)
        #expect(mismatch["path"] == nil)
        let unused = try #require(diagnostics.first { $0["rule"] as? String == "unused_registration" })
        #expect(unused["suppressed"] as? Bool == true)
    }
}
