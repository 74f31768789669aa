import DigraphCore
import DigraphReporters
import Foundation
import Testing

/// With several programs, every format names the program of each finding; with one, none does.
@Suite struct ProgramLabelTests {
    static var analysis: Analysis {
        var analysis = Sample.analysis
        analysis.diagnostics = analysis.diagnostics.map { d in
            var d = d
            d.program = "Widget"
            return d
        }
        analysis.programs = [
            Program(name: "App", kind: .app, source: "project.pbxproj", files: [Sample.assembly]),
            Program(name: "Widget", kind: .extension, source: "project.pbxproj", files: [Sample.view]),
        ]
        return analysis
    }

    @Test func textAndXcodeShowTheProgram() {
        let text = TextReporter().render(Self.analysis, context: Sample.context())
        let first = text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("\(Sample.assembly):9:17: [Widget] "))
        let xcode = XcodeReporter().render(Self.analysis, context: Sample.context())
        let shown = Self.analysis.diagnostics.filter { $0.suppressed != true }
        #expect(!shown.isEmpty)
        #expect(xcode.split(separator: "\n").filter { $0.hasSuffix("] [Widget]") }.count == shown.count)
        let plain = XcodeReporter().render(Sample.analysis, context: Sample.context())
        #expect(!plain.contains("[Widget]"))
    }

    @Test func jsonAndSARIFCarryTheProgram() throws {
        let json = try #require(try parseJSON(JSONReporter().render(Self.analysis, context: Sample.context())) as? [String: Any])
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.allSatisfy { $0["program"] as? String == "Widget" })
        let programs = try #require(json["programs"] as? [[String: Any]])
        #expect(programs.map { $0["name"] as? String } == ["App", "Widget"])
        #expect(programs.map { $0["kind"] as? String } == ["app", "extension"])
        #expect(programs.map { $0["files"] as? Int } == [1, 1])
        #expect(try Repository.schema(Repository.reportSchemaPath).validate(data: Data(JSONReporter().render(
            Self.analysis, context: Sample.context()).utf8)) == [])

        let sarif = try #require(try parseJSON(SARIFReporter().render(Self.analysis, context: Sample.context())) as? [String: Any])
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        #expect(results.allSatisfy { ($0["properties"] as? [String: Any])?["program"] as? String == "Widget" })

        let github = GitHubReporter().render(Self.analysis, context: Sample.context(summary: false))
        #expect(github.split(separator: "\n").filter { $0.hasPrefix("::") }.allSatisfy { $0.contains("::[Widget] ") })
    }

    @Test func oneProgramFromTheFallbackIsNotListed() throws {
        var analysis = Sample.analysis
        analysis.programs = [Program(name: "main", kind: .unknown, source: "fallback", files: [Sample.assembly])]
        let json = try #require(try parseJSON(JSONReporter().render(analysis, context: Sample.context())) as? [String: Any])
        #expect(json["programs"] == nil)
    }
}
