import Foundation
import Testing

/// Files digraph creates honour the umask, as a shell redirect does (`0666` less the umask, folders
/// `0777` less it); a file it replaces keeps its own mode. The process runs under `sh -c 'umask …'`:
/// the test process's own umask is never touched (other tests create files at the same time).
@Suite struct FileModeTests {
    static let source = "container.register(A.self) { r in A(b: r.resolve(B.self)!) }\n"

    /// `digraph` with `arguments`, under `umask`.
    static func run(umask: mode_t, _ arguments: [String], in directory: URL) throws -> DigraphProcess.Result {
        let script = "umask \(String(umask, radix: 8)) && exec \"$0\" \"$@\""
        return try DigraphProcess.run(
            ["-c", script, DigraphProcess.executable.path] + arguments, in: directory,
            executable: URL(fileURLWithPath: "/bin/sh"))
    }

    static func mode(_ url: URL) throws -> mode_t {
        var status = stat()
        try #require(lstat(url.path, &status) == 0, "\(url.path) exists")
        return status.st_mode & 0o7777
    }

    @Test(arguments: [mode_t(0o022), 0o077])
    func outputsBaselinesPicturesAndTheCacheHonourTheUmask(umask: mode_t) throws {
        let project = try TemporaryProject(["App/A.swift": Self.source])
        let runs = [
            ["check", "App", "--output", "check.txt", "--write-baseline", "baseline.json"],
            ["report", "App", "--output", "report.json"],
            ["render", "App", "--output", "graph.svg"],
        ]
        for arguments in runs {
            let r = try Self.run(umask: umask, arguments, in: project.url)
            #expect(r.exitCode == 0 || r.exitCode == 1, "\(arguments): \(r.stderr)")
        }
        for name in ["check.txt", "baseline.json", "report.json", "graph.svg"] {
            #expect(try Self.mode(project.url.appendingPathComponent(name)) == 0o666 & ~umask, "\(name)")
        }
        // Every folder and entry of the cache the first run created.
        let cache = project.url.appendingPathComponent("App/.build/digraph")
        let entries = try #require(FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil))
        var files = 0
        for case let url as URL in entries {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files += 1 }
            #expect(try Self.mode(url) == (isDirectory.boolValue ? 0o777 : 0o666) & ~umask, "\(url.path)")
        }
        #expect(files > 3, "the cache holds entries")
        #expect(try Self.mode(cache) == 0o777 & ~umask)
    }

    @Test func aReplacedFileKeepsItsModeWhateverTheUmask() throws {
        let project = try TemporaryProject(["A.swift": Self.source, "report.json": "old\n", "shared.json": "old\n"])
        chmod(project.url.appendingPathComponent("report.json").path, 0o640)
        chmod(project.url.appendingPathComponent("shared.json").path, 0o664)
        #expect(try Self.run(umask: 0o077, ["report", ".", "--output", "report.json"], in: project.url).exitCode == 0)
        #expect(try Self.run(umask: 0o077, ["report", ".", "--output", "shared.json"], in: project.url).exitCode == 0)
        #expect(try Self.mode(project.url.appendingPathComponent("report.json")) == 0o640)
        #expect(try Self.mode(project.url.appendingPathComponent("shared.json")) == 0o664)
        #expect(try project.read("report.json").hasPrefix("{"), "replaced")
    }
}
