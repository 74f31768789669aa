import DigraphCache
import Foundation
import Testing

@testable import DigraphCLI
@testable import DigraphScanner

/// The facts cache (issue 13): a hit gives the same bytes as a cold run, an edit, addition,
/// deletion or rename invalidates exactly that file, damaged entries are ignored and rewritten,
/// concurrent runs share one cache safely, and `--no-cache` writes nothing.
@Suite struct FactsCacheTests {
    static let files = [
        "Sources/App/Assembly.swift": """
        import Swinject
        final class AppAssembly: Assembly {
            func assemble(container: Container) {
                container.register(APIClient.self) { _ in HTTPAPIClient() }.inObjectScope(.container)
                container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!, db: r.resolve(Database.self)!) }
                container.register(Session.self) { r in Session(feed: r.resolve(Feed.self)!) }
            }
        }
        let appAssembler = Assembler([AppAssembly()])
        """,
        "Sources/App/Feed.swift": """
        final class Feed {
            let api: APIClient
            init(api: APIClient, db: Database) { self.api = api }
        }
        """,
        "Sources/App/Session.swift": """
        final class Session {
            let feed: Feed
            init(feed: Feed) { self.feed = feed }
        }
        """,
        "Sources/App/Logger.swift": "final class Logger { static let shared = Logger() }",
        "Sources/App/Screen.swift": "final class Screen { let log = Logger.shared; let s = AppContainer.shared.resolve(Session.self)! }",
    ]

    /// An in-process run over `project`, returning what the cache did.
    static func run(_ project: TemporaryProject, _ extra: (inout Pipeline) -> Void = { _ in }) throws
        -> (hits: Int, parsed: [String])
    {
        var pipeline = Pipeline(paths: ["."], configPath: nil, jobs: 4)
        pipeline.currentDirectory = URL(fileURLWithPath: project.url.path, isDirectory: true)
        extra(&pipeline)
        return try #require(try pipeline.run().cache)
    }

    static func json(_ project: TemporaryProject, _ extra: [String] = []) throws -> String {
        let r = try DigraphProcess.run(["check", ".", "--format", "json"] + extra, in: project.url)
        #expect(r.exitCode == 1, "\(r.stderr)")
        return r.stdout
    }

    /// A first run in an empty folder reads each file once (its key comes from the bytes it
    /// parses): the next run finds that run's whole result under the key it computes itself, and
    /// keeps no second one.
    @Test func theNextRunFindsAFirstRunsResult() throws {
        let project = try TemporaryProject(Self.files)
        let folder = project.url.appendingPathComponent(".build/digraph/results").path
        func results() -> [String] {
            (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
                .filter { ($0 as NSString).lastPathComponent.count == 32 }.sorted()
        }
        let cold = try DigraphProcess.run(["check", ".", "--format", "xcode"], in: project.url)
        let first = results()
        #expect(first.count == 1, "\(first)")
        let warm = try DigraphProcess.run(["check", ".", "--format", "xcode"], in: project.url)
        #expect(results() == first, "the second run found the first run's result")
        #expect(warm.stdout == cold.stdout && warm.exitCode == cold.exitCode)
    }

    @Test func aHitGivesTheBytesOfAColdRun() throws {
        let project = try TemporaryProject(Self.files)
        let cold = try DigraphProcess.run(["check", ".", "--format", "json"], in: project.url)
        let warm = try DigraphProcess.run(["check", ".", "--format", "json"], in: project.url)
        let none = try DigraphProcess.run(["check", ".", "--format", "json", "--no-cache"], in: project.url)
        #expect(!cold.stderr.contains("from the cache"), "\(cold.stderr)")
        #expect(warm.stderr.contains("in 5 files, ") && warm.stderr.contains(", 5 from the cache"), "\(warm.stderr)")
        #expect(cold.stdout.contains("missing_registration"))
        #expect(warm.stdout == cold.stdout)
        #expect(none.stdout == cold.stdout)
        for format in ["text", "xcode", "sarif", "github"] {
            let first = try DigraphProcess.run(["check", ".", "--format", format, "--no-cache"], in: project.url)
            let cached = try DigraphProcess.run(["check", ".", "--format", format], in: project.url)
            #expect(cached.stdout == first.stdout, "\(format)")
        }
    }

    @Test func anEditInvalidatesExactlyThatFile() throws {
        let project = try TemporaryProject(Self.files)
        #expect(try Self.run(project).parsed.count == 5)
        #expect(try Self.run(project) == (5, []))

        // Edit: the new registration is read, so that file was parsed again, and only it.
        try project.write("Sources/App/Feed.swift", Self.files["Sources/App/Feed.swift"]! + "\nlet db = container.resolve(Database.self)!\n")
        #expect(try Self.run(project) == (4, ["Sources/App/Feed.swift"]))
        #expect(try Self.json(project) == Self.json(project, ["--no-cache"]), "cached facts of the other files")
        let xcode = try DigraphProcess.run(["check", ".", "--format", "xcode"], in: project.url)
        #expect(xcode.stdout.contains("Sources/App/Feed.swift:5:"), "\(xcode.stdout)")

        // Add.
        try project.write("Sources/App/Cart.swift", "final class Cart { let s = Logger.shared }")
        #expect(try Self.run(project) == (5, ["Sources/App/Cart.swift"]))

        // Delete: nothing to parse, and its facts are gone from the result.
        try FileManager.default.removeItem(at: project.url.appendingPathComponent("Sources/App/Cart.swift"))
        #expect(try Self.run(project) == (5, []))
        #expect(!(try Self.json(project).contains("Cart.swift")))

        // Rename: the same bytes at a new path are new facts (every location names the file).
        try FileManager.default.moveItem(
            at: project.url.appendingPathComponent("Sources/App/Logger.swift"),
            to: project.url.appendingPathComponent("Sources/App/Log.swift"))
        #expect(try Self.run(project) == (4, ["Sources/App/Log.swift"]))
        let renamed = try Self.json(project)
        #expect(renamed.contains("Sources/App/Log.swift") && !renamed.contains("Sources/App/Logger.swift"))

        // And back: the old entry is still there.
        try FileManager.default.moveItem(
            at: project.url.appendingPathComponent("Sources/App/Log.swift"),
            to: project.url.appendingPathComponent("Sources/App/Logger.swift"))
        #expect(try Self.run(project) == (5, []))
    }

    /// Files parsed together share a pack: after an edit, the other files' facts come from their
    /// packs (none is parsed again), and the output is a cold run's.
    @Test func anEditAmongManyFilesReadsTheOthersFromTheirPacks() throws {
        var files = Self.files
        for i in 0..<300 { files["Sources/App/Feature\(i).swift"] = "final class Feature\(i) { let s = Logger.shared }\n" }
        let project = try TemporaryProject(files)
        #expect(try Self.run(project).parsed.count == 305)
        let folder = project.url.appendingPathComponent(".build/digraph")
        #expect(try Self.entries(folder).count == 3, "305 files, 128 a pack")
        try project.write("Sources/App/Feature7.swift", "final class Feature7 { let s = Logger.shared }\n// edited\n")
        #expect(try Self.run(project) == (304, ["Sources/App/Feature7.swift"]))
        #expect(try Self.entries(folder).count == 4, "the edited file's facts in a pack of their own")
        #expect(try Self.json(project) == Self.json(project, ["--no-cache"]))
    }

    /// A pack damaged under an index that still names it: its files are parsed again when their
    /// program is linked again, and the index learns where their facts are now.
    @Test func aDamagedPackIsParsedAgainOnce() throws {
        let project = try TemporaryProject(Self.files)
        #expect(try Self.run(project).parsed.count == 5)
        let folder = project.url.appendingPathComponent(".build/digraph")
        for pack in try Self.entries(folder) { try Data("damaged".utf8).write(to: pack) }
        let feed = Self.files["Sources/App/Feed.swift"]!
        try project.write("Sources/App/Feed.swift", feed + "\n// one\n")
        #expect(try Self.run(project) == (4, Self.files.keys.sorted()), "the edited file, and the four the pack held")
        try project.write("Sources/App/Feed.swift", feed + "\n// two\n")
        #expect(try Self.run(project) == (4, ["Sources/App/Feed.swift"]))
        #expect(try Self.json(project) == Self.json(project, ["--no-cache"]))
    }

    /// The index keeps a file no run scanned for fewer than ``FactsCache/maximumAge`` of its
    /// writes (a branch switched back, a rename undone), and forgets it after.
    @Test func aFileLeftOutOfManyRunsIsForgotten() throws {
        /// What is parsed when `Logger.swift` comes back after `writes` runs without it.
        func parsedOnReturn(after writes: Int) throws -> [String] {
            let project = try TemporaryProject(Self.files)
            _ = try Self.run(project)
            let logger = project.url.appendingPathComponent("Sources/App/Logger.swift")
            let aside = project.url.appendingPathComponent("Logger.swift.aside")
            try FileManager.default.moveItem(at: logger, to: aside)
            for write in 0..<writes {
                // Each run has a changed file, and so writes the index.
                try project.write("Sources/App/Feed.swift", Self.files["Sources/App/Feed.swift"]! + "\n// \(write)\n")
                _ = try Self.run(project)
            }
            try FileManager.default.moveItem(at: aside, to: logger)
            return try Self.run(project).parsed
        }
        #expect(try parsedOnReturn(after: FactsCache.maximumAge - 1) == [])
        #expect(try parsedOnReturn(after: FactsCache.maximumAge) == ["Sources/App/Logger.swift"])
    }

    /// The entry files of a kind (`packs`, `results`).
    static func entries(_ folder: URL, _ kind: String = "packs") throws -> [URL] {
        let facts = folder.appendingPathComponent(kind)
        return try FileManager.default.subpathsOfDirectory(atPath: facts.path).map { facts.appendingPathComponent($0) }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }

    @Test(arguments: ["truncated", "random bytes", "another format version", "emptied", "swapped"])
    func aDamagedEntryIsIgnoredAndRewritten(damage: String) throws {
        let project = try TemporaryProject(Self.files)
        let cold = try Self.json(project)
        let folder = project.url.appendingPathComponent(".build/digraph")
        let entries = try Self.entries(folder) + Self.entries(folder, "results") + Self.entries(folder, "programs")
            + Self.entries(folder, "summaries") + Self.entries(folder, "discoveries")
        #expect(
            entries.count == 7,
            "the files' facts in one pack; the run's result and its one program's, each with its graph; the index; the files and programs found")
        let contents = try entries.map { try Data(contentsOf: $0) }
        for (index, entry) in entries.enumerated() {
            var bytes = contents[index]
            switch damage {
            case "truncated": bytes = bytes.prefix(bytes.count / 2)
            case "random bytes": bytes = Data((0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ index) })
            case "another format version": bytes[4] &+= 1
            case "emptied": bytes = Data()
            default: bytes = contents[(index + 1) % contents.count]  // each file holds another's entry
            }
            try bytes.write(to: entry)
        }
        #expect(try Self.run(project).parsed.count == 5, "no damaged entry is trusted")
        #expect(try Self.run(project) == (5, []), "each was rewritten")
        #expect(try Self.json(project) == cold)
    }

    @Test func twoConcurrentRunsOnOneCacheAgree() throws {
        let project = try TemporaryProject(Self.files)
        for i in 0..<30 {
            try project.write("Sources/More/Feature\(i).swift", "final class Feature\(i) { let s = Logger.shared }\n")
        }
        let expected = try Self.json(project, ["--no-cache"])
        for round in 0..<2 {
            // Round 0 starts cold (both write every entry), round 1 warm (both read).
            let results = Results()
            let url = project.url
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                results.add(Result { try DigraphProcess.run(["check", ".", "--format", "json"], in: url) })
            }
            for result in results.all {
                let r = try result.get()
                #expect(r.exitCode == 1, "round \(round): \(r.stderr)")
                #expect(r.stdout == expected, "round \(round)")
            }
        }
        let folder = project.url.appendingPathComponent(".build/digraph")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("tmp").path).isEmpty)
        let beside = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
            .filter { ($0 as NSString).lastPathComponent.hasPrefix(".tmp-") }
        #expect(beside == [], "no half-written entry is left beside the entries")
        // (In-process runs have the test binary's build fingerprint, so they never share entries
        // with the `digraph` executable's: a third run of the executable reads them all.)
        let last = try DigraphProcess.run(["check", "."], in: project.url)
        #expect(last.stderr.contains("in 35 files, ") && last.stderr.contains(", 35 from the cache"), "\(last.stderr)")
    }

    final class Results: @unchecked Sendable {
        private var values: [Result<DigraphProcess.Result, Error>] = []
        private let lock = NSLock()
        func add(_ value: Result<DigraphProcess.Result, Error>) { lock.withLock { values.append(value) } }
        var all: [Result<DigraphProcess.Result, Error>] { lock.withLock { values } }
    }

    @Test func noCacheWritesNothing() throws {
        let project = try TemporaryProject(Self.files)
        let before = try FileManager.default.subpathsOfDirectory(atPath: project.url.path).sorted()
        for command in [["check", "."], ["report", "."], ["check", "Sources/App/Feed.swift"]] {
            let r = try DigraphProcess.run(command + ["--no-cache"], in: project.url)
            #expect(r.exitCode <= 1, "\(r.stderr)")
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: project.url.path).sorted() == before)
        var pipeline = Pipeline(paths: ["."], configPath: nil, jobs: 2)
        pipeline.currentDirectory = URL(fileURLWithPath: project.url.path, isDirectory: true)
        pipeline.useCache = false
        #expect(try pipeline.run().cache == nil)
    }

    @Test func theFolderComesFromTheFlagThenTheConfigurationThenTheScannedFolder() throws {
        let project = try TemporaryProject(Self.files)
        _ = try DigraphProcess.run(["check", "Sources"], in: project.url)
        #expect(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("Sources/.build/digraph/packs").path))
        try project.write(".digraph.yml", "cache_dir: caches/digraph\n")
        _ = try DigraphProcess.run(["check", "."], in: project.url)
        #expect(try Self.entries(project.url.appendingPathComponent("caches/digraph")).count == 1, "one pack of five files")
        let r = try DigraphProcess.run(["check", ".", "--cache-dir", "elsewhere"], in: project.url)
        #expect(try Self.entries(project.url.appendingPathComponent("elsewhere")).count == 1)
        #expect(!r.stderr.contains("from the cache"))
        let conflict = try DigraphProcess.run(["check", ".", "--cache-dir", "x", "--no-cache"], in: project.url)
        #expect(conflict.exitCode == 2)
    }

    @Test func aFolderThatCannotBeWrittenIsSaidAndEveryFileIsParsed() throws {
        let project = try TemporaryProject(Self.files)
        try project.write("blocker", "a file where the cache folder would go")
        let r = try DigraphProcess.run(["check", ".", "--cache-dir", "blocker/cache", "--format", "json"], in: project.url)
        #expect(r.exitCode == 1)
        #expect(r.stderr.hasPrefix("note: cache folder blocker/cache cannot be written; every file was parsed\n"), "\(r.stderr)")
        #expect(r.stdout == (try Self.json(project, ["--no-cache"])))
    }

    /// A whole run's result is kept too; anything it depends on besides the files (the
    /// configuration, `--program`, the programs) gives another key.
    @Test func aChangedConfigurationOrProgramIsNotServedAnOldResult() throws {
        let project = try TemporaryProject(Self.files)
        let full = try Self.json(project)
        try project.write(".digraph.yml", "disabled_rules: [missing_registration]\n")
        let r = try DigraphProcess.run(["check", ".", "--format", "json"], in: project.url)
        #expect(!r.stdout.contains("missing_registration") && r.stdout != full)
        #expect(r.stdout == (try DigraphProcess.run(["check", ".", "--format", "json", "--no-cache"], in: project.url)).stdout)
        try project.write(".digraph.yml", "lifetimes: { session: scoped }\n")
        #expect(try Self.json(project) == full)
        #expect(try Self.entries(project.url.appendingPathComponent(".build/digraph"), "results").count == 6, "3 results, each with its graph")
    }

    /// A Package.swift is read from the cache like Swift files: kept once per
    /// text, and a damaged entry is read again.
    /// The discovery's entry, written field by field, reads back through `Codable` as what was
    /// found: the same files (paths, sizes) and the same programs.
    @Test func theDiscoveryEntryReadsBackWhatWasFound() throws {
        var files = Self.files.mapKeys { $0.replacingOccurrences(of: "Sources/App/", with: "Sources/Shop/") }
        files["Package.swift"] = """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(name: "Shop", targets: [.executableTarget(name: "Shop")])
            """
        let project = try TemporaryProject(files)
        var pipeline = Pipeline(paths: ["."], configPath: nil, jobs: 2)
        pipeline.currentDirectory = URL(fileURLWithPath: project.url.path, isDirectory: true)
        let loaded = try ConfigurationLoader.locate(explicit: nil, paths: ["."], currentDirectory: pipeline.currentDirectory)
        let store = try #require(CacheStore(directory: project.url.appendingPathComponent(".build/digraph").path))
        let writes = DispatchGroup()
        let (inputs, found, map) = try pipeline.collect(
            ["."], configuration: loaded.configuration, loaded: loaded, cache: nil, store: store, writes: writes)
        writes.wait()
        #expect(found.count == Self.files.count + 1, "and Package.swift")
        #expect(map.programs.map(\.name).contains("Shop"))
        let kept = try #require(
            DiscoveryCache(
                store: store, roots: ["."], currentDirectory: pipeline.currentDirectory,
                excluded: loaded.configuration.excluded, excludeBase: loaded.baseDirectory))
        let read = try #require(kept.load(jobs: 1))
        #expect(read.inputs == inputs)
        #expect(read.files == found)
        #expect(read.programMap == map)
    }

    @Test func projectDescriptionsAreCached() throws {
        var files = Self.files.mapKeys { $0.replacingOccurrences(of: "Sources/App/", with: "Sources/Shop/") }
        files["Package.swift"] = """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(name: "Shop", targets: [.executableTarget(name: "Shop")])
            """
        let project = try TemporaryProject(files)
        let folder = project.url.appendingPathComponent(".build/digraph")
        let first = try Self.json(project, ["--program", "Shop"])
        #expect(try Self.entries(folder, "descriptions").count == 1)
        #expect(try Self.json(project, ["--program", "Shop"]) == first)
        for entry in try Self.entries(folder, "descriptions") + Self.entries(folder, "results") {
            try Data("damaged".utf8).write(to: entry)
        }
        #expect(try Self.json(project, ["--program", "Shop"]) == first)
        try project.write("Package.swift", files["Package.swift"]! + "\n// edited\n")
        #expect(try Self.json(project, ["--program", "Shop"]) == first)
        #expect(try Self.entries(folder, "descriptions").count == 2, "one entry per text")
    }

    /// A run reporting findings only keeps no graph, neither the run's nor its programs': a later
    /// run reporting the graph (JSON) finds the result without it, and links the program again.
    @Test func aFindingsOnlyRunLeavesTheGraphToTheNextRunThatReportsIt() throws {
        let project = try TemporaryProject(Self.files)
        let xcode = try DigraphProcess.run(["check", ".", "--format", "xcode"], in: project.url)
        #expect(xcode.stdout.contains("[missing_registration]"))
        let folder = project.url.appendingPathComponent(".build/digraph")
        #expect(try Self.entries(folder, "results").count == 1, "the result alone")
        #expect(try Self.entries(folder, "programs").count == 1, "the program's findings alone")
        #expect(try Self.json(project) == Self.json(project, ["--no-cache"]))
        #expect(try Self.json(project).contains("\"services\""))
        #expect(try Self.entries(folder, "results").count == 2, "then the result (the same key) with its graph")
        #expect(try Self.entries(folder, "programs").count == 2, "and the program's, linked again for its graph")
    }

    /// Two apps sharing a library: after an edit only the programs compiling the edited file are
    /// linked and analysed again (the others' graphs and findings come from their entries), and
    /// the output is the bytes of a run without the cache, through edits that change findings,
    /// an added suppression, an added file and a deleted one.
    @Test func anEditRelinksOnlyTheProgramsCompilingThatFile() throws {
        let project = try TemporaryProject([
            "Package.swift": """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(name: "Two", targets: [
                .executableTarget(name: "App", dependencies: ["Core"]),
                .executableTarget(name: "Widget", dependencies: ["Core"]),
                .target(name: "Core"),
            ])
            """,
            "Sources/Core/Core.swift": """
            import Swinject
            public final class API {}
            public final class Core { public static let shared = Core() }
            """,
            "Sources/App/App.swift": """
            import Swinject
            import Core
            final class AppAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(API.self) { _ in API() }
                    container.register(Feed.self) { r in Feed(api: r.resolve(API.self)!, db: r.resolve(Database.self)!) }
                }
            }
            final class Feed { init(api: API, db: Database) {} }
            """,
            "Sources/Widget/Widget.swift": """
            import Swinject
            import Core
            final class WidgetAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(Entry.self) { r in Entry(api: r.resolve(API.self)!) }
                }
            }
            final class Entry { init(api: API) {} }
            """,
        ])
        func linked() throws -> [String] {
            var pipeline = Pipeline(paths: ["."], configPath: nil, jobs: 2)
            pipeline.currentDirectory = URL(fileURLWithPath: project.url.path, isDirectory: true)
            return try pipeline.run().linkedPrograms
        }
        func expectSameAsUncached(_ comment: Comment) throws {
            for format in ["json", "xcode"] {
                let cached = try DigraphProcess.run(["check", ".", "--format", format], in: project.url)
                let uncached = try DigraphProcess.run(["check", ".", "--format", format, "--no-cache"], in: project.url)
                #expect(cached.stdout == uncached.stdout && cached.exitCode == uncached.exitCode, comment)
            }
        }
        // The library is compiled into both apps (it is no program of its own).
        #expect(try linked() == ["App", "Widget"])
        try expectSameAsUncached("cold")

        // The widget's own file: only the widget, and its miss of `API` now reads "registered in `App`".
        try project.write("Sources/Widget/Widget.swift", try project.read("Sources/Widget/Widget.swift") + "\n// edited\n")
        #expect(try linked() == ["Widget"])
        try expectSameAsUncached("a comment added")

        // A finding goes away in the app: only the app.
        try project.write(
            "Sources/App/App.swift",
            try project.read("Sources/App/App.swift").replacingOccurrences(
                of: "container.register(API.self) { _ in API() }",
                with: "container.register(API.self) { _ in API() }\n        container.register(Database.self) { _ in Database() }"))
        #expect(try linked() == ["App"])
        try expectSameAsUncached("a registration added")

        // The shared library: every program compiling it.
        try project.write("Sources/Core/Core.swift", try project.read("Sources/Core/Core.swift") + "\nfinal class Database {}\n")
        #expect(try linked() == ["App", "Widget"])
        try expectSameAsUncached("the library edited")

        // A suppression comment reaches every program's findings.
        try project.write(
            "Sources/Widget/Widget.swift",
            try project.read("Sources/Widget/Widget.swift").replacingOccurrences(
                of: "container.register(Entry.self)", with: "// digraph:disable:next missing_registration\n        container.register(Entry.self)"))
        #expect(try linked() == ["App", "Widget"])
        try expectSameAsUncached("a suppression added")

        // A file added to the app, then deleted: the app alone each time.
        try project.write("Sources/App/More.swift", "import Core\nfinal class More { let core = Core.shared }\n")
        #expect(try linked() == ["App"])
        try expectSameAsUncached("a file added")
        try FileManager.default.removeItem(at: project.url.appendingPathComponent("Sources/App/More.swift"))
        #expect(try linked() == [], "the run as a whole is in the cache")
        try expectSameAsUncached("a file deleted")
    }
}

extension Dictionary where Key == String {
    func mapKeys(_ transform: (String) -> String) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
