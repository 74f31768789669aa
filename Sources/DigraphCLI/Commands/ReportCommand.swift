import ArgumentParser
import DigraphCore
import DigraphReporters
import Foundation

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the whole graph and every finding as digraph-report/1 JSON (exit 0 whatever the findings)."
    )

    @OptionGroup var scan: ScanOptions

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write the report to this file (atomically) instead of stdout.", valueName: "file"))
    var output: String?

    func validate() throws {
        try EmptyName.refuse(["--output": output])
    }

    func run() throws {
        let started = Date()
        if let output { try OutputWriter.checkTarget(output) }
        let run = try scan.pipeline.run()
        var context = ReportContext(inputs: run.inputs, files: run.files, coverage: run.coverage, openSites: run.openSites)
        context.notRead = run.notRead
        context.programNotes = run.programNotes
        try OutputWriter.write(JSONReporter().render(run.analysis, context: context), to: output)
        if let note = run.cacheNote { StandardError.line(note) }
        // As `render` does: a report written to a file says what it holds (on stdout, the report
        // is there to read).
        if let output {
            let snapshots = run.inputs.filter { $0.kind == .snapshot }.count
            let summary = Summary.line(
                run.analysis, files: run.files, snapshots: snapshots, seconds: Date().timeIntervalSince(started),
                cached: run.cache?.hits ?? 0)
            StandardError.line("\(output): \(summary); \(run.graphSummary)")
        }
    }
}
