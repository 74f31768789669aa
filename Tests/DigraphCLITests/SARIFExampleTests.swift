import DigraphCore
import Foundation
import JSONSchemaCheck
import Testing

/// `digraph check --format sarif` on the bundled examples, as a CI job would run it: the log must
/// validate against the SARIF 2.1.0 schema and point at the planted defects.
@Suite struct SARIFExampleTests {
    static let schemaPath = "Tests/DigraphReportersTests/Fixtures/sarif-schema-2.1.0.json"

    static func sarif(_ example: String) throws -> (result: DigraphProcess.Result, log: [String: Any]) {
        let r = try DigraphProcess.run(["check", "Examples/\(example)", "--format", "sarif"])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stderr)")
        return (r, log)
    }

    static func results(_ log: [String: Any]) throws -> [[String: Any]] {
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        return try #require(run["results"] as? [[String: Any]])
    }

    @Test(arguments: ["SwinjectShop", "ServiceLocatorApp"])
    func validatesAgainstTheSARIFSchema(example: String) throws {
        let schema = try JSONSchema(contentsOf: DigraphProcess.packageRoot.appendingPathComponent(Self.schemaPath))
        let (r, _) = try Self.sarif(example)
        #expect(r.exitCode == 1)  // each example has a planted error
        let violations = try schema.validate(data: Data(r.stdout.utf8))
        #expect(violations.isEmpty, "\(violations)")
        #expect(r.stdout.hasSuffix("}\n"))
    }

    @Test(arguments: ["SwinjectShop", "ServiceLocatorApp"])
    func resultsPointAtTheExamplesFilesRelativeToTheSourceRoot(example: String) throws {
        let results = try Self.results(try Self.sarif(example).log)
        #expect(!results.isEmpty)
        for result in results {
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(location["artifactLocation"] as? [String: Any])
            #expect((artifact["uri"] as? String)?.hasPrefix("Examples/\(example)/") == true)
            #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
            #expect((result["partialFingerprints"] as? [String: String])?["digraph/v1"]?.count == 16)
        }
    }

    @Test func swinjectShopCycleHasARelatedLocationPerHop() throws {
        let results = try Self.results(try Self.sarif("SwinjectShop").log)
        let cycle = try #require(results.first { $0["ruleId"] as? String == "dependency_cycle" })
        #expect(cycle["level"] as? String == "error")
        #expect(cycle["ruleIndex"] as? Int == RuleCatalog.ids.firstIndex(of: "dependency_cycle"))
        let related = try #require(cycle["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 2)
        let missing = try #require(results.first { $0["ruleId"] as? String == "missing_registration" })
        #expect((missing["relatedLocations"] as? [[String: Any]])?.count == 1)  // the near miss `Database#primary`
    }

    @Test func isTheSameBytesOnEveryRun() throws {
        let a = try DigraphProcess.run(["check", "Examples/SwinjectShop", "--format", "sarif", "--jobs", "1"])
        let b = try DigraphProcess.run(["check", "Examples/SwinjectShop", "--format", "sarif", "--jobs", "2"])
        #expect(a.stdout == b.stdout)
    }

    @Test func githubFormatWritesWorkflowCommands() throws {
        let r = try DigraphProcess.run(["check", "Examples/ServiceLocatorApp", "--format", "github"])
        #expect(r.exitCode == 1)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix(
            "::error file=Examples/ServiceLocatorApp/Sources/Features/ProfileViewModel.swift,line=8,col=21,title=digraph missing_registration::")
            == true, "\(r.stdout)")
        // Then at most the reporter's summary line (`digraph: 1 error`), when the CLI asks for it.
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("digraph: 1 error") }, "\(r.stdout)")
        #expect(lines.count <= 2)
    }
}
