import Foundation

// digraph-bench: `digraph check` against the floor (SwiftParser reading and parsing the same
// files on the same threads), cold, warm and after a one-file edit, each run its own process;
// then `digraph render` on generated graphs.
//
//   digraph-bench [--files N | --path DIR] [--out DIR] [--jobs N] [--repeat N] [--format F] [--no-render]
//   digraph-bench parse-only DIR [--jobs N]      (internal: the floor, run as a subprocess)
//   digraph-bench render [--sizes 100,500,1500,5000] [--svg-dir DIR]   (only the render lines)
//   digraph-bench nesting DIR     how deep the Swift files under DIR nest, against digraph's limits

let arguments = Array(CommandLine.arguments.dropFirst())

func value(_ flag: String) -> String? {
    guard let i = arguments.firstIndex(of: flag), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

let jobs = value("--jobs").flatMap(Int.init) ?? ProcessInfo.processInfo.activeProcessorCount

if arguments.first == "parse-only" {
    guard arguments.count >= 2 else {
        FileHandle.standardError.write(Data("usage: digraph-bench parse-only DIR\n".utf8))
        exit(2)
    }
    let files = Corpus.swiftFiles(in: URL(fileURLWithPath: arguments[1]))
    let bytes = ParseOnly.run(files, jobs: jobs)
    print("parsed \(files.count) files, \(bytes) bytes")
    exit(0)
}

if arguments.first == "nesting", arguments.count >= 2 {
    NestingSurvey.run(URL(fileURLWithPath: arguments[1]).standardizedFileURL)
    exit(0)
}

let renderSizes = value("--sizes").map { $0.split(separator: ",").compactMap { Int($0) } } ?? RenderBench.defaultSizes

if arguments.first == "render" {
    try RenderBench.run(sizes: renderSizes, saveIn: value("--svg-dir").map { URL(fileURLWithPath: $0) })
    exit(0)
}

let repeats = max(1, value("--repeat").flatMap(Int.init) ?? 1)
/// `check`'s output format: xcode, what it writes when not on a terminal (CI), unless asked.
let format = value("--format") ?? "xcode"
let outDirectory = URL(fileURLWithPath: value("--out") ?? "bench-out").standardizedFileURL
let tree: URL
let origin: String
if let path = value("--path") {
    let source = URL(fileURLWithPath: path).standardizedFileURL
    tree = outDirectory.appendingPathComponent("tree")
    try Corpus.mirror(source, into: tree)
    origin = "\(source.path), mirrored (hard links) in \(tree.path)"
} else {
    let fileCount = value("--files").flatMap(Int.init) ?? 2000
    tree = outDirectory.appendingPathComponent("corpus")
    _ = try Corpus.generate(files: fileCount, into: tree)
    origin = "generated in \(tree.path)"
}
let stats = Corpus.stats(of: tree)
let megabytes = Double(stats.bytes) / 1_000_000
print(String(format: "tree: %d Swift files, %d lines, %.1f MB, %@", stats.files, stats.lines, megabytes, origin))
print("jobs: \(jobs) (the same for every line), best wall of \(repeats) run\(repeats == 1 ? "" : "s") each (floor, no-cache and cold in turn), check --format \(format)")

let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
let digraph = here.appendingPathComponent("digraph")
let bench = here.appendingPathComponent("digraph-bench")
let reports = outDirectory.appendingPathComponent("reports")
try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
// Caches a stopped earlier run left, deleted before anything is timed (and written out).
for stale in (try? FileManager.default.contentsOfDirectory(atPath: outDirectory.path)) ?? [] where stale.hasPrefix("cache") {
    try? FileManager.default.removeItem(at: outDirectory.appendingPathComponent(stale))
}
sync()

func check(_ report: String, _ extra: [String]) throws -> Measurement {
    try Measurement.run(
        digraph,
        ["check", tree.path, "--jobs", "\(jobs)", "--format", format, "--output", reports.appendingPathComponent(report).path,
         "--quiet"] + extra,
        acceptedExitCodes: [0, 1])
}

/// The best wall time of `repeats` runs (and that run's CPU and memory); `prepare` runs before each.
func best(_ prepare: () throws -> Void = {}, _ run: () throws -> Measurement) rethrows -> Measurement {
    var result: Measurement?
    for _ in 0..<repeats {
        try prepare()
        let m = try run()
        if result == nil || m.seconds < result!.seconds { result = m }
    }
    return result!
}

let swiftFiles = Corpus.swiftFiles(in: tree)
var editMark = 0
let editedFile = swiftFiles[swiftFiles.count / 2]

// The floor, --no-cache and cold runs take turns, round by round, rather than one block of
// each: on shared cores the neighbours' load drifts over a minute, and a block of floor runs in a
// quiet minute against a block of cold runs in a busy one measured the drift, not digraph.
// Each cold run fills a folder never used before: deleting a full cache just before a run leaves
// the file system busy freeing it while the run writes (seen here: three times the system time).
// The folders are deleted at the end, outside every timed run.
var coldRuns = 0
var cache: URL { outDirectory.appendingPathComponent("cache-\(coldRuns)") }
var floorRuns: [Measurement] = [], noCacheRuns: [Measurement] = [], coldMeasurements: [Measurement] = []
for _ in 0..<repeats {
    floorRuns.append(try Measurement.run(bench, ["parse-only", tree.path, "--jobs", "\(jobs)"]))
    noCacheRuns.append(try check("no-cache.out", ["--no-cache"]))
    coldRuns += 1
    coldMeasurements.append(try check("cold.out", ["--cache-dir", cache.path]))
}
func fastest(_ runs: [Measurement]) -> Measurement { runs.min { $0.seconds < $1.seconds }! }
let floor = fastest(floorRuns)
let noCache = fastest(noCacheRuns)
let cold = fastest(coldMeasurements)
let warm = try best { try check("warm.out", ["--cache-dir", cache.path]) }
let edit = try best({
    editMark += 1
    try Corpus.edit(editedFile, mark: editMark)
}) { try check("edit.out", ["--cache-dir", cache.path]) }

func row(_ label: String, _ m: Measurement, note: String = "") -> String {
    label.padding(toLength: 26, withPad: " ", startingAt: 0) + String(
        format: " %7.2f %7.2f %8.1f %9.0f %8.2f %8.2f %7.2f  %@", m.seconds, m.cpuSeconds,
        megabytes / m.seconds, Double(m.peakRSSKilobytes) / 1024, m.seconds / floor.seconds, m.cpuSeconds / floor.cpuSeconds,
        Double(m.peakRSSKilobytes) * 1024 / Double(stats.bytes), note)
}

print("")
print("                            wall s   CPU s     MB/s  peak RSS   wall /   CPU /  RSS /")
print("                                                          MB    parse    parse  source")
print(row("parse-only (the floor)", floor))
print(row("check --no-cache", noCache))
print(row("check cold (fills cache)", cold))
print(row("check warm (unchanged)", warm, note: String(format: "%.1f%% of cold wall", 100 * warm.seconds / cold.seconds)))
print(row("check one-file edit", edit, note: String(format: "%.1f%% of cold wall", 100 * edit.seconds / cold.seconds)))

let coldReport = try Data(contentsOf: reports.appendingPathComponent("cold.out"))
let same = ["no-cache.out", "warm.out"].allSatisfy {
    (try? Data(contentsOf: reports.appendingPathComponent($0))) == coldReport
}
print("reports: warm and --no-cache \(same ? "byte-identical to cold" : "DIFFER from cold (a bug)")")
// The graph's size, from a report outside the timed runs.
let summaryReport = reports.appendingPathComponent("summary.json")
if (try? Measurement.run(
    digraph, ["report", tree.path, "--jobs", "\(jobs)", "--output", summaryReport.path, "--cache-dir", cache.path])) != nil,
    let summary = try? ReportSummary.read(summaryReport)
{
    print("graph: \(summary)")
}
for run in 1...max(1, coldRuns) {
    try? FileManager.default.removeItem(at: outDirectory.appendingPathComponent("cache-\(run)"))
}
// The tree as it was: the edit is undone (a generated corpus is rewritten next run anyway).
if editMark > 0, value("--path") != nil {
    let original = URL(fileURLWithPath: value("--path")!).standardizedFileURL
        .appendingPathComponent(String(editedFile.path.dropFirst(tree.path.count + 1)))
    try? FileManager.default.removeItem(at: editedFile)
    _ = link(original.path, editedFile.path)
}

if !arguments.contains("--no-render") {
    print("")
    // `digraph render`'s path (picture model, DOT, Graphviz layout, SVG) on generated graphs.
    try RenderBench.run(sizes: renderSizes)
}
