import ArgumentParser
import DigraphCore
import DigraphReporters

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the whole graph and every finding as digraph-report/1 JSON (exit 0 whatever the findings)."
    )

    @OptionGroup var scan: ScanOptions

    @Option(help: ArgumentHelp("Write the report to this file (atomically) instead of stdout.", valueName: "file"))
    var output: String?

    func run() throws {
        if let output { try OutputWriter.checkTarget(output) }
        let run = try scan.pipeline.run()
        var context = ReportContext(inputs: run.inputs, files: run.files, coverage: run.coverage, openSites: run.openSites)
        context.programNotes = run.programNotes
        try OutputWriter.write(JSONReporter().render(run.analysis, context: context), to: output)
    }
}
