import ArgumentParser
import DigraphCore

public struct DigraphCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "digraph",
        abstract: "Find dependency-injection defects in Swift code before they crash an app.",
        discussion: """
            digraph reads \(StylesRead.sentence) from Swift sources, builds one graph of services, \
            lifetimes and edges, and reports dependency cycles, missing registrations, captive \
            dependencies and more.

            Exit status: 0 no finding at or above --fail-on; 1 findings at or above it; 2 could not run.
            """,
        version: ToolInfo.version,
        subcommands: [CheckCommand.self, ReportCommand.self, RenderCommand.self, RulesCommand.self, LSPCommand.self]
    )

    public init() {}
}

/// Options shared by every command that scans.
struct ScanOptions: ParsableArguments {
    @Argument(help: "Directories or .swift files to scan (default: the configuration's `included`, else `.`).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("Configuration file (default: .digraph.yml found near the paths).", valueName: "file"))
    var config: String?

    // Unconditional: `--jobs -3` is a value to refuse with a reason, not a missing one.
    @Option(parsing: .unconditional, help: ArgumentHelp("Files scanned in parallel (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Option(
        name: .customLong("snapshot"),
        help: ArgumentHelp(
            "A digraph-snapshot/1 file of a live container (repeatable); alone, only snapshots are analysed.",
            valueName: "file"))
    var snapshots: [String] = []

    @Option(
        help: ArgumentHelp(
            "Analyse only this program (an app, extension, test bundle or playground page; see `digraph report`).",
            valueName: "name"))
    var program: String?

    @Flag(help: "check: analyse the paths alone, not the project around them (by default paths inside a project are checked with the whole project, showing only their findings).")
    var isolated = false

    @Option(
        help: ArgumentHelp(
            "Check the Swift files changed against this git ref (with the project around them), e.g. origin/main.",
            valueName: "ref"))
    var changedSince: String?

    @Option(
        help: ArgumentHelp(
            "Keep the facts cache in this folder (default: the configuration's cache_dir, else .build/digraph in the scanned folder).",
            valueName: "dir"))
    var cacheDir: String?

    @Flag(help: "Neither read nor write the facts cache: parse every file.")
    var noCache = false

    @Flag(help: "Stop (exit 2) on a Swift file that is not UTF-8, instead of skipping it with a note.")
    var strictEncoding = false

    @Flag(help: "Report each site on its own: no grouping of findings with one cause (a captive many holders keep, a key many requesters miss).")
    var ungrouped = false

    func validate() throws {
        try EmptyName.refuse(["--config": config, "--cache-dir": cacheDir])
        if snapshots.contains("") { try EmptyName.refuse(["--snapshot": ""]) }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if noCache, cacheDir != nil { throw ValidationError("--no-cache and --cache-dir cannot be used together") }
    }

    var pipeline: Pipeline {
        var pipeline = Pipeline(paths: paths, configPath: config, jobs: jobs)
        pipeline.snapshotPaths = snapshots
        pipeline.programFilter = program
        pipeline.changedSince = changedSince
        pipeline.cacheDirectory = cacheDir
        pipeline.useCache = !noCache
        pipeline.strictEncoding = strictEncoding
        pipeline.groupsFindings = !ungrouped
        return pipeline
    }
}

extension FailOn: ExpressibleByArgument {}

/// `--output ''` (an unset variable in a script) named the working directory: "cannot write
/// output: is a directory", with an empty name before the colon. An empty name is refused for
/// what it is, before anything runs.
enum EmptyName {
    /// Option -> value; the first option (in name order) given an empty value is refused.
    static func refuse(_ values: [String: String?]) throws(ValidationError) {
        for (option, value) in values.sorted(by: { $0.key < $1.key }) where value?.isEmpty == true {
            let what = option == "--cache-dir" ? "a folder name" : "a file name"
            let otherwise = option == "--output" ? "; leave it out to write to stdout" : ""
            throw ValidationError("\(option) needs \(what), not an empty string\(otherwise)")
        }
    }
}
