import Foundation
import Testing

/// Inputs a newcomer trips over: one line in the style of the others (the file, the position where
/// there is one, what to do), exit 2 and nothing written; or, for a file a scan can do without (not
/// UTF-8, a named pipe), a note and the run goes on.
@Suite struct OddInputTests {
    static let source = "container.register(A.self) { r in A(b: r.resolve(B.self)!) }\n"
    static let latin1 = Data([0x6C, 0x65, 0x74, 0x20, 0x61, 0x20, 0x3D, 0x20, 0x22, 0xE9, 0x22, 0x0A])

    /// Exit 2, nothing on stdout, exactly `expected` on stderr, and no file added or changed.
    static func refuses(_ arguments: [String], in project: TemporaryProject, _ expected: String) throws {
        let before = try FileManager.default.contentsOfDirectory(atPath: project.url.path).sorted()
        let r = try DigraphProcess.run(arguments, in: project.url)
        #expect(r.exitCode == 2, "\(arguments)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "digraph: error: " + expected + "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.url.path).sorted() == before, "nothing written")
    }

    @Test func aBinaryConfigurationIsNamedAtItsFirstInvalidByte() throws {
        let project = try TemporaryProject(["A.swift": Self.source])
        try project.write("bin.yml", Data([0x7F, 0x45, 0x4C, 0x46, 0x0A, 0x02, 0xFF, 0x00]))
        try Self.refuses(
            ["check", ".", "--config", "bin.yml"], in: project,
            "bin.yml:2:2: not valid UTF-8 (first invalid byte at offset 6); a configuration is YAML text: check that this is the file you meant, or save it as UTF-8"
        )
    }

    @Test func aBaselineOfTheWrongShapeSaysWhatWasExpected() throws {
        let project = try TemporaryProject([
            "A.swift": Self.source, "array.json": "[1, 2]\n", "findings.json": "{\"version\": 2, \"findings\": {}}\n",
            "version.json": "{\"version\": \"2\", \"findings\": []}\n",
        ])
        try Self.refuses(
            ["check", ".", "--baseline", "array.json"], in: project,
            "array.json:1:1: not a digraph baseline: expected an object with \"version\" and \"findings\", found an array; write one with `digraph check --write-baseline array.json`"
        )
        try Self.refuses(
            ["check", ".", "--baseline", "findings.json"], in: project, "findings.json:1:28: findings: expected an array, found an object")
        try Self.refuses(
            ["check", ".", "--baseline", "version.json"], in: project, "version.json:1:13: version: expected an integer, found a string")
    }

    @Test func aNamedPipeIsNeverOpenedForReading() throws {
        let project = try TemporaryProject(["Sources/A.swift": Self.source])
        try #require(mkfifo(project.url.appendingPathComponent("Sources/Pipe.swift").path, 0o644) == 0)
        try #require(mkfifo(project.url.appendingPathComponent("pipe.yml").path, 0o644) == 0)
        // Named: refused at once (a blocking open would hang here until the test's timeout).
        try Self.refuses(
            ["check", "Sources/Pipe.swift"], in: project,
            "Sources/Pipe.swift: is a named pipe, not a regular file; name a .swift file or a directory")
        try Self.refuses(
            ["check", "Sources", "--config", "pipe.yml"], in: project, "pipe.yml: cannot read: is a named pipe, not a regular file")
        try Self.refuses(
            ["check", "Sources", "--baseline", "pipe.yml"], in: project, "pipe.yml: cannot read: is a named pipe, not a regular file")
        // Found in a folder: skipped with a note, the rest checked; the same from the cache.
        for _ in 0..<2 {
            let r = try DigraphProcess.run(["check", "Sources", "--format", "xcode"], in: project.url)
            #expect(r.exitCode == 1)
            #expect(r.stdout.contains("no registration for `B`"))
            #expect(r.stderr.contains("Sources/Pipe.swift:1:1: note: is a named pipe, not a regular file: not analysed\n"))
        }
    }

    @Test func aFileThatIsNotUTF8IsANoteUnlessEncodingIsStrict() throws {
        let project = try TemporaryProject(["A.swift": Self.source])
        try project.write("Latin1.swift", Self.latin1)
        for cache in [[], ["--no-cache"], []] {
            let r = try DigraphProcess.run(["check", ".", "--format", "xcode"] + cache, in: project.url)
            #expect(r.exitCode == 1, "the finding in A.swift still fails the run")
            #expect(r.stdout.contains("A.swift:1:40: error: no registration for `B`"))
            #expect(
                r.stderr.contains(
                    "Latin1.swift:1:10: note: not valid UTF-8 (first invalid byte at offset 9): not analysed; save it as UTF-8 to have it checked\n"
                ))
        }
        let clean = try TemporaryProject(["Latin1.swift": ""])
        try clean.write("Latin1.swift", Self.latin1)
        #expect(try DigraphProcess.run(["check", "."], in: clean.url).exitCode == 0)
        try Self.refuses(
            ["check", ".", "--strict-encoding", "--write-baseline", "baseline.json"], in: project,
            "Latin1.swift:1:10: not valid UTF-8; save the file as UTF-8, or leave out --strict-encoding to skip it with a note")
    }

    @Test func emptyFileNamesAreRefusedForWhatTheyAre() throws {
        let project = try TemporaryProject(["A.swift": Self.source])
        try Self.refuses(
            ["check", ".", "--output", ""], in: project,
            "--output needs a file name, not an empty string; leave it out to write to stdout (see `digraph help`)")
        try Self.refuses(
            ["report", ".", "-o", ""], in: project,
            "--output needs a file name, not an empty string; leave it out to write to stdout (see `digraph help`)")
        try Self.refuses(
            ["render", ".", "--output", ""], in: project,
            "--output needs a file name, not an empty string; - writes to stdout (see `digraph help`)")
        try Self.refuses(
            ["check", ".", "--write-baseline", ""], in: project,
            "--write-baseline needs a file name, not an empty string (see `digraph help`)")
        try Self.refuses(
            ["check", ".", "--config", ""], in: project, "--config needs a file name, not an empty string (see `digraph help`)")
    }

    /// `-o` is `--output` wherever `--output` exists.
    @Test func dashOIsTheShortFormOfOutput() throws {
        let project = try TemporaryProject(["A.swift": Self.source])
        for (command, file) in [("check", "check.txt"), ("report", "report.json"), ("render", "graph.svg")] {
            let r = try DigraphProcess.run([command, ".", "-o", file], in: project.url)
            #expect(r.exitCode == 0 || r.exitCode == 1, "\(command): \(r.stderr)")
            #expect(r.stdout.isEmpty, "\(command) wrote to the file, not stdout")
            #expect(FileManager.default.fileExists(atPath: project.url.appendingPathComponent(file).path), "\(command)")
        }
        let help = try DigraphProcess.run(["check", "--help"])
        #expect(help.stdout.contains("-o, --output <file>"))
    }
}
