import DigraphCore
import DigraphReporters
import Foundation
import JSONSchemaCheck
import Testing

@Suite struct SARIFReporterTests {
    let rendered = SARIFReporter().render(CISample.analysis, context: CISample.context())

    func log(_ text: String? = nil) throws -> [String: Any] {
        try #require(try parseJSON(text ?? rendered) as? [String: Any])
    }

    func run(_ text: String? = nil) throws -> [String: Any] {
        let runs = try #require(try log(text)["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        return try #require(runs.first)
    }

    func results(_ text: String? = nil) throws -> [[String: Any]] {
        try #require(try run(text)["results"] as? [[String: Any]])
    }

    /// The result of the finding with this rule id.
    func result(_ rule: String, in text: String? = nil) throws -> [String: Any] {
        try #require(try results(text).first { $0["ruleId"] as? String == rule })
    }

    func physical(_ location: [String: Any]?) throws -> [String: Any] {
        try #require(location?["physicalLocation"] as? [String: Any])
    }

    func primary(_ result: [String: Any]) throws -> [String: Any] {
        let locations = try #require(result["locations"] as? [[String: Any]])
        #expect(locations.count == 1)
        return try physical(locations.first)
    }

    // MARK: schema

    @Test func validatesAgainstTheSARIFSchema() throws {
        let schema = try Repository.schema(Repository.sarifSchemaPath)
        let violations = schema.validate(try parseJSON(rendered))
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test func validatesWithABaselineAndWhenEmpty() throws {
        let schema = try Repository.schema(Repository.sarifSchemaPath)
        let baselined = SARIFReporter().render(CISample.analysis, context: CISample.context(baselineUsed: true))
        #expect(schema.validate(try parseJSON(baselined)).isEmpty)
        let empty = SARIFReporter().render(Analysis(graph: DependencyGraph(services: [], edges: []), diagnostics: []), context: ReportContext())
        #expect(schema.validate(try parseJSON(empty)).isEmpty)
        #expect(try results(empty).isEmpty)
    }

    /// The check above is only worth something if the validator rejects a broken log of ours.
    @Test func theSchemaRejectsABrokenLogOfOurs() throws {
        let schema = try Repository.schema(Repository.sarifSchemaPath)
        let broken = rendered.replacingOccurrences(of: #""kind" : "inSource""#, with: #""kind" : "inComment""#)
            .replacingOccurrences(of: #""columnKind" : "utf16CodeUnits""#, with: #""columnKind" : "bytes""#)
        #expect(broken != rendered)
        let found = schema.validate(try parseJSON(broken))
        #expect(Set(found.map(\.path)) == ["runs[0].columnKind", "runs[0].results[4].suppressions[0].kind"], "\(found)")
    }

    // MARK: bytes

    @Test func isByteIdenticalAcrossRendersPrettySortedAndEndsWithNewline() {
        let again = SARIFReporter().render(CISample.analysis, context: CISample.context())
        #expect(Array(rendered.utf8) == Array(again.utf8))
        #expect(rendered.hasPrefix("{\n  \"$schema\" : "))
        #expect(rendered.hasSuffix("}\n"))
        #expect(!rendered.contains("\\/"))
        let topKeys = rendered.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(topKeys == ["$schema", "runs", "version"])
    }

    // MARK: log, run and driver

    @Test func headerAndDriver() throws {
        let log = try log()
        #expect(log["$schema"] as? String == "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
        #expect(log["version"] as? String == "2.1.0")
        let run = try run()
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "digraph")
        #expect(driver["version"] as? String == ToolInfo.version)
        #expect(driver["semanticVersion"] as? String == ToolInfo.version)
        #expect(driver["informationUri"] as? String == ToolInfo.informationURI)
    }

    @Test func originalUriBaseIdsNameTheSourceRootWithoutAMachinePath() throws {
        let bases = try #require(try run()["originalUriBaseIds"] as? [String: [String: Any]])
        #expect(Array(bases.keys) == ["%SRCROOT%"])
        let root = try #require(bases["%SRCROOT%"])
        #expect(root["uri"] == nil)
        #expect((root["description"] as? [String: Any])?["text"] as? String != nil)
    }

    @Test func driverListsEveryRuleOfTheCatalog() throws {
        let driver = try #require((try run()["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == RuleCatalog.all.count)
        #expect(rules.compactMap { $0["id"] as? String } == RuleCatalog.ids)
        let docs = RulesMarkdown.render()
        for (rule, type) in zip(rules, RuleCatalog.all) {
            let d = type.description
            #expect(rule["name"] as? String == d.name)
            #expect((rule["shortDescription"] as? [String: Any])?["text"] as? String == d.summary)
            #expect((rule["fullDescription"] as? [String: Any])?["text"] as? String == d.rationale)
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(level == ["error": "error", "warning": "warning", "note": "note"][d.defaultSeverity.rawValue])
            let helpURI = try #require(rule["helpUri"] as? String)
            #expect(helpURI == "https://github.com/digraph-tool/digraph/blob/main/docs/rules.md#\(d.id)")
            // The anchor exists: the section's heading is the id.
            let anchor = try #require(helpURI.split(separator: "#").last)
            #expect(docs.contains("\n## \(anchor)\n"))
            let help = try #require(rule["help"] as? [String: Any])
            #expect((help["text"] as? String)?.contains(d.rationale) == true)
            #expect((help["markdown"] as? String)?.contains("```swift") == true)
        }
        let levels = Set(rules.compactMap { ($0["defaultConfiguration"] as? [String: Any])?["level"] as? String })
        #expect(levels == ["error", "warning", "note"])
    }

    // MARK: results

    @Test func oneResultPerFindingInAnalysisOrderSuppressedIncluded() throws {
        let results = try results()
        #expect(results.compactMap { $0["ruleId"] as? String } == CISample.diagnostics.map(\.rule))
        for result in results {
            let rule = try #require(result["ruleId"] as? String)
            #expect(result["ruleIndex"] as? Int == RuleCatalog.ids.firstIndex(of: rule))
            #expect(result["level"] != nil)
        }
    }

    @Test func levelAndMessageFollowTheFinding() throws {
        let cycle = try result("dependency_cycle")
        #expect(cycle["level"] as? String == "error")
        // A note without a place follows the message; placed notes are related locations.
        #expect((cycle["message"] as? [String: Any])?["text"] as? String
            == "dependency cycle: `CartService` -> `PricingService` -> `CartService`\nmake one edge deferred, e.g. with initCompleted")
        #expect(try result("scope_mismatch")["level"] as? String == "warning")
        #expect(try result("unused_registration")["level"] as? String == "note")
        // The configured severity, not the rule's default.
        var demoted = CISample.missing
        demoted.severity = .warning
        let out = SARIFReporter().render(Analysis(graph: DependencyGraph(services: [], edges: []), diagnostics: [demoted]), context: ReportContext())
        #expect(try result("missing_registration", in: out)["level"] as? String == "warning")
    }

    @Test func primaryLocationIsRelativeToTheSourceRoot() throws {
        let location = try primary(try result("missing_registration"))
        let artifact = try #require(location["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "Sources/Assemblies/ServicesAssembly.swift")
        #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
        let region = try #require(location["region"] as? [String: Int])
        #expect(region == ["startLine": 25, "startColumn": 40])
    }

    @Test func pathsArePercentEncodedAndAbsolutePathsBecomeFileURIs() throws {
        let legacy = try #require(try primary(try result("unused_registration"))["artifactLocation"] as? [String: Any])
        #expect(legacy["uri"] as? String == "Sources/Legacy/L%C3%A9gacy%20Cache.swift")
        #expect(legacy["uriBaseId"] as? String == "%SRCROOT%")
        let outside = try #require(try primary(try result("god_singleton"))["artifactLocation"] as? [String: Any])
        #expect(outside["uri"] as? String == "file:///opt/shared%20code/Logger.swift")
        #expect(outside["uriBaseId"] == nil)
    }

    /// `%`, `#`, `?` and `:` mean something in a URI (an escape, a fragment, a query, a scheme):
    /// in a file name they are encoded, and decoding gives the name back.
    @Test(arguments: [
        ("Sources/100%/Rate.swift", "Sources/100%25/Rate.swift"),
        ("Sources/C#/Interop.swift", "Sources/C%23/Interop.swift"),
        ("Sources/Why?.swift", "Sources/Why%3F.swift"),
        ("Sources/a:b.swift", "Sources/a%3Ab.swift"),
        ("a:b/c.swift", "a%3Ab/c.swift"),
        ("/opt/x%#?:y.swift", "file:///opt/x%25%23%3F%3Ay.swift"),
    ])
    func reservedCharactersInPathsAreEncoded(path: String, uri: String) throws {
        let d = Diagnostic(
            rule: "unused_registration", severity: .note, message: "m", location: SourceLocation(file: path, line: 1, column: 1),
            services: ["S"])
        let out = SARIFReporter().render(Analysis(graph: DependencyGraph(services: [], edges: []), diagnostics: [d]), context: ReportContext())
        let artifact = try #require(try primary(try result("unused_registration", in: out))["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == uri)
        #expect(artifact["uriBaseId"] as? String == (path.hasPrefix("/") ? nil : "%SRCROOT%"))
        let decoded = uri.hasPrefix("file://") ? String(uri.dropFirst("file://".count)) : uri
        #expect(decoded.removingPercentEncoding == path)
        // A relative reference whose first segment has a colon would read as a scheme.
        #expect(URL(string: uri)?.scheme == (path.hasPrefix("/") ? "file" : nil))
    }

    @Test func relatedLocationsForEachPlacedNote() throws {
        let cycle = try #require(try result("dependency_cycle")["relatedLocations"] as? [[String: Any]])
        #expect(cycle.count == 2)  // each hop; the third note has no place
        #expect(cycle.compactMap { $0["id"] as? Int } == [1, 2])
        #expect(cycle.compactMap { ($0["message"] as? [String: Any])?["text"] as? String } == [
            "`CartService` needs `PricingService` while being built", "`PricingService` needs `CartService` while being built",
        ])
        let hop = try physical(cycle[1])
        #expect((hop["artifactLocation"] as? [String: Any])?["uri"] as? String == CISample.services)
        #expect((hop["artifactLocation"] as? [String: Any])?["uriBaseId"] as? String == "%SRCROOT%")
        #expect(hop["region"] as? [String: Int] == ["startLine": 20, "startColumn": 23])

        let missing = try #require(try result("missing_registration")["relatedLocations"] as? [[String: Any]])
        #expect(missing.count == 1)  // the near miss
        #expect((missing[0]["message"] as? [String: Any])?["text"] as? String == "`Database#primary` is registered here")
        #expect(try physical(missing[0])["region"] as? [String: Int] == ["startLine": 6, "startColumn": 9])

        #expect(try result("scope_mismatch")["relatedLocations"] == nil)
    }

    @Test func partialFingerprintsCarryDigraphsFingerprint() throws {
        for (result, diagnostic) in zip(try results(), CISample.diagnostics) {
            #expect(result["partialFingerprints"] as? [String: String] == ["digraph/v1": diagnostic.fingerprint])
        }
        #expect(try result("dependency_cycle")["partialFingerprints"] as? [String: String]
            == ["digraph/v1": Fingerprint.make(rule: "dependency_cycle", services: ["CartService", "PricingService"])])
    }

    @Test func suppressionKinds() throws {
        let inSource = try #require(try result("unused_registration")["suppressions"] as? [[String: Any]])
        #expect(inSource.compactMap { $0["kind"] as? String } == ["inSource"])
        let baselined = try #require(try result("god_singleton")["suppressions"] as? [[String: Any]])
        #expect(baselined.compactMap { $0["kind"] as? String } == ["external"])
        for rule in ["dependency_cycle", "missing_registration", "scope_mismatch"] {
            #expect(try result(rule)["suppressions"] == nil)
        }
    }

    @Test func aSuppressedFindingWithoutAKindIsExternal() throws {
        var d = CISample.missing
        d.suppressed = true
        let out = SARIFReporter().render(Analysis(graph: DependencyGraph(services: [], edges: []), diagnostics: [d]), context: ReportContext())
        let suppressions = try #require(try result("missing_registration", in: out)["suppressions"] as? [[String: Any]])
        #expect(suppressions.compactMap { $0["kind"] as? String } == ["external"])
    }

    @Test func baselineStateOnlyWhenABaselineWasUsed() throws {
        let withBaseline = SARIFReporter().render(CISample.analysis, context: CISample.context(baselineUsed: true))
        let states = try results(withBaseline).map { "\($0["ruleId"]!)=\($0["baselineState"] ?? "-")" }
        #expect(states == [
            "god_singleton=unchanged", "dependency_cycle=new", "scope_mismatch=new", "missing_registration=new",
            "unused_registration=new",
        ])
        // Without a baseline, "new" would claim a comparison that never happened.
        let without = try results().map { "\($0["ruleId"]!)=\($0["baselineState"] ?? "-")" }
        #expect(without == [
            "god_singleton=unchanged", "dependency_cycle=-", "scope_mismatch=-", "missing_registration=-",
            "unused_registration=-",
        ])
    }

    // MARK: columns

    @Test func columnsAreConvertedFromUTF8BytesToUTF16Units() throws {
        let region = try #require(try primary(try result("scope_mismatch"))["region"] as? [String: Int])
        #expect(region == ["startLine": 14, "startColumn": 49])
        // Checked independently of the converter: the UTF-16 length of the text before the column.
        let line = try #require(CISample.sourceLines[CISample.checkout]?[14])
        let before = String(decoding: Array(line.utf8).prefix(52), as: UTF8.self)
        #expect(before.hasSuffix("🛒 "))
        #expect(before.utf16.count + 1 == 49)
    }

    @Test(arguments: [
        // (line, UTF-8 column, UTF-16 column)
        ("abc", 2, 2),
        ("é = x", 4, 3),  // after `é` (2 bytes, 1 unit)
        ("🎉x", 5, 3),  // after an emoji (4 bytes, 2 units)
        ("🎉x", 3, 1),  // inside the emoji: point at it
        ("ab", 6, 6),  // past the end keeps its distance
        ("é", 5, 4),
    ])
    func columnConversionCases(line: String, utf8Column: Int, utf16Column: Int) throws {
        let d = Diagnostic(
            rule: "unused_registration", severity: .note, message: "m", location: SourceLocation(file: "A.swift", line: 1, column: utf8Column),
            services: ["S"])
        let context = ReportContext(sourceLine: { _, _ in line })
        let out = SARIFReporter().render(Analysis(graph: DependencyGraph(services: [], edges: []), diagnostics: [d]), context: context)
        #expect(try primary(try result("unused_registration", in: out))["region"] as? [String: Int]
            == ["startLine": 1, "startColumn": utf16Column])
    }

    @Test func withoutTheLineTheColumnIsKept() throws {
        let out = SARIFReporter().render(CISample.analysis, context: ReportContext())
        #expect(try primary(try result("scope_mismatch", in: out))["region"] as? [String: Int] == ["startLine": 14, "startColumn": 53])
    }

    @Test func isRegistered() {
        #expect(ReporterCatalog.reporter(for: "sarif") is SARIFReporter)
    }
}
