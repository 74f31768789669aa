import Foundation
import Testing

/// What users noticed in their first minutes: configured options shown, pointless options said.
@Suite struct SmallThingsTests {
    @Test func rulesShowsTheConfiguredOptions() throws {
        let project = try TemporaryProject([
            ".digraph.yml": "rules:\n  god_singleton: { threshold: 4, allow: [Logger], count_tests: true }\n"
        ])
        let r = try DigraphProcess.run(["rules", "god_singleton"], in: project.url)
        #expect(r.exitCode == 0)
        #expect(r.stdout.contains("default threshold: 10\nconfigured threshold: 4\nallowed: Logger\ncount_tests: true\n"))
    }

    @Test func aClusteringThatGroupsNothingIsSaid() throws {
        let out = try TemporaryProject()
        let r = try DigraphProcess.run(
            ["render", "Examples/ServiceLocatorApp", "--cluster", "container", "--format", "dot", "--output",
             out.url.appendingPathComponent("x.dot").path])
        #expect(r.exitCode == 0)
        #expect(r.stderr.contains(
            "digraph: note: --cluster container: the services do not fall into two or more containers (all in 'service-locator'), so the boxes add nothing"))
    }
}
