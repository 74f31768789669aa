import Foundation
import Testing

/// Could not run: exit 2, nothing on stdout, and exactly one line on stderr saying what and where.
@Suite struct ExitTwoMessageTests {
    static let source = "container.register(A.self) { r in A(b: r.resolve(B.self)!) }\n"

    /// Case name (short, for the test output) -> arguments and the exact stderr. `$DIR` stands for
    /// the project's directory as the process sees it.
    static let cases: [String: (arguments: [String], stderr: String)] = [
        "bad --format": (
            ["check", "--format", "yaml"],
            "digraph: error: unknown format 'yaml'; expected one of text, xcode, json, sarif, github (see `digraph help`)"
        ),
        "--jobs 0": (["check", "--jobs", "0"], "digraph: error: --jobs must be at least 1 (see `digraph help`)"),
        "unknown flag": (["check", "--no-such-flag"], "digraph: error: unknown option '--no-such-flag' (see `digraph help`)"),
        "rules nope": (["rules", "nope"], "digraph: error: unknown rule 'nope' (see `digraph rules`)"),
        "--only typo": (
            ["check", "--only", "dependency_cycles"],
            "digraph: error: unknown rule 'dependency_cycles'; did you mean 'dependency_cycle'? (see `digraph rules`)"
        ),
        "--output missing dir": (
            ["report", ".", "--output", "out/report.json"],
            "digraph: error: out/report.json: cannot write output: directory $DIR/out does not exist"
        ),
        "--write-baseline missing dir": (
            ["check", ".", "--write-baseline", "out/baseline.json"],
            "digraph: error: out/baseline.json: cannot write output: directory $DIR/out does not exist"
        ),
        "--config missing": (["check", ".", "--config", "nope.yml"], "digraph: error: nope.yml: no such configuration file"),
        "invalid YAML": (
            ["check", ".", "--config", "bad.yml"],
            "digraph: error: bad.yml:2:9: invalid YAML: did not find expected ',' or ']'"
        ),
        "render bad snapshot": (
            ["render", "--snapshot", "bad.json", "--output", "out.svg"],
            "digraph: error: bad.json:1:1: unexpected 'not'; expected a JSON value"
        ),
        "render missing snapshot": (
            ["render", "--snapshot", "nope.json", "--output", "out.svg"], "digraph: error: nope.json: no such file"
        ),
    ]

    @Test(arguments: cases.keys.sorted())
    func oneExactLine(name: String) throws {
        let (arguments, expected) = try #require(Self.cases[name])
        let project = try TemporaryProject([
            "A.swift": Self.source, "bad.yml": "included: [Sources\nexcluded: x", "bad.json": "not json",
        ])
        let before = try FileManager.default.contentsOfDirectory(atPath: project.url.path).sorted()
        let r = try DigraphProcess.run(arguments, in: project.url)
        let directory = project.url.resolvingSymlinksInPath().path
        #expect(r.exitCode == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == expected.replacingOccurrences(of: "$DIR", with: directory) + "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.url.path).sorted() == before, "nothing written")
    }

    /// Several files that are not UTF-8 scanned in parallel, with `--strict-encoding`: the error
    /// names the first in input order, whichever worker got there first.
    @Test func severalBadFilesNameTheFirstInInputOrder() throws {
        let latin1 = Data([0x6C, 0x65, 0x74, 0x20, 0x61, 0x20, 0x3D, 0x20, 0x22, 0xE9, 0x22])
        let project = try TemporaryProject()
        for i in 0..<40 { try project.write(String(format: "Sources/F%02d.swift", i), Self.source) }
        for name in ["Sources/F07x.swift", "Sources/F23x.swift", "Sources/F38x.swift"] { try project.write(name, latin1) }
        for jobs in ["1", "8", "16"] {
            let r = try DigraphProcess.run(["check", "Sources", "--jobs", jobs, "--strict-encoding"], in: project.url)
            #expect(r.exitCode == 2)
            #expect(r.stdout.isEmpty)
            #expect(
                r.stderr
                    == "digraph: error: Sources/F07x.swift:1:10: not valid UTF-8; save the file as UTF-8, or leave out --strict-encoding to skip it with a note\n",
                "--jobs \(jobs)")
        }
    }
}
