import Foundation

// digraph-bench: measures `digraph check` against a parse-only pass (the floor) on a generated
// project, and prints files, lines, MB, wall seconds, MB/s and peak memory in one run.
//
//   digraph-bench [--files N] [--out DIR] [--jobs N]
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

let fileCount = value("--files").flatMap(Int.init) ?? 2000
let outDirectory = URL(fileURLWithPath: value("--out") ?? "bench-out")
let corpus = outDirectory.appendingPathComponent("corpus")
let stats = try Corpus.generate(files: fileCount, into: corpus)
let megabytes = Double(stats.bytes) / 1_000_000
print(String(format: "corpus: %d files, %d lines, %.1f MB in %@", stats.files, stats.lines, megabytes, corpus.path))

let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
let digraph = here.appendingPathComponent("digraph")
let bench = here.appendingPathComponent("digraph-bench")
let report = outDirectory.appendingPathComponent("report.json")

func line(_ label: String, _ m: Measurement) -> String {
    String(
        format: "%@: %.2f s wall, %.1f MB/s, peak RSS %.0f MB", label, m.seconds, megabytes / m.seconds,
        Double(m.peakRSSKilobytes) / 1024)
}

for j in Set([1, jobs]).sorted() {
    let floor = try Measurement.run(bench, ["parse-only", corpus.path, "--jobs", "\(j)"])
    print(line("parse-only   (--jobs \(j))", floor))
    let check = try Measurement.run(
        digraph, ["check", corpus.path, "--jobs", "\(j)", "--format", "json", "--output", report.path, "--quiet"],
        acceptedExitCodes: [0, 1])
    print(line("digraph check (--jobs \(j))", check) + String(format: ", %.0f%% of the floor's speed", 100 * floor.seconds / check.seconds))
}
if let summary = try? ReportSummary.read(report) { print("graph: \(summary)") }
// `digraph render`'s path (picture model, DOT, Graphviz layout, SVG) on generated graphs.
try RenderBench.run(sizes: renderSizes)
