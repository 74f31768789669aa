import Foundation
import JSONSchemaCheck
import Testing

/// The built `digraph` binary on real inputs: exit codes, one-line errors, formats, atomic output.
@Suite struct CommandLineTests {
    static let cycle = """
        container.register(CartService.self) { r in CartService(pricing: r.resolve(PricingService.self)!) }
        container.register(PricingService.self) { r in PricingService(cart: r.resolve(CartService.self)!) }
        let cart = container.resolve(CartService.self)!
        """

    static let clean = """
        container.register(APIClient.self) { _ in HTTPAPIClient() }.inObjectScope(.container)
        container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!) }
        let feed = container.resolve(Feed.self)!
        """

    @Test func exitCodeIsOneWithErrorsAndZeroWhenClean() throws {
        let project = try TemporaryProject(["Bad/A.swift": Self.cycle, "Good/B.swift": Self.clean])
        let bad = try DigraphProcess.run(["check", "Bad"], in: project.url)
        #expect(bad.exitCode == 1)
        #expect(bad.stdout.hasPrefix("Bad/A.swift:1:66: error: dependency cycle: `CartService` -> `PricingService` -> `CartService` [dependency_cycle]"))
        let good = try DigraphProcess.run(["check", "Good"], in: project.url)
        #expect(good.exitCode == 0, "\(good.stdout)")
        #expect(good.stdout.isEmpty)
        #expect(try DigraphProcess.run(["check", "Bad", "--fail-on", "never"], in: project.url).exitCode == 0)
    }

    @Test func missingPathIsExitTwoWithOneLine() throws {
        let r = try DigraphProcess.run(["check", "does/not/exist"])
        #expect(r.exitCode == 2)
        #expect(r.stderr == "digraph: error: does/not/exist: no such file or directory\n")
        #expect(r.stdout.isEmpty)
    }

    @Test func nonUTF8FileIsANoteOrWithStrictEncodingExitTwoNamingTheFile() throws {
        let project = try TemporaryProject()
        try project.write("Latin1.swift", Data([0x6C, 0x65, 0x74, 0x20, 0x61, 0x20, 0x3D, 0x20, 0x22, 0xE9, 0x22]))
        let r = try DigraphProcess.run(["check", ".", "--no-cache"], in: project.url)
        #expect(r.exitCode == 0)
        #expect(r.stderr.hasPrefix("Latin1.swift:1:10: note: not valid UTF-8 (first invalid byte at offset 9): not analysed; save it as UTF-8 to have it checked\n"))
        let strict = try DigraphProcess.run(["check", ".", "--strict-encoding"], in: project.url)
        #expect(strict.exitCode == 2)
        #expect(strict.stderr == "digraph: error: Latin1.swift:1:10: not valid UTF-8; save the file as UTF-8, or leave out --strict-encoding to skip it with a note\n")
    }

    @Test func malformedConfigurationIsExitTwoNamingFileAndPosition() throws {
        let project = try TemporaryProject(["A.swift": Self.clean, ".digraph.yml": "rules:\n  god_singleton: { treshold: 3 }\n"])
        let r = try DigraphProcess.run(["check"], in: project.url)
        #expect(r.exitCode == 2)
        #expect(r.stderr.hasPrefix("digraph: error: .digraph.yml:2:20: unknown key 'rules.god_singleton.treshold'"))
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test func helpAndVersionExitZero() throws {
        let version = try DigraphProcess.run(["--version"])
        #expect(version.exitCode == 0 && version.stdout == "0.1.0\n")
        let help = try DigraphProcess.run(["help", "check"])
        #expect(help.exitCode == 0 && help.stdout.contains("--fail-on"))
    }

    @Test func jsonReportValidatesAgainstTheSchemaAndIsDeterministic() throws {
        let project = try TemporaryProject(["A.swift": Self.cycle, "B.swift": Self.clean])
        // Worker counts given explicitly: the default is the number of cores, which may be 1.
        let first = try DigraphProcess.run(["report", ".", "--jobs", "4"], in: project.url)
        #expect(first.exitCode == 0)
        let schema = try JSONSchema(contentsOf: DigraphProcess.packageRoot.appendingPathComponent("docs/schemas/report.schema.json"))
        #expect(try schema.validate(data: Data(first.stdout.utf8)) == [])
        let serial = try DigraphProcess.run(["report", ".", "--jobs", "1"], in: project.url)
        #expect(serial.stdout == first.stdout)
        let viaCheck = try DigraphProcess.run(["check", ".", "--format", "json"], in: project.url)
        #expect(viaCheck.exitCode == 1)
        #expect(viaCheck.stdout == first.stdout)
    }

    @Test func outputIsWrittenAtomicallyAndFailuresLeaveNothing() throws {
        let project = try TemporaryProject(["A.swift": Self.cycle])
        let ok = try DigraphProcess.run(["report", ".", "--output", "out/report.json"], in: project.url)
        #expect(ok.exitCode == 2, "the directory does not exist yet")
        #expect(!FileManager.default.fileExists(atPath: project.url.appendingPathComponent("out").path))
        try FileManager.default.createDirectory(at: project.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        try project.write("out/report.json", "previous")
        let bad = try DigraphProcess.run(["report", "missing-dir", "--output", "out/report.json"], in: project.url)
        #expect(bad.exitCode == 2)
        #expect(try project.read("out/report.json") == "previous")
        let good = try DigraphProcess.run(["report", "A.swift", "--output", "out/report.json"], in: project.url)
        #expect(good.exitCode == 0 && good.stdout.isEmpty)
        #expect(try project.read("out/report.json").contains("\"schema\" : \"digraph-report/1\""))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.url.appendingPathComponent("out").path)
        #expect(leftovers == ["report.json"])
    }

    @Test func textFormatShowsTheSourceLineWithoutColourOnAPipe() throws {
        let project = try TemporaryProject(["A.swift": Self.cycle])
        let r = try DigraphProcess.run(["check", ".", "--format", "text"], in: project.url)
        #expect(r.stdout.contains("container.register(CartService.self) { r in CartService(pricing: r.resolve(PricingService.self)!) }"))
        #expect(!r.stdout.contains("\u{1B}["))
    }
}
