import DigraphCache
import DigraphCore
import DigraphProjects
import DigraphReporters
import DigraphScanner
import DigraphSnapshot
import Foundation

/// files -> facts -> graph -> findings, with everything a command needs to report them.
struct Pipeline {
    var paths: [String]
    var configPath: String?
    var jobs: Int?
    var currentDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    /// `--baseline`; else the configuration's `baseline:`.
    var baselinePath: String?
    /// `--write-baseline`: record the findings there, then hide them.
    var writeBaselinePath: String?
    var showProgress = false
    /// `--snapshot` files; with no paths, only they are analysed.
    var snapshotPaths: [String] = []
    /// `--program NAME`: check only that program.
    var programFilter: String?
    /// `--isolated`: analyse the paths alone, never the project around them. Only `check`
    /// reads the project around its paths; `report` and `render` describe what they are given.
    var isolated = true
    /// `--changed-since REF`: the Swift files changed against a git ref are the paths.
    var changedSince: String?
    /// `--cache-dir`; else the configuration's `cache_dir:`; else `.build/digraph` in the first
    /// scanned folder.
    var cacheDirectory: String?
    /// False with `--no-cache`: the cache is neither read nor written.
    var useCache = true
    /// `--strict-encoding`: a Swift file that is not UTF-8 stops the run (exit 2) instead of
    /// being skipped with a note.
    var strictEncoding = false
    /// False with `--ungrouped`: findings with one cause are not reported as one (``FindingGroups``).
    var groupsFindings = true
    /// False when the command reports findings only: a run taken from the cache then leaves
    /// ``Analysis/graph`` empty (``Run/graphSummary`` still describes it).
    var needsGraph = true

    struct Run {
        var analysis: Analysis
        var configuration: Configuration
        var files: Int
        var inputs: [ReportInput]
        /// Project constructs the program readers did not understand, and files no program compiles.
        var programNotes: [ProgramNote]
        var uncompiled: [String]
        /// The paths whose findings are shown when the project around them was analysed whole.
        var focus: [String]?
        var changedSince: String?
        /// What the scan understood per style, and what looked like DI but was not read.
        var coverage: Coverage
        var sourceLines: SourceLines
        var baselineUsed: Bool
        /// Said on stderr: a cache folder that was asked for and cannot be used, or the default
        /// one, created by this run.
        var cacheNote: String?
        /// How many files' facts came from the cache, and the files parsed; nil without a cache.
        var cache: (hits: Int, parsed: [String])?
        /// With the cache, the programs linked and analysed (not taken from the cache) this run.
        var linkedPrograms: [String] = []
        /// `48 services from swinject (31), singleton (17); 96 edges`.
        var graphSummary: String

        /// Per program, the registrations seen but not read that left a container open for a
        /// miss (read from the findings, so a run from the cache says the same).
        var openSites: [ProgramOpenSites] { OpenSiteSummary.groups(analysis.diagnostics) }

        /// Per program, what looked like DI and was not read, most hidden first.
        var notRead: [NotReadGroup] {
            NotReadSummary.groups(coverage: coverage, diagnostics: analysis.diagnostics, programs: analysis.programs)
        }
    }

    func run(adjust: (inout Configuration) throws(DigraphError) -> Void = { _ throws(DigraphError) in }) throws(DigraphError)
        -> Run
    {
        let loaded = try ConfigurationLoader.locate(explicit: configPath, paths: paths, currentDirectory: currentDirectory)
        var configuration = loaded.configuration
        try adjust(&configuration)

        // Read before the scan: a baseline that cannot be read stops the run at once, with nothing
        // written (not even cache entries).
        let baseline = try readBaseline(configuration: configuration, loaded: loaded)
        let snapshots = try loadSnapshots()
        var given = paths
        if let changedSince {
            given = try ChangedFiles.swiftFiles(since: changedSince, currentDirectory: currentDirectory)
        }
        let snapshotOnly = !snapshots.isEmpty && given.isEmpty && changedSince == nil
        var roots = snapshotOnly || (changedSince != nil && given.isEmpty) ? [] : (given.isEmpty ? try effectivePaths(loaded) : given)
        // Paths inside a project are checked with the whole project around them, so that what
        // other files register is known; only their own findings are shown.
        var focus: [String]?
        if !isolated, !given.isEmpty, let expanded = ProjectScope.expand(given, currentDirectory: currentDirectory) {
            roots = expanded
            focus = given.map { DisplayPath.make(URL(fileURLWithPath: $0, relativeTo: currentDirectory), currentDirectory: currentDirectory) }
        }
        let (store, cacheNote) = roots.isEmpty ? (nil, nil) : openCache(roots: roots, configuration: configuration, loaded: loaded)
        let descriptions = store.flatMap(DescriptionCache.init(store:))
        // Cache entries written beside the run (the discovery's, while the files are scanned):
        // whole before the run ends, and before the cache folder is swept.
        let writes = DispatchGroup()
        defer {
            writes.wait()
            if let store {
                let statistics = store.statistics
                store.finish(workingSet: statistics.bytesRead + statistics.bytesWritten)
            }
        }
        var (inputs, files, programMap) = try collect(
            roots, configuration: configuration, loaded: loaded, cache: descriptions, store: store, writes: writes)
        if let shown = focus, !ProjectScope.compiles(shown, files: files.map(\.display), map: programMap) {
            // The project around the paths does not build them (a loose folder, an example):
            // check them on their own, as given.
            focus = nil
            roots = given
            (inputs, files, programMap) = try collect(
                roots, configuration: configuration, loaded: loaded, cache: descriptions, store: store, writes: writes)
        }
        // What no program compiles (stale copies, the manifest itself) is not analysed.
        let uncompiled = Set(programMap.uncompiled)
        files.removeAll { uncompiled.contains($0.display) }
        let scanner = ProjectScanner(jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let progress = showProgress ? ProgressBar(total: files.count) : nil
        var update: (@Sendable (Int) -> Void)?
        if let progress {
            update = { done in progress.update(done) }
        }
        let factsCache = store.flatMap(FactsCache.init(store:))
        // A whole run's result is kept too, under the digest of everything it depends on: with
        // nothing changed, nothing is parsed, decoded, linked or analysed again.
        let sources = files.map { SourceFile(display: $0.display, url: $0.url, rawPath: $0.raw?.bytes, size: $0.size) }
        var keys: [CacheKey]?
        var runKey: CacheKey?
        // With no summaries of an earlier run of this build in the folder, there is no result to
        // look up: the keys are read during the scan instead, and each file is read once.
        if let factsCache, let store, snapshots.isEmpty, factsCache.hasSummaries {
            do {
                let fileKeys = try scanner.factKeys(sources, cache: factsCache)
                keys = fileKeys
                runKey = RunCache.key(
                    factsCache: factsCache, configuration: configuration, programMap: programMap,
                    programFilter: programFilter, files: zip(files, fileKeys).map { ($0.display, $1) })
            } catch {
                throw .scan(error)
            }
            if let runKey, let cached = RunCache.load(runKey, graph: needsGraph, from: store) {
                progress?.finish()
                factsCache.counters.addHits(files.count)
                return try finish(
                    analysis: cached.analysis, coverage: cached.coverage, graphSummary: cached.graphSummary,
                    configuration: configuration, loaded: loaded,
                    files: files, inputs: inputs + snapshots.map { ReportInput(kind: .snapshot, path: $0.path) },
                    programMap: programMap, focus: focus, cacheNote: cacheNote, factsCache: factsCache, baseline: baseline)
            }
        }
        inputs += snapshots.map { ReportInput(kind: .snapshot, path: $0.path) }
        let (analysis, coverage): (Analysis, Coverage)
        var linkedPrograms: [String] = []
        var summary: String?
        do {
            if let factsCache, let store, snapshots.isEmpty {
                let used: [CacheKey]
                (analysis, coverage, summary, linkedPrograms, used) = try analyseReusing(
                    sources, keys: keys, factsCache: factsCache, store: store, programMap: programMap,
                    configuration: configuration, scanner: scanner, progress: update, writes: writes)
                if runKey == nil {
                    runKey = RunCache.key(
                        factsCache: factsCache, configuration: configuration, programMap: programMap,
                        programFilter: programFilter, files: zip(files, used).map { ($0.display, $1) })
                }
            } else {
                (analysis, coverage) = try analyseAnew(
                    sources, factsCache: factsCache, programMap: programMap, configuration: configuration,
                    snapshots: snapshots, snapshotOnly: snapshotOnly, scanner: scanner, progress: update)
            }
        } catch {
            progress?.finish()
            throw error
        }
        progress?.finish()
        let graphSummary = summary ?? Coverage.summary(services: analysis.graph.services, edges: analysis.graph.edges.count)
        if let runKey, let store {
            // Without its graph (a run reporting findings only) the result is kept alone: a run
            // that reports the graph finds no graph beside it and computes it.
            RunCache.save(
                RunCache.Result(analysis: analysis, coverage: coverage, graphSummary: graphSummary), runKey,
                withGraph: needsGraph, to: store)
        }
        var run = try finish(
            analysis: analysis, coverage: coverage, graphSummary: graphSummary, configuration: configuration,
            loaded: loaded, files: files,
            inputs: inputs, programMap: programMap, focus: focus, cacheNote: cacheNote, factsCache: factsCache, baseline: baseline)
        run.linkedPrograms = linkedPrograms
        return run
    }

    /// Every file scanned (or its facts read from the cache), every program linked and analysed:
    /// runs with `--no-cache` and runs with live snapshots (which change the graphs).
    private func analyseAnew(
        _ sources: [SourceFile], factsCache: FactsCache?, programMap: ProgramMap, configuration: Configuration,
        snapshots: [SnapshotDocument], snapshotOnly: Bool, scanner: ProjectScanner, progress: (@Sendable (Int) -> Void)?
    ) throws(DigraphError) -> (Analysis, Coverage) {
        let facts: [FileFacts]
        do {
            facts = try scanner.scan(sources, cache: factsCache, progress: progress)
        } catch {
            throw .scan(error)
        }
        // What the analysis needs of the facts besides the link, read before it: the facts are not
        // used after the link, and are let go before the rules run.
        let coverage = Coverage(facts)
        let comments = facts.flatMap(\.suppressionComments)
        let resolved = ProgramResolver.resolve(programMap, facts: facts)
        var graphs = snapshotOnly ? [] : Linker(configuration: configuration).link(facts, programs: resolved, jobs: scanner.jobs)
        // Not used after this: freed on another thread while the rules run.
        ReleaseElsewhere.release(facts)
        if let only = programFilter {
            graphs = [graphs[try selectedProgram(only, among: graphs.map(\.program.name))]]
        }
        if !snapshots.isEmpty {
            graphs = SnapshotPrograms.merge(snapshots, into: graphs, configuration: configuration)
        }
        let analysis = Analyzer(configuration: configuration).analyze(
            graphs, comments: comments, notes: resolved.notes, jobs: scanner.jobs)
        return (analysis, coverage)
    }

    /// With the cache: a file whose entry is there gives only its summary; a program whose
    /// inputs are unchanged (see ``ProgramCache``) gives its graph and findings from its entry, so
    /// only the programs compiling a changed file are linked and analysed, from their files'
    /// facts. The same analysis as ``analyseAnew`` (the tests compare them).
    /// `keys`: the files' entry keys when read before (else each file gives its key as it is
    /// scanned); the keys used are returned.
    private func analyseReusing(
        _ sources: [SourceFile], keys given: [CacheKey]?, factsCache: FactsCache, store: CacheStore, programMap: ProgramMap,
        configuration: Configuration, scanner: ProjectScanner, progress: (@Sendable (Int) -> Void)?, writes: DispatchGroup
    ) throws(DigraphError) -> (Analysis, Coverage, graphSummary: String, linked: [String], keys: [CacheKey]) {
        var scanned: [ScannedFile]
        let known = factsCache.loadSummaries() ?? [:]
        var parsed: [(key: CacheKey, facts: FileFacts)] = []
        do {
            scanned = try scanner.scanSummaries(
                sources, cache: factsCache, keys: given, known: known, progress: progress, keptBy: { parsed = $0 })
        } catch {
            throw .scan(error)
        }
        let keys = given ?? scanned.map(\.key)
        let summaries = scanned.map(\.summary)
        // The facts parsed are kept in packs, then the index that says where they are, on a thread
        // of their own at a lower priority, beside the link and the report: on a first run,
        // encoding them before the link left a core idle through the single-threaded end, and at
        // the same priority they slowed the program the link finishes on. Each pack's facts are
        // let go once written, so that they do not add to the memory of the merge and the report.
        let indexSaved = DispatchGroup()
        indexSaved.enter()
        writes.enter()
        let handoff = Handoff(parsed)
        parsed = []
        BackgroundThread.start {
            scanner.keepReleasing(handoff.take(), cache: factsCache)
            factsCache.saveIndex(keys: keys, summaries)
            indexSaved.leave()
            writes.leave()
        }
        let resolved = ProgramResolver.resolve(programMap, declaringTests: Set(summaries.filter(\.declaresTests).map(\.file)))
        var programs = resolved.programs
        if let only = programFilter {
            programs = [programs[try selectedProgram(only, among: programs.map(\.name))]]
        }
        let comments = summaries.flatMap(\.suppressionComments)
        let analyzer = Analyzer(configuration: configuration)
        let index = Dictionary(sources.indices.map { (sources[$0].display, $0) }, uniquingKeysWith: { first, _ in first })
        let runPart = ProgramCache.runPart(factsCache: factsCache, configuration: configuration, comments: comments)
        // The files each program is linked from, and which of them only tests compile.
        let planned = ParallelMap.map(programs.count, jobs: scanner.jobs) { [programs] n in
            let visible = resolved.visibleFiles(of: programs[n])
            let testFiles = resolved.testFiles.intersection(visible)
            let key = ProgramCache.key(
                runPart: runPart, program: programs[n], visible: visible.compactMap { path in index[path].map { (path, keys[$0]) } },
                testFiles: testFiles)
            return (visible: visible, testFiles: testFiles, key: key)
        }
        let visible = planned.map(\.visible)
        let testFiles = planned.map(\.testFiles)
        let programKeys = planned.map(\.key)
        // Each program's entry, and its graph when the run reports the graph.
        var analyses = ParallelMap.map(programs.count, jobs: scanner.jobs) { n -> ProgramAnalysis? in
            guard let entry = ProgramCache.load(programKeys[n], from: store) else { return nil }
            guard needsGraph else { return ProgramAnalysis(entry: entry, graph: nil) }
            return ProgramCache.loadGraph(programKeys[n], from: store).map { ProgramAnalysis(entry: entry, graph: $0) }
        }
        let stale = analyses.indices.filter { analyses[$0] == nil }
        if !stale.isEmpty {
            // The facts of the files the stale programs are linked from, read once each.
            var factsByPath: [String: FileFacts] = [:]
            factsByPath.reserveCapacity(scanned.count)
            var unread: [Bool] = []
            unread.reserveCapacity(scanned.count)
            for file in scanned {
                if let facts = file.facts { factsByPath[file.summary.file] = facts }
                unread.append(file.facts == nil)
            }
            // A first run parsed every file: nothing to read. (Asking `scanned[i].facts == nil`
            // per visible file copied that file's facts each time, tens of thousands of times.)
            let wanted =
                unread.contains(true)
                ? Set(stale.flatMap { visible[$0] }).compactMap { index[$0] }.filter { unread[$0] }.sorted() : []
            if !wanted.isEmpty {
                // After the index above: one index written at a time, the later one whole.
                indexSaved.wait()
                do {
                    for facts in try scanner.facts(of: wanted, sources, cache: factsCache, keys: keys) {
                        factsByPath[facts.file] = facts
                    }
                    // Files whose packs went missing were parsed and kept again: the index says where.
                    if factsCache.keptSinceIndex { factsCache.saveIndex(keys: keys, summaries) }
                } catch {
                    throw .scan(error)
                }
            }
            let linker = Linker(configuration: configuration)
            let order = Linker.largestFirst(stale.map { visible[$0].count })
            let fresh = ParallelMap.map(stale.count, jobs: scanner.jobs, order: order) { n -> ProgramAnalysis in
                let graph = linker.link(
                    programs[stale[n]], facts: visible[stale[n]].compactMap { factsByPath[$0] }, testFiles: testFiles[stale[n]]
                ).graph
                let entry = ProgramCache.Entry(
                    findings: analyzer.findings(in: graph, comments: comments), digest: ProgramDigest(graph))
                ProgramCache.save(entry, graph: needsGraph ? graph : nil, programKeys[stale[n]], to: store)
                // Kept only when the run reports it: the graphs of every program held to the end
                // were a tenth of the peak memory.
                return ProgramAnalysis(entry: entry, graph: needsGraph ? graph : nil)
            }
            for (n, analysis) in zip(stale, fresh) { analyses[n] = analysis }
            // Every file's facts, freed on another thread while this one merges and reports: on
            // this one, a first run spent a hundredth of its time in that alone.
            ReleaseElsewhere.release((factsByPath, scanned))
            factsByPath = [:]
            scanned = []
        }
        let found = analyses.map { $0!.entry.findings }
        let analysis: Analysis
        let graphSummary: String
        if programs.isEmpty {
            analysis = analyzer.analyze([], comments: comments, jobs: scanner.jobs)
            graphSummary = Coverage.summary(services: [], edges: 0)
        } else if needsGraph {
            let graphs = zip(programs, analyses).map { ProgramGraph(program: $0, graph: $1!.graph!) }
            analysis = analyzer.merge(graphs, findings: found, jobs: scanner.jobs)
            graphSummary = Coverage.summary(services: analysis.graph.services, edges: analysis.graph.edges.count)
        } else {
            let digests = analyses.map { $0!.entry.digest }
            analysis = analyzer.merge(programs, digests: digests, findings: found, jobs: scanner.jobs)
            graphSummary = Coverage.summary(of: digests)
        }
        return (analysis, Coverage(parts: summaries.map(\.coverage)), graphSummary, stale.map { programs[$0].name }, keys)
    }

    /// A program's analysis as its cache entry gives it or a link makes it; its graph only when
    /// the run reports the graph.
    private struct ProgramAnalysis {
        var entry: ProgramCache.Entry
        var graph: DependencyGraph?
    }

    /// The index of the program `--program` names, or a usage error listing those there are.
    private func selectedProgram(_ name: String, among names: [String]) throws(DigraphError) -> Int {
        guard let index = names.firstIndex(of: name) else {
            let suggestion = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
            throw .usage("--program: no program named '\(name)'\(suggestion) (found: \(names.joined(separator: ", ")))")
        }
        return index
    }

    /// What follows the analysis, whether it was computed or came from the cache: the focus, the
    /// baseline, and the run's description.
    private func finish(
        analysis: Analysis, coverage: Coverage, graphSummary: String, configuration: Configuration,
        loaded: ConfigurationLoader.Loaded,
        files: [SourceDiscovery.File], inputs: [ReportInput], programMap: ProgramMap, focus: [String]?,
        cacheNote: String?, factsCache: FactsCache?, baseline read: Baseline?
    ) throws(DigraphError) -> Run {
        // Before anything is written (a baseline, a report): the run stops whole.
        if strictEncoding, let note = coverage.notAnalysed.first(where: EncodingNote.isEncodingNote) {
            throw .notUTF8(note.location)
        }
        var analysis = analysis
        if let shown = focus {
            analysis.diagnostics.removeAll { !ProjectScope.isInside($0.location.file, any: shown) }
        }
        let baseline = try applyBaseline(read, to: &analysis)
        // Last: the baseline and the focus see each finding on its own.
        if groupsFindings { analysis.diagnostics = FindingGroups.group(analysis.diagnostics) }
        return Run(
            analysis: analysis, configuration: configuration, files: files.count, inputs: inputs,
            programNotes: programMap.notes, uncompiled: programMap.uncompiled, focus: focus, changedSince: changedSince,
            coverage: coverage,
            sourceLines: SourceLines(currentDirectory: currentDirectory), baselineUsed: baseline, cacheNote: cacheNote,
            cache: factsCache.map { ($0.counters.hits, $0.counters.parsed) }, graphSummary: graphSummary)
    }

    /// The facts cache's folder, opened; nil with `--no-cache`, or when it cannot be created or
    /// written (then the note says why when the folder was asked for).
    private func openCache(roots: [String], configuration: Configuration, loaded: ConfigurationLoader.Loaded)
        -> (CacheStore?, String?)
    {
        guard useCache else { return (nil, nil) }
        let folder: URL
        let asked: Bool
        if let cacheDirectory {
            folder = URL(fileURLWithPath: cacheDirectory, relativeTo: currentDirectory)
            asked = true
        } else if let configured = configuration.cacheDirectory {
            folder = URL(fileURLWithPath: configured, relativeTo: loaded.baseDirectory)
            asked = true
        } else {
            guard let root = roots.first else { return (nil, nil) }
            var url = URL(fileURLWithPath: root, relativeTo: currentDirectory).standardizedFileURL
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) || !isDirectory.boolValue {
                url.deleteLastPathComponent()
            }
            folder = url.appendingPathComponent(".build/digraph")
            asked = false
        }
        let path = folder.standardizedFileURL.path
        let shown = DisplayPath.make(folder, currentDirectory: currentDirectory)
        // A folder nobody asked for, appearing in the user's repository: said once, by the run
        // that creates it, with how to move it.
        let created = !asked && !FileManager.default.fileExists(atPath: path)
        if let store = CacheStore(directory: path) { return (store, created ? CacheFolder.createdNote(shown) : nil) }
        return (nil, asked ? "note: cache folder \(shown) cannot be written; every file was parsed" : nil)
    }

    /// The baseline to hide findings with: `--baseline`, else the configuration's `baseline:`;
    /// nil when there is none, or when `--write-baseline` records a new one.
    private func readBaseline(configuration: Configuration, loaded: ConfigurationLoader.Loaded) throws(DigraphError) -> Baseline? {
        if writeBaselinePath != nil { return nil }
        if let baselinePath { return try BaselineFile.read(baselinePath, currentDirectory: currentDirectory) }
        guard let configured = configuration.baseline else { return nil }
        let url = URL(fileURLWithPath: configured, relativeTo: loaded.baseDirectory)
        return try BaselineFile.read(DisplayPath.make(url, currentDirectory: currentDirectory), currentDirectory: currentDirectory)
    }

    /// Writes the baseline (`--write-baseline`) or applies the one read, hiding what it records.
    /// Returns whether one was used.
    private func applyBaseline(_ read: Baseline?, to analysis: inout Analysis) throws(DigraphError) -> Bool {
        let baseline: Baseline
        if let writeBaselinePath {
            baseline = Baseline(recording: analysis.diagnostics)
            try BaselineFile.write(baseline, to: writeBaselinePath)
        } else if let read {
            baseline = read
        } else {
            return false
        }
        baseline.apply(to: &analysis.diagnostics)
        return true
    }

    private func loadSnapshots() throws(DigraphError) -> [SnapshotDocument] {
        var documents: [SnapshotDocument] = []
        for path in snapshotPaths {
            let url = URL(fileURLWithPath: path, relativeTo: currentDirectory)
            do {
                documents.append(
                    try SnapshotLoader.load(contentsOf: url, displayPath: DisplayPath.make(url, currentDirectory: currentDirectory)))
            } catch {
                throw .snapshot(error.description)
            }
        }
        return documents
    }

    /// Paths given on the command line; else the configuration's `included` (relative to the
    /// configuration file); else the current directory.
    private func effectivePaths(_ loaded: ConfigurationLoader.Loaded) throws(DigraphError) -> [String] {
        if !paths.isEmpty { return paths }
        if !loaded.configuration.included.isEmpty {
            var result: [String] = []
            for included in loaded.configuration.included {
                let url = URL(fileURLWithPath: included, relativeTo: loaded.baseDirectory)
                guard FileManager.default.fileExists(atPath: url.path) else {
                    // Name the configuration and the entry, not just a path the user never typed.
                    let file = loaded.file.map { DisplayPath.make($0, currentDirectory: currentDirectory) } ?? ConfigurationLoader.fileName
                    let position = loaded.file.flatMap { ConfigurationLoader.position(ofIncluded: included, in: $0) }
                    throw .configuration(
                        file: file, line: position?.line, column: position?.column,
                        message: "included: '\(included)': no such file or directory (relative to \(DisplayPath.make(loaded.baseDirectory, currentDirectory: currentDirectory)))")
                }
                result.append(DisplayPath.make(url, currentDirectory: currentDirectory))
            }
            return result
        }
        return ["."]
    }
}

/// A live snapshot is of one running program: the one `--program` names, else the program
/// compiling most of the files its registration sites are in, else the first app, else the first
/// program that is not tests.
enum SnapshotPrograms {
    static func merge(_ snapshots: [SnapshotDocument], into graphs: [ProgramGraph], configuration: Configuration)
        -> [ProgramGraph]
    {
        guard !graphs.isEmpty else {
            let program = Program(name: "snapshot", kind: .app, source: "snapshot", files: [])
            return [
                ProgramGraph(
                    program: program, graph: GraphMerger.graph(linked: nil, snapshots: snapshots, configuration: configuration))
            ]
        }
        let siteFiles = snapshots.flatMap { $0.services.compactMap { $0.site?.location?.file } }
        let overlap = graphs.map { entry in
            let files = Set(entry.program.files)
            return siteFiles.filter(files.contains).count
        }
        let best = overlap.max() ?? 0
        let target =
            best > 0
            ? overlap.firstIndex(of: best)!
            : graphs.firstIndex { $0.program.kind == .app } ?? graphs.firstIndex { !$0.program.isTests } ?? 0
        var merged = graphs
        merged[target].graph = GraphMerger.graph(
            linked: graphs[target].graph, snapshots: snapshots, configuration: configuration)
        return merged
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
            cache[file] = Self.lines(of: text)
        }
        guard let lines = cache[file], number >= 1, number <= lines.count else { return nil }
        return String(lines[number - 1])
    }

    /// Lines as the scanner numbers them: ended by `\n`, `\r\n` or `\r`. (Splitting on the
    /// Character `"\n"` misses `"\r\n"`, which Swift reads as one Character.)
    static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.unicodeScalars.startIndex
        var i = start
        let scalars = text.unicodeScalars
        while i < scalars.endIndex {
            let scalar = scalars[i]
            guard scalar == "\n" || scalar == "\r" else {
                i = scalars.index(after: i)
                continue
            }
            lines.append(Substring(scalars[start..<i]))
            i = scalars.index(after: i)
            if scalar == "\r", i < scalars.endIndex, scalars[i] == "\n" { i = scalars.index(after: i) }
            start = i
        }
        lines.append(Substring(scalars[start..<scalars.endIndex]))
        return lines
    }
}

/// A thread of its own for work nothing waits on until the end of the run, at a lower priority
/// than the run's other threads.
enum BackgroundThread {
    static func start(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            #if os(Linux)
            // On Linux the nice value is the calling thread's own (`who` 0 is the thread).
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            #endif
            body()
        }
        thread.qualityOfService = .utility
        thread.start()
    }
}

/// A value handed to another thread, which takes the only reference to it.
final class Handoff<T>: @unchecked Sendable {
    private var value: T?
    init(_ value: T) { self.value = value }

    func take() -> T {
        defer { value = nil }
        return value!
    }
}

/// Hands large values to a background thread to be freed there.
enum ReleaseElsewhere {
    /// `value`'s last reference moves to the closure; the caller drops its own right after.
    static func release<T>(_ value: T) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { box.value = nil }
    }

    private final class Box<T>: @unchecked Sendable {
        var value: T?
        init(_ value: T) { self.value = value }
    }
}
