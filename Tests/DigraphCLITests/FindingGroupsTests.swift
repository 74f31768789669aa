import DigraphCore
import Foundation
import Testing

/// Findings with one cause are one finding (issue 30): three cached repositories keeping the
/// same per-resolve client are one captive with three sites, whatever the format, and a baseline
/// still hides and reports them site by site.
@Suite struct FindingGroupsTests {
    static func repository(_ name: String) -> String {
        """
        final class \(name) { let client: NetClient; init(client: NetClient) { self.client = client } }
        """
    }

    static func assembly(_ holders: [String]) -> String {
        let registrations = holders.map {
            "container.register(\($0).self) { r in \($0)(client: r.resolve(NetClient.self)!) }.inObjectScope(.container)"
        }
        return """
            import Swinject
            let container = Container()
            container.register(NetClient.self) { _ in NetClient() }
            \(registrations.joined(separator: "\n"))
            let client = container.resolve(NetClient.self)!
            """
    }

    static func project(holders: [String]) throws -> TemporaryProject {
        var files = ["Sources/App/Setup.swift": assembly(holders), "Sources/App/NetClient.swift": "final class NetClient { var token = \"\" }"]
        for holder in holders { files["Sources/App/\(holder).swift"] = repository(holder) }
        return try TemporaryProject(files)
    }

    @Test func oneCauseIsOneFindingListingEverySite() throws {
        let project = try Self.project(holders: ["FeedRepository", "ProfileRepository", "SearchRepository"])
        let text = try DigraphProcess.run(["check", "--no-cache", "--format", "xcode"], in: project.url)
        let warnings = text.stdout.split(separator: "\n").filter { $0.contains(": warning:") }
        #expect(warnings.count == 1, "\(text.stdout)")
        #expect(warnings.first?.contains("(and 2 more holders of `NetClient`)") == true)
        #expect(text.stderr.contains("1 warning"))

        let json = try DigraphProcess.run(["check", "--no-cache", "--format", "json"], in: project.url)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]]).filter { $0["rule"] as? String == "scope_mismatch" }
        #expect(diagnostics.count == 1)
        let notes = diagnostics.first?["notes"] as? [[String: Any]] ?? []
        let holders = notes.filter { ($0["message"] as? String)?.contains("keeps `NetClient`") == true }
        #expect(holders.count == 2, "every other holder is a note")
        #expect(holders.allSatisfy { ($0["location"] as? [String: Any])?["file"] as? String == "Sources/App/Setup.swift" })

        let ungrouped = try DigraphProcess.run(["check", "--no-cache", "--format", "xcode", "--ungrouped"], in: project.url)
        #expect(ungrouped.stdout.split(separator: "\n").filter { $0.contains(": warning:") }.count == 3)
    }

    @Test func aBaselineHidesTheSitesItRecordedAndReportsANewOne() throws {
        let project = try Self.project(holders: ["FeedRepository", "ProfileRepository"])
        let written = try DigraphProcess.run(["check", "--no-cache", "--write-baseline", "baseline.json"], in: project.url)
        #expect(written.exitCode == 0, "\(written.stderr)")
        let recorded = try String(contentsOf: project.url.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(recorded.components(separatedBy: "\"scope_mismatch\"").count - 1 == 2, "recorded site by site")

        let same = try DigraphProcess.run(["check", "--no-cache", "--baseline", "baseline.json", "--format", "xcode"], in: project.url)
        #expect(same.exitCode == 0)
        #expect(!same.stdout.contains(": warning:"))

        // A third repository keeps the same client: the two recorded stay hidden, the new one is reported.
        let grown = try Self.project(holders: ["FeedRepository", "ProfileRepository", "SearchRepository"])
        try FileManager.default.copyItem(
            at: project.url.appendingPathComponent("baseline.json"), to: grown.url.appendingPathComponent("baseline.json"))
        let after = try DigraphProcess.run(["check", "--no-cache", "--baseline", "baseline.json", "--format", "xcode"], in: grown.url)
        let warnings = after.stdout.split(separator: "\n").filter { $0.contains(": warning:") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("`SearchRepository`") == true)
        #expect(warnings.first?.contains("more holders") == false)
    }
}
