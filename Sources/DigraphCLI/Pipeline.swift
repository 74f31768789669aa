import DigraphCore
import DigraphReporters
import DigraphScanner
import Foundation

/// files -> facts -> graph -> findings, with everything a command needs to report them.
struct Pipeline {
    var paths: [String]
    var configPath: String?
    var jobs: Int?
    var currentDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

    struct Run {
        var analysis: Analysis
        var configuration: Configuration
        var files: Int
        var inputs: [ReportInput]
        var sourceLines: SourceLines
    }

    func run(adjust: (inout Configuration) throws(DigraphError) -> Void = { _ throws(DigraphError) in }) throws(DigraphError)
        -> Run
    {
        let loaded = try ConfigurationLoader.locate(explicit: configPath, paths: paths, currentDirectory: currentDirectory)
        var configuration = loaded.configuration
        try adjust(&configuration)

        let roots = effectivePaths(loaded)
        let discovery = SourceDiscovery(
            currentDirectory: currentDirectory, excluded: configuration.excluded.map(Glob.init),
            excludeBase: loaded.baseDirectory)
        var inputs: [ReportInput] = []
        var files: [SourceDiscovery.File] = []
        var seen: Set<URL> = []
        for root in roots {
            let found = try discovery.files(in: [root])
            inputs.append(ReportInput(kind: .source, path: root, files: found.count))
            for file in found where seen.insert(file.url).inserted { files.append(file) }
        }
        let scanner = ProjectScanner(jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let facts: [FileFacts]
        do {
            facts = try scanner.scan(files.map { ($0.display, $0.url) })
        } catch {
            throw .scan(error)
        }
        let analysis = Analyzer(configuration: configuration).analyze(facts)
        return Run(
            analysis: analysis, configuration: configuration, files: files.count, inputs: inputs,
            sourceLines: SourceLines(currentDirectory: currentDirectory))
    }

    /// Paths given on the command line; else the configuration's `included` (relative to the
    /// configuration file); else the current directory.
    private func effectivePaths(_ loaded: ConfigurationLoader.Loaded) -> [String] {
        if !paths.isEmpty { return paths }
        if !loaded.configuration.included.isEmpty {
            return loaded.configuration.included.map { included in
                let url = URL(fileURLWithPath: included, relativeTo: loaded.baseDirectory)
                return DisplayPath.make(url, currentDirectory: currentDirectory)
            }
        }
        return ["."]
    }
}

/// Source lines for the text format's excerpts, read once per file on demand.
final class SourceLines: @unchecked Sendable {
    private let currentDirectory: URL
    private var cache: [String: [Substring]] = [:]
    private let lock = NSLock()

    init(currentDirectory: URL) { self.currentDirectory = currentDirectory }

    func line(_ file: String, _ number: Int) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if cache[file] == nil {
            let url = URL(fileURLWithPath: file, relativeTo: currentDirectory)
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            cache[file] = text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        guard let lines = cache[file], number >= 1, number <= lines.count else { return nil }
        return String(lines[number - 1])
    }
}
