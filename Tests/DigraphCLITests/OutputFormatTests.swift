import Foundation
import Testing

/// Outputs do what their names say: the format follows the file's extension unless `--format`
/// says otherwise, and a contradiction or an unknown picture extension is refused.
@Suite struct OutputFormatTests {
    @Test func checkInfersTheFormatFromTheOutputExtension() throws {
        let directory = try TemporaryProject()
        for (name, opening) in [("r.sarif", "{\n  \"$schema\" : \"https://docs.oasis-open.org/sarif"), ("r.json", "{\n  \"coverage\""),
                                ("r.txt", "Examples/ServiceLocatorApp/Sources/Features/ProfileViewModel.swift:8:21: error:")] {
            let path = directory.url.appendingPathComponent(name).path
            let r = try DigraphProcess.run(["check", "Examples/ServiceLocatorApp", "--output", path])
            #expect(r.exitCode == 1)
            let written = try String(contentsOfFile: path, encoding: .utf8)
            #expect(written.hasPrefix(opening), "\(name): \(written.prefix(80))")
        }
    }

    @Test func formatNamesAreCaseInsensitiveAndContradictionsAreRefused() throws {
        let upper = try DigraphProcess.run(["check", "Examples/ServiceLocatorApp", "--format", "JSON"])
        #expect(upper.exitCode == 1)
        #expect(upper.stdout.hasPrefix("{"))
        let contradiction = try DigraphProcess.run(
            ["check", "Examples/ServiceLocatorApp", "--format", "json", "--output", "/tmp/never-written.sarif"])
        #expect(contradiction.exitCode == 2)
        #expect(contradiction.stderr.hasPrefix(
            "digraph: error: --format json contradicts --output /tmp/never-written.sarif: a .sarif file is written as sarif"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.sarif"))
    }

    @Test func renderRefusesExtensionsItDoesNotWrite() throws {
        let jpg = try DigraphProcess.run(["render", "Examples/ServiceLocatorApp", "--output", "/tmp/never-written.jpg"])
        #expect(jpg.exitCode == 2)
        #expect(jpg.stderr.hasPrefix(
            "digraph: error: --output /tmp/never-written.jpg: '.jpg' is not a picture format digraph writes; use .svg, .dot, .gv, .png, .pdf or .html, or give --format"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.jpg"))
        let clash = try DigraphProcess.run(
            ["render", "Examples/ServiceLocatorApp", "--output", "/tmp/never-written.svg", "--format", "PNG"])
        #expect(clash.exitCode == 2)
        #expect(clash.stderr.hasPrefix("digraph: error: --format png contradicts --output /tmp/never-written.svg"))
        let dot = try TemporaryProject()
        let path = dot.url.appendingPathComponent("graph.gv").path
        let ok = try DigraphProcess.run(["render", "Examples/ServiceLocatorApp", "--output", path, "--format", "DOT"])
        #expect(ok.exitCode == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("digraph"))
    }
}
