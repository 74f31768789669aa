import Foundation
import Testing

/// Every file a repository can hold, nested 100,000 deep, through the built `digraph`: a note on a
/// Swift file, an exit-2 error with its position for a description, configuration, snapshot or
/// baseline; never a crash (issue 12).
@Suite struct DeepInputCommandTests {
    static let deepArray = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    static let missing = "import Swinject\nlet c = Container()\nfunc f() { _ = c.resolve(Missing.self) }\n"

    @Test func aDeepSwiftFileIsNotedAndTheOthersAreChecked() throws {
        let project = try TemporaryProject([
            "Deep.swift": "let x = " + Self.deepArray + "\n",
            "Generic.swift": "let y: " + String(repeating: "Array<", count: 2_000) + "Int" + String(repeating: ">", count: 2_000) + " = []\n",
            "App.swift": Self.missing,
        ])
        let result = try DigraphProcess.run(["check", ".", "--format", "xcode"], in: project.url)
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("App.swift:3:16: note: no registration for `Missing`"))
        let notes = result.stderr.split(separator: "\n").filter { $0.contains("not analysed") }
        #expect(notes == [
            "Deep.swift:1:21: note: nesting deeper than 12 '[' in a row: not analysed",
            "Generic.swift:1:3013: note: nesting deeper than 500: not analysed",
        ])
    }

    @Test func aDeepSnapshotIsAnErrorWithItsPosition() throws {
        let project = try TemporaryProject(["app.snapshot.json": Self.deepArray])
        let result = try DigraphProcess.run(["check", "--snapshot", "app.snapshot.json"], in: project.url)
        #expect(result.exitCode == 2)
        #expect(result.stderr == "digraph: error: app.snapshot.json:1:257: nesting deeper than 256 levels\n")
    }

    @Test func aDeepBaselineIsAnErrorWithItsPosition() throws {
        let project = try TemporaryProject(["App.swift": Self.missing, "baseline.json": Self.deepArray])
        let result = try DigraphProcess.run(["check", ".", "--baseline", "baseline.json"], in: project.url)
        #expect(result.exitCode == 2)
        #expect(result.stderr == "digraph: error: baseline.json:1:257: not valid JSON: nesting deeper than 256 levels\n")
    }

    @Test(arguments: [
        ("excluded: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n",
         "digraph: error: .digraph.yml:1:265: nesting deeper than 256 levels\n"),
        ("excluded:\n" + String(repeating: "- ", count: 100_000) + "x\n", "digraph: error: .digraph.yml:2:511: nesting deeper than 256 levels\n"),
        (String(repeating: "{a: ", count: 100_000) + "1" + String(repeating: "}", count: 100_000) + "\n",
         "digraph: error: .digraph.yml:1:511: nesting deeper than 256 levels\n"),
    ])
    func aDeepConfigurationIsAnErrorWithItsPosition(yaml: String, expected: String) throws {
        let project = try TemporaryProject(["App.swift": Self.missing, ".digraph.yml": yaml])
        let result = try DigraphProcess.run(["check", "."], in: project.url)
        #expect(result.exitCode == 2)
        #expect(result.stderr == expected)
    }

    @Test(arguments: [
        ("project.yml", "name: App\ntargets: " + String(repeating: "{a: ", count: 100_000) + "1" + String(repeating: "}", count: 100_000) + "\n",
         "digraph: error: project.yml:2:518: invalid YAML: nesting deeper than 256 levels\n"),
        ("Package.swift", "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"App\", targets: " + Self.deepArray + ")\n",
         "digraph: error: Package.swift:3:57: nesting deeper than 12 '[' in a row\n"),
        ("Package.swift", "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"App\"" + String(repeating: ".a", count: 30_000) + ")\n",
         nil),
        ("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = " + String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000) + "; }\n",
         "digraph: error: App.xcodeproj/project.pbxproj:2:268: malformed project file: nesting deeper than 256 levels\n"),
    ])
    func aDeepProjectDescriptionIsAnErrorWithItsPosition(file: String, text: String, expected: String?) throws {
        let project = try TemporaryProject(["Sources/App/App.swift": Self.missing, file: text])
        let result = try DigraphProcess.run(["check", "."], in: project.url)
        #expect(result.exitCode == 2)
        if let expected {
            #expect(result.stderr == expected)
        } else {
            #expect(result.stderr.hasPrefix("digraph: error: Package.swift:3:"))
            #expect(result.stderr.hasSuffix(": nesting deeper than 20000 syntax levels\n"))
        }
    }

    /// A type nested 50,000 deep is a string in a snapshot, not nesting: it is read, checked and
    /// drawn (Graphviz gets it cut short, see DOTText).
    @Test func aTypeNestedDeepInASnapshotIsCheckedAndDrawn() throws {
        let type = String(repeating: "A<", count: 50_000) + "B" + String(repeating: ">", count: 50_000)
        let snapshot = """
            {"schema": "digraph-snapshot/1", "generator": {"name": "g", "framework": "f", "source": "static"},
             "services": [{"id": "\(type)", "type": "\(type)", "lifetime": "singleton"}, {"id": "X", "type": "X", "lifetime": "transient"}],
             "edges": [{"from": "\(type)", "to": "X", "timing": "eager"}, {"from": "X", "to": "\(type)", "timing": "eager"}]}
            """
        let project = try TemporaryProject(["app.snapshot.json": snapshot])
        let check = try DigraphProcess.run(["check", "--snapshot", "app.snapshot.json", "--format", "json"], in: project.url)
        #expect(check.exitCode == 1)
        #expect(check.stdout.contains("\"rule\" : \"dependency_cycle\""))
        let render = try DigraphProcess.run(["render", "--snapshot", "app.snapshot.json", "--output", "graph.svg"], in: project.url)
        #expect(render.exitCode == 0, "\(render.stderr.prefix(300))")
        #expect(try project.read("graph.svg").contains("</svg>"))
    }
}
