import DigraphCore
import DigraphScanner
import DigraphSnapshot
import Foundation
import JSONSchemaCheck
import Testing

/// `--snapshot` end to end: the Swinject example is built and run (once per test process), its
/// snapshot is fed to the built `digraph`, alone and with the example's sources.
@Suite("digraph --snapshot", .serialized)
struct SnapshotCommandTests {
    struct Finding: Hashable, CustomStringConvertible {
        var rule: String
        var severity: String
        var file: String
        var line: Int
        var services: [String]
        var description: String { "\(file):\(line) \(severity) \(rule) \(services)" }
    }

    static let exampleDirectory = "Examples/SwinjectLiveApp"
    static let sources = exampleDirectory + "/Sources"

    /// Where the example is built: one scratch folder per checkout, inside its (ignored) `.build`,
    /// shared with the `.ci/run` step that builds it first; SwiftPM locks it, so concurrent runs
    /// wait for each other instead of writing over each other.
    static let scratch = DigraphProcess.packageRoot.appendingPathComponent(".build/examples/SwinjectLiveApp")
    /// Where this run writes the snapshots: its own folder.
    static let work = FileManager.default.temporaryDirectory.appendingPathComponent("digraph-live-\(UUID().uuidString)")
    /// A cold build compiles Swinject and digraph's recorder; anything longer is a hang.
    static let buildTimeout: TimeInterval = 20 * 60

    /// `swift build`, then `swift run SwinjectLiveApp` and `swift run LocatorLiveApp` in the
    /// example's folder, once per test process. The versions are the example's committed
    /// `Package.resolved`: nothing is resolved afresh.
    static let example: Result<(app: String, locator: String, output: String), ExampleError> = {
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            let scratch = Self.scratch.path
            let app = work.appendingPathComponent("app.snapshot.json").path
            let locator = work.appendingPathComponent("locator.snapshot.json").path
            let package = DigraphProcess.packageRoot.appendingPathComponent(exampleDirectory)
            _ = try swift(["build", "--scratch-path", scratch, "--disable-automatic-resolution"], in: package)
            var output = try swift(
                ["run", "--skip-build", "--scratch-path", scratch, "SwinjectLiveApp", "--output", app, "--no-timestamp"],
                in: package)
            output += try swift(["run", "--skip-build", "--scratch-path", scratch, "LocatorLiveApp", "--output", locator], in: package)
            return .success((app, locator, output))
        } catch let error as ExampleError {
            return .failure(error)
        } catch {
            return .failure(ExampleError(message: "\(error)"))
        }
    }()

    struct ExampleError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func swift(_ arguments: [String], in directory: URL) throws -> String {
        let r = try ChildProcess.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments, in: directory,
            timeout: buildTimeout, mergeStderr: true)
        let text = String(decoding: r.stdout, as: UTF8.self)
        guard r.status == 0 else {
            throw ExampleError(message: "swift \(arguments.joined(separator: " ")) failed:\n\(text.suffix(3000))")
        }
        return text
    }

    static func findings(_ arguments: [String]) throws -> (exit: Int32, findings: Set<Finding>, json: String) {
        let r = try DigraphProcess.run(["check"] + arguments + ["--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stderr)")
        let diagnostics = doc["diagnostics"] as? [[String: Any]] ?? []
        let findings = diagnostics.compactMap { d -> Finding? in
            guard d["severity"] as? String != "note" else { return nil }
            let location = d["location"] as! [String: Any]
            return Finding(
                rule: d["rule"] as! String, severity: d["severity"] as! String,
                file: (location["file"] as! String).replacingOccurrences(of: "\(sources)/SwinjectLiveApp/", with: ""),
                line: location["line"] as! Int, services: d["services"] as! [String])
        }
        return (r.exitCode, Set(findings), r.stdout)
    }

    /// The planted defects, at the lines the source scan reports them.
    static let planted: Set<Finding> = [
        Finding(rule: "dependency_cycle", severity: "error", file: "Assemblies/ShopAssembly.swift", line: 14,
                services: ["CartService", "PricingService"]),
        Finding(rule: "missing_registration", severity: "error", file: "Assemblies/ShopAssembly.swift", line: 21,
                services: ["Database#analytics", "AnalyticsService"]),
        Finding(rule: "scope_mismatch", severity: "warning", file: "Assemblies/CoreAssembly.swift", line: 26,
                services: ["ImageCache", "RequestLogger"]),
        Finding(rule: "scope_mismatch", severity: "error", file: "Assemblies/CoreAssembly.swift", line: 33,
                services: ["AnalyticsReporter", "UserSession"]),
    ]
    /// Visible only at run time: a registration loop reads its names from a table.
    static let runTimeOnly = Finding(
        rule: "missing_registration", severity: "error", file: "Assemblies/FeatureAssembly.swift", line: 28,
        services: ["DataSource#popularity", "FeatureModule#trending"])

    private func snapshots() throws -> (app: String, locator: String, output: String) {
        switch Self.example {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }

    @Test func theExampleRunsAndWritesItsSnapshot() throws {
        let (app, _, output) = try snapshots()
        #expect(output.contains("wrote \(app): 18 services, 14 edges; 13 factories ran to the end, 4 stopped part-way"))
        #expect(output.contains("app ran: sku-1 from primary, search reads catalog, images via HTTPClient"))
        let document = try SnapshotLoader.load(contentsOf: URL(fileURLWithPath: app), displayPath: app)
        #expect(document.generator.framework == "Swinject")
        #expect(document.services.contains { $0.id == "Logging" && $0.aliasOf == "ConsoleLogger" })
        #expect(document.services.first { $0.id == "UserSession" }?.lifetimeDetail == "session")
        #expect(document.services.first { $0.id == "ProductViewModel(String)" }?.probe?.status == .ok)
        // Sites from backtraces point into the example's sources.
        #expect(document.edges.allSatisfy { $0.site?.location?.file.hasPrefix(Self.sources) == true })
        #expect(document.services.filter { $0.aliasOf == nil }.allSatisfy { $0.site?.location?.file.hasPrefix(Self.sources) == true })
    }

    @Test func theSnapshotAloneFindsEveryPlantedDefect() throws {
        let (app, _, _) = try snapshots()
        let (exit, findings, json) = try Self.findings(["--snapshot", app])
        #expect(exit == 1)
        #expect(findings == Self.planted.union([Self.runTimeOnly]), "\(findings)")
        let schema = try JSONSchema(contentsOf: DigraphProcess.packageRoot.appendingPathComponent("docs/schemas/report.schema.json"))
        #expect(try schema.validate(data: Data(json.utf8)) == [])
        #expect(json.contains("\"kind\" : \"snapshot\"") || json.contains("\"kind\": \"snapshot\""))
    }

    @Test func theSourceScanFindsAllButTheRunTimeOnlyDefect() throws {
        let (exit, findings, _) = try Self.findings([Self.sources])
        #expect(exit == 1)
        #expect(findings == Self.planted, "\(findings)")
    }

    @Test func bothTogetherFindEveryDefectAtItsSourceLineAndTheDrift() throws {
        let (app, _, _) = try snapshots()
        let (exit, findings, _) = try Self.findings([Self.sources, "--snapshot", app])
        #expect(exit == 1)
        #expect(findings.filter { $0.rule != "snapshot_drift" } == Self.planted.union([Self.runTimeOnly]), "\(findings)")
        #expect(findings.contains { $0.rule == "snapshot_drift" && $0.services == ["FeatureModule#trending"] })

        // The drift, whether or not the catalog lists the rule yet: the same merge in process.
        let files = ["Assemblies/CoreAssembly.swift", "Assemblies/ShopAssembly.swift", "Assemblies/FeatureAssembly.swift",
                     "Services/Services.swift", "main.swift"]
        let facts = try files.map { file -> FileFacts in
            let path = "\(Self.sources)/SwinjectLiveApp/\(file)"
            let text = try String(contentsOf: DigraphProcess.packageRoot.appendingPathComponent(path), encoding: .utf8)
            return SwiftFileScanner.scan(source: text, path: path)
        }
        let document = try SnapshotLoader.parse(
            Array(try Data(contentsOf: URL(fileURLWithPath: app))), displayPath: "app.snapshot.json",
            currentDirectory: DigraphProcess.packageRoot.path)
        let graph = GraphMerger.graph(source: facts, snapshots: [document], configuration: Configuration())
        let drift = Analyzer(rules: [SnapshotDriftRule.self]).analyze(graph).diagnostics
        #expect(drift.map(\.services).sorted { $0.description < $1.description } == [
            ["FeatureModule#recommendations"], ["FeatureModule#search"], ["FeatureModule#trending"],
        ], "\(drift.map(\.message))")
        #expect(drift.allSatisfy { $0.message.contains("under a name it cannot read (`FeatureModule#?`)") })
    }

    @Test func theLocatorRecorderSnapshotIsReadToo() throws {
        let (_, locator, output) = try snapshots()
        #expect(output.contains("wrote \(locator): 3 services, 3 edges"))
        let r = try DigraphProcess.run(["check", "--snapshot", locator, "--format", "json"])
        #expect(r.exitCode == 0, "\(r.stdout)\(r.stderr)")
        let document = try SnapshotLoader.load(contentsOf: URL(fileURLWithPath: locator), displayPath: locator)
        #expect(document.generator.framework == "ServiceLocator")
        #expect(Set(document.edges.map { "\($0.from) -> \($0.to)" }) == [
            "LoginServiceProtocol -> Networking", "(root) -> LoginServiceProtocol", "(root) -> UserSessionProtocol",
        ])
        #expect(document.services.first { $0.id == "LoginServiceProtocol" }?.implementation == ["LoginService"])
    }

    @Test func theCommittedSnapshotIsWhatTheExampleWrites() throws {
        let (app, _, _) = try snapshots()
        func summary(_ path: String, display: String) throws -> [String] {
            let document = try SnapshotLoader.load(contentsOf: URL(fileURLWithPath: path), displayPath: display)
            return document.services.map { "\($0.id) \($0.lifetime) \($0.primaryLocation)" }
                + document.edges.map { "\($0.from) -> \($0.to) \($0.status?.rawValue ?? "") \($0.primaryLocation)" }
        }
        let committed = "\(Self.exampleDirectory)/app.snapshot.json"
        #expect(
            try summary(DigraphProcess.packageRoot.appendingPathComponent(committed).path, display: committed)
                == summary(app, display: app))
    }

    /// The example's README shows the exact output of the three runs.
    @Test func theReadmeShowsTheRealOutput() throws {
        let readme = try String(
            contentsOf: DigraphProcess.packageRoot.appendingPathComponent("\(Self.exampleDirectory)/README.md"), encoding: .utf8)
        let runs = [
            ["--snapshot", "\(Self.exampleDirectory)/app.snapshot.json"], [Self.sources],
            [Self.sources, "--snapshot", "\(Self.exampleDirectory)/app.snapshot.json"],
        ]
        for arguments in runs {
            let r = try DigraphProcess.run(["check"] + arguments)
            let block = "$ digraph check \(arguments.joined(separator: " "))\n\(r.stdout)$ echo $?\n\(r.exitCode)\n```"
            #expect(readme.contains(block), "README block for \(arguments) is out of date:\n\(block)")
        }
    }

    // MARK: - Malformed snapshots: exit 2, one line naming the file and the JSON path

    @Test(arguments: [
        (#"{ "schema": "digraph-snapshot/1", "generator": { "name": "g", "framework": "f", "source": "static" }, "services": [ { "id": "A", "type": "A", "lifetime": "forever" } ], "edges": [] }"#,
         #"bad.json:1:155: services[0].lifetime: "forever" is not one of singleton, scoped, weak, graph, transient, unknown"#),
        (#"{ "schema": "digraph-snapshot/1", "generator": "#, "bad.json:1:48: unexpected end of JSON input"),
        ("not json", "bad.json:1:1: unexpected 'not'; expected a JSON value"),
        (#"{ "schema": "digraph-snapshot/9", "generator": {}, "services": [], "edges": [] }"#,
         #"bad.json:1:13: schema: "digraph-snapshot/9" is not supported; this digraph reads "digraph-snapshot/1""#),
        (#"{ "schema": "digraph-snapshot/1", "generator": { "name": "g", "framework": "f", "source": "static" }, "services": [ { "id": "A", "type": "A", "lifetime": "graph" }, { "id": "A", "type": "A", "lifetime": "graph" } ], "edges": [] }"#,
         #"bad.json:1:174: services[1].id: duplicate service id "A" (first at services[0])"#),
        (#"{ "schema": "digraph-snapshot/1", "generator": { "name": "g", "framework": "f", "source": "static" }, "services": [] }"#,
         #"bad.json:1:1: missing required field "edges""#),
    ])
    func aMalformedSnapshotExitsTwoWithOneLine(json: String, expected: String) throws {
        let project = try TemporaryProject(["bad.json": json])
        for command in ["check", "report"] {
            let r = try DigraphProcess.run([command, "--snapshot", "bad.json"], in: project.url)
            #expect(r.exitCode == 2)
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.hasSuffix(expected + "\n"), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func aMissingSnapshotFileExitsTwo() throws {
        let project = try TemporaryProject([:])
        let r = try DigraphProcess.run(["check", "--snapshot", "nope.json"], in: project.url)
        #expect(r.exitCode == 2)
        #expect(r.stderr.contains("nope.json: no such file"))
    }
}
