import DigraphCore
import Foundation
import Testing

/// What a newcomer's first runs say: the styles digraph reads (`--help`, the same list as the
/// README's), what `report --output` wrote, and where the cache went.
@Suite struct FirstRunTests {
    static let source = "container.register(A.self) { r in A(b: r.resolve(B.self)!) }\n"

    /// Words as one line: help text and README paragraphs are wrapped at different places.
    static func unwrapped(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    @Test func helpAndReadmeNameEveryStyleRead() throws {
        let help = try DigraphProcess.run(["--help"])
        #expect(help.exitCode == 0)
        #expect(Self.unwrapped(help.stdout).contains("digraph reads \(StylesRead.sentence) from Swift sources"))
        let readme = try String(contentsOf: DigraphProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(Self.unwrapped(readme).contains(StylesRead.sentence), "README's opening lists the styles --help lists")
        // Every style a service can be reported with, from the scanner's own list, is in a phrase;
        // `initializer` (a type built directly) and `assumed` (from the configuration) are not styles read.
        let listed = StylesRead.groups.flatMap(\.styles)
        #expect(Set(listed).count == listed.count, "no style in two phrases")
        let read = Registry.allCases.filter { $0 != .unspecified }.map(\.style) + [StylesRead.singletonStyle]
        #expect(Set(listed) == Set(read))
    }

    @Test func reportToAFileSaysWhatItWrote() throws {
        let project = try TemporaryProject(["A.swift": Self.source])
        let r = try DigraphProcess.run(["report", ".", "--output", "report.json", "--no-cache"], in: project.url)
        #expect(r.exitCode == 0)
        #expect(r.stdout.isEmpty)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line.hasPrefix("report.json: 1 error, 1 note in 1 file, "), "\(line)")
        #expect(line.hasSuffix(" s; 1 service from swinject (1); 1 edge"), "\(line)")
        // On stdout the report is the output: nothing more is said.
        let toStdout = try DigraphProcess.run(["report", ".", "--no-cache"], in: project.url)
        #expect(toStdout.stderr.isEmpty)
    }

    @Test func theCacheFolderIsSaidOnceByTheRunThatCreatesIt() throws {
        let project = try TemporaryProject(["App/A.swift": Self.source])
        let note =
            "note: created a cache in App/.build/digraph (ignored by git; --cache-dir DIR or cache_dir: in .digraph.yml moves it, --no-cache goes without)"
        let first = try DigraphProcess.run(["check", "App"], in: project.url)
        #expect(first.stderr.split(separator: "\n").filter { $0 == note }.count == 1, "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("App/.build/digraph").path))
        let again = try DigraphProcess.run(["check", "App"], in: project.url)
        #expect(!again.stderr.contains("created a cache"), "said once")
        let rendered = try DigraphProcess.run(["render", "App", "-o", "g.svg"], in: project.url)
        #expect(!rendered.stderr.contains("created a cache"))
        // Asked for, or none: nothing to say.
        let other = try TemporaryProject(["A.swift": Self.source])
        let asked = try DigraphProcess.run(["check", ".", "--cache-dir", "cache"], in: other.url)
        #expect(!asked.stderr.contains("created a cache"))
        let none = try DigraphProcess.run(["report", ".", "--no-cache"], in: other.url)
        #expect(!none.stderr.contains("created a cache"))
        // `report` and `render` say it too when they are the first.
        let third = try TemporaryProject(["A.swift": Self.source])
        let report = try DigraphProcess.run(["report", ".", "-o", "r.json"], in: third.url)
        #expect(report.stderr.hasPrefix(note.replacingOccurrences(of: "App/", with: "") + "\n"), "\(report.stderr)")
    }
}
