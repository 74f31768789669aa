import DigraphCore
import DigraphProjects
import DigraphScanner
import Foundation

/// The language server's view of one folder: the same analysis as `digraph check` on it (its
/// configuration, its programs, every rule), kept warm between runs.
///
/// - Per-file facts are cached in memory, keyed by the file's modification time and size on disk,
///   or by its text when the editor has it open: a re-analysis rescans only what changed, then
///   links and runs the rules on everything.
/// - Open documents are analysed from the editor's text, saved or not.
/// - File discovery and program discovery (Package.swift, Xcode projects, XcodeGen specs, Tuist) are kept
///   until a watched file says the project changed.
final class Workspace {
    let root: URL

    /// The editor's text of open documents, by display path.
    private(set) var overlays: [String: String] = [:]
    private var loaded: ConfigurationLoader.Loaded?
    private var discovered: [SourceDiscovery.File]?
    private var programs: (files: [String], map: ProgramMap)?
    private var cache: [String: (stamp: Stamp, facts: FileFacts)] = [:]
    /// Text read from disk for positions (UTF-16 columns, ranges), by display path; emptied by
    /// every analysis.
    private var diskText: [String: [Substring]] = [:]

    enum Stamp: Equatable {
        case disk(modified: Date, size: Int)
        case text(String)
    }

    struct Outcome {
        var analysis: Analysis
        var files: Int
        var rescanned: Int
        var seconds: Double
        /// Where the time went: finding files and programs and checking stamps, rescanning,
        /// linking, running the rules.
        var phases: [(String, Double)] = []
        /// Files that could not be read (not UTF-8, vanished): skipped, said in the log.
        var skipped: [String]
    }

    init(root: URL) {
        // A directory URL (trailing slash): paths resolve inside it, not next to it.
        self.root = URL(fileURLWithPath: root.standardizedFileURL.path, isDirectory: true)
    }

    // MARK: Paths

    func displayPath(_ url: URL) -> String { DisplayPath.make(url, currentDirectory: root) }

    func url(forDisplay path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }

    // MARK: Editor state

    func open(_ display: String, text: String) { overlays[display] = text }

    func change(_ display: String, text: String) { overlays[display] = text }

    func close(_ display: String) { overlays.removeValue(forKey: display) }

    /// A watched file changed on disk: project descriptions and the configuration mean the
    /// project's shape may have changed; a created or deleted Swift file changes the file list.
    func watchedFileChanged(_ display: String, kind: Int) {
        let name = (display as NSString).lastPathComponent
        let describes =
            name == "Package.swift" || name.hasPrefix("Package@swift") || name == "project.pbxproj" || name.hasSuffix(".yml")
            || name.hasSuffix(".yaml") || name == "Project.swift" || name == "Workspace.swift" || display.contains("ProjectDescriptionHelpers")
            || name == ConfigurationLoader.fileName || display.hasSuffix(".xcodeproj") || display.contains(".playground")
        if describes {
            discovered = nil
            programs = nil
            loaded = nil
        }
        // 1 created, 3 deleted: the list of files changes.
        if kind == 1 || kind == 3 {
            discovered = nil
            programs = nil
        }
        if kind == 3 { cache.removeValue(forKey: display) }
    }

    // MARK: Analysis

    func analyze() throws(DigraphError) -> Outcome {
        let started = Date()
        diskText = [:]
        if loaded == nil {
            loaded = try ConfigurationLoader.locate(explicit: nil, paths: [], currentDirectory: root)
        }
        let loaded = self.loaded!
        let configuration = loaded.configuration

        if discovered == nil {
            let discovery = SourceDiscovery(
                currentDirectory: root, excluded: configuration.excluded.map(Glob.init), excludeBase: loaded.baseDirectory)
            discovered = try discovery.files(in: try roots(loaded))
        }
        var files = discovered!
        // Open documents not yet on disk (or not found by the walk) are analysed too.
        let known = Set(files.map(\.display))
        for display in overlays.keys.sorted() where !known.contains(display) && display.hasSuffix(".swift") && !display.hasPrefix("/") {
            let fileURL = url(forDisplay: display)
            files.append(SourceDiscovery.File(display: display, url: fileURL, path: fileURL.path))
        }
        files.sort { $0.display < $1.display }

        let displays = files.map(\.display)
        if programs?.files != displays {
            let rootURLs = try roots(loaded).map { URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL }
            do {
                let map = try ProgramDiscovery(currentDirectory: root).discover(
                    roots: rootURLs, files: files.map { ($0.display, $0.url) })
                programs = (displays, map)
            } catch {
                throw .project(error)
            }
        }
        let map = programs!.map
        let uncompiled = Set(map.uncompiled)
        files.removeAll { uncompiled.contains($0.display) }

        var phases: [(String, Double)] = []
        var mark = Date()
        func phase(_ name: String) {
            phases.append((name, Date().timeIntervalSince(mark)))
            mark = Date()
        }
        // Rescan what changed, in parallel.
        var stamps: [Stamp?] = []
        var work: [Int] = []
        for (i, file) in files.enumerated() {
            let stamp = self.stamp(file)
            stamps.append(stamp)
            if let stamp, cache[file.display]?.stamp == stamp { continue }
            work.append(i)
        }
        phase("files")
        let overlays = self.overlays
        let (scanFiles, scanWork) = (files, work)
        // On large-stack threads, as the command line scans: parsing recurses as deep as a file nests.
        let results = ParallelMap.map(scanWork.count, jobs: ProcessInfo.processInfo.activeProcessorCount) { k -> FileFacts? in
            let file = scanFiles[scanWork[k]]
            let text: String?
            if let open = overlays[file.display] {
                text = open
            } else {
                text = try? SourceReader.read(file.url, display: file.display)
            }
            return text.map { text in CrashReport.reading(file.display) { SwiftFileScanner.scan(source: text, path: file.display) } }
        }
        var skipped: [String] = []
        for (k, i) in work.enumerated() {
            let display = files[i].display
            if let facts = results[k], let stamp = stamps[i] {
                cache[display] = (stamp, facts)
            } else if let facts = results[k] {
                cache[display] = (.text(""), facts)
            } else {
                cache.removeValue(forKey: display)
                skipped.append(display)
            }
        }
        let present = Set(files.map(\.display))
        for key in cache.keys where !present.contains(key) { cache.removeValue(forKey: key) }
        let facts = files.compactMap { cache[$0.display]?.facts }
        phase("scan")

        let resolved = ProgramResolver.resolve(map, facts: facts)
        let graphs = Linker(configuration: configuration).link(facts, programs: resolved)
        phase("link")
        var analysis = Analyzer(configuration: configuration).analyze(
            graphs, comments: facts.flatMap(\.suppressionComments), notes: resolved.notes)
        if let configured = configuration.baseline {
            let url = URL(fileURLWithPath: configured, relativeTo: loaded.baseDirectory)
            let baseline = try BaselineFile.read(displayPath(url), currentDirectory: root)
            baseline.apply(to: &analysis.diagnostics)
        }
        phase("rules")
        return Outcome(
            analysis: analysis, files: files.count, rescanned: work.count, seconds: Date().timeIntervalSince(started),
            phases: phases, skipped: skipped)
    }

    /// The configuration's `included` (relative to it), else the folder itself.
    private func roots(_ loaded: ConfigurationLoader.Loaded) throws(DigraphError) -> [String] {
        let included = loaded.configuration.included.map {
            displayPath(URL(fileURLWithPath: $0, relativeTo: loaded.baseDirectory))
        }.filter { FileManager.default.fileExists(atPath: url(forDisplay: $0).path) }
        return included.isEmpty ? ["."] : included
    }

    private func stamp(_ file: SourceDiscovery.File) -> Stamp? {
        if let text = overlays[file.display] { return .text(text) }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.url.path),
            let modified = attributes[.modificationDate] as? Date, let size = attributes[.size] as? NSNumber
        else { return nil }
        return .disk(modified: modified, size: size.intValue)
    }

    // MARK: Text, for positions

    /// The lines of a file as the editor sees it: its open text, else the file on disk.
    func lines(_ display: String) -> [Substring] {
        if let text = overlays[display] { return SourceLines.lines(of: text) }
        if let lines = diskText[display] { return lines }
        let text = (try? String(contentsOf: url(forDisplay: display), encoding: .utf8)) ?? ""
        let lines = SourceLines.lines(of: text)
        diskText[display] = lines
        return lines
    }
}

