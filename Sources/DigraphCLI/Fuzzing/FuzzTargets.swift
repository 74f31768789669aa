import DigraphCore
import DigraphProjects
import DigraphReporters
import DigraphScanner
import DigraphSnapshot
import Foundation

/// Every kind of file a repository hands digraph, as a function of raw bytes: what libFuzzer
/// drives (`make fuzz`, `Sources/digraph-fuzz`) and what the regression tests replay
/// (`Fuzz/regressions/<target>/`). A target returns on any input; anything else (a crash, a stack
/// overflow, a trap, a sanitizer report, an input taking seconds) is a bug.
///
/// Run a target on a thread with a ``LargeStack``, as digraph runs its commands.
package enum FuzzTargets {
    package static let names = ["swift", "snapshot", "config", "baseline", "package", "pbxproj", "xcodegen"]

    /// False when `name` is no target.
    package static func run(_ name: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        switch name {
        case "swift": swift(bytes)
        case "snapshot": snapshot(bytes)
        case "config": config(bytes)
        case "baseline": baseline(bytes)
        case "package": project(bytes, at: "Package.swift")
        case "pbxproj": project(bytes, at: "App.xcodeproj/project.pbxproj")
        case "xcodegen": project(bytes, at: "project.yml")
        default: return false
        }
        return true
    }

    /// Swift source -> facts -> graph -> findings -> the xcode and JSON reports. (That the same bytes always
    /// give the same output is checked across processes, by scripts/mutate.py.)
    static func swift(_ bytes: UnsafeRawBufferPointer) {
        let source = String(decoding: bytes, as: UTF8.self)
        report(Analyzer().analyze([SwiftFileScanner.scan(source: source, path: "Fuzz.swift")]))
    }

    /// Snapshot bytes -> document -> graph -> findings -> reports.
    static func snapshot(_ bytes: UnsafeRawBufferPointer) {
        guard
            let document = try? SnapshotLoader.parse(
                Array(bytes), displayPath: "fuzz.snapshot.json", currentDirectory: "/fuzz")
        else { return }
        let graph = GraphMerger.graph(source: nil, snapshots: [document], configuration: Configuration())
        report(Analyzer().analyze(graph))
    }

    /// `.digraph.yml` bytes -> configuration -> an analysis under it.
    static func config(_ bytes: UnsafeRawBufferPointer) {
        guard let configuration = try? ConfigurationLoader.parse(String(decoding: bytes, as: UTF8.self), file: ".digraph.yml")
        else { return }
        let source = "final class A { init(b: B) {} }\nfinal class B { init(a: A) {} }\n"
        report(Analyzer(configuration: configuration).analyze([SwiftFileScanner.scan(source: source, path: "A.swift")]))
    }

    /// Baseline bytes -> baseline -> applied to findings.
    static func baseline(_ bytes: UnsafeRawBufferPointer) {
        guard let baseline = try? BaselineFile.decode(Data(bytes), path: "baseline.json") else { return }
        let source = "final class A { init(b: B) {} }\nfinal class B { init(a: A) {} }\n"
        var analysis = Analyzer().analyze([SwiftFileScanner.scan(source: source, path: "A.swift")])
        baseline.apply(to: &analysis.diagnostics)
    }

    /// A project description's bytes, written at `path` in a scratch project with a few Swift
    /// files -> the programs discovery makes of it.
    static func project(_ bytes: UnsafeRawBufferPointer, at path: String) {
        let root = ScratchProject.shared.root
        let url = root.appendingPathComponent(path)
        guard (try? Data(bytes).write(to: url)) != nil else { return }
        defer { try? FileManager.default.removeItem(at: url) }
        let files = ScratchProject.swiftFiles.map { (display: $0, url: root.appendingPathComponent($0)) }
        guard let map = try? ProgramDiscovery(currentDirectory: root).discover(roots: [root], files: files) else { return }
        _ = ProgramResolver.resolve(map, facts: files.map { FileFacts(file: $0.display) })
    }

    private static func report(_ analysis: Analysis) {
        let context = ReportContext(files: 1, coverage: nil)
        _ = XcodeReporter().render(analysis, context: context)
        _ = JSONReporter().render(analysis, context: context)
    }
}

/// A folder of Swift files the project-description targets describe, made once per process.
private final class ScratchProject: Sendable {
    static let shared = ScratchProject()
    static let swiftFiles = ["Sources/App/App.swift", "Sources/Core/Core.swift", "App/AppDelegate.swift", "Tests/AppTests/AppTests.swift"]

    let root: URL

    private init() {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("digraph-fuzz-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
            .standardizedFileURL
        for file in Self.swiftFiles {
            let url = root.appendingPathComponent(file)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data("final class A { init() {} }\n".utf8).write(to: url)
        }
        try? FileManager.default.createDirectory(
            at: root.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
        // Discovery stops walking up at a repository's root.
        try? FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
    }
}
