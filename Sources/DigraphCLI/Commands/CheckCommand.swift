import ArgumentParser
import DigraphCore
import DigraphProjects
import DigraphReporters
import Foundation

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report dependency-injection defects; exit 1 when any is at or above --fail-on."
    )

    @OptionGroup var scan: ScanOptions

    @Option(help: ArgumentHelp(
        "Output format: \(ReporterCatalog.identifiers.joined(separator: ", ")) (default: text on a terminal, else xcode).",
        valueName: "format"))
    var format: String?

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write the report to this file (atomically) instead of stdout.", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("Lowest severity that fails the check: error, warning, note or never.", valueName: "severity"))
    var failOn: FailOn?

    @Option(help: ArgumentHelp("Run only this rule (repeatable, or comma-separated).", valueName: "rule"))
    var only: [String] = []

    @Option(help: ArgumentHelp("Do not run this rule (repeatable, or comma-separated).", valueName: "rule"))
    var disable: [String] = []

    @Option(help: ArgumentHelp("Hide the findings recorded in this baseline file.", valueName: "file"))
    var baseline: String?

    @Option(help: ArgumentHelp("Record the current findings in this baseline file, then hide them.", valueName: "file"))
    var writeBaseline: String?

    @Flag(help: "Print findings only: no summary, no progress.")
    var quiet = false

    @Flag(help: "Never show a progress bar.")
    var noProgress = false

    func validate() throws {
        try EmptyName.refuse(["--output": output, "--baseline": baseline, "--write-baseline": writeBaseline])
        if baseline != nil && writeBaseline != nil {
            throw ValidationError("--baseline and --write-baseline cannot be used together")
        }
        if let format, !ReporterCatalog.identifiers.contains(format.lowercased()) {
            throw ValidationError(
                "unknown format '\(format)'; expected one of \(ReporterCatalog.identifiers.joined(separator: ", "))")
        }
        _ = try OutputFormat.resolve(format: format, output: output)
    }

    func run() throws {
        let started = Date()
        for target in [output, writeBaseline].compactMap({ $0 }) { try OutputWriter.checkTarget(target) }
        let onlyRules = try RuleSelection.parse(only)
        let disabledRules = try RuleSelection.parse(disable)
        var pipeline = scan.pipeline
        pipeline.isolated = scan.isolated
        pipeline.baselinePath = baseline
        pipeline.writeBaselinePath = writeBaseline
        pipeline.showProgress = ProgressBar.isWanted(quiet: quiet, disabled: noProgress)
        let identifier =
            try OutputFormat.resolve(format: format, output: output)
            ?? ((Terminal.stdoutIsTerminal && output == nil) ? "text" : "xcode")
        // Only the JSON report shows the graph; the other formats report findings.
        pipeline.needsGraph = identifier == "json"
        let run = try pipeline.run { (configuration: inout Configuration) throws(DigraphError) in
            if !onlyRules.isEmpty { configuration.onlyRules = Set(onlyRules) }
            configuration.disabledRules.formUnion(disabledRules)
            if let failOn { configuration.failOn = failOn }
        }
        let reporter = ReporterCatalog.reporter(for: identifier)!
        let lines = run.sourceLines
        var context = ReportContext(
            inputs: run.inputs, files: run.files,
            useColor: identifier == "text" && output == nil && Terminal.stdoutIsTerminal && Terminal.colorAllowed,
            sourceLine: { file, line in lines.line(file, line) },
            // The GitHub format's summary says when annotations exceed what GitHub shows; the
            // others' summary goes to stderr below.
            includeSummary: identifier == "github" && !quiet, baselineUsed: run.baselineUsed, coverage: run.coverage,
            openSites: run.openSites)
        context.programNotes = run.programNotes
        let notRead = run.notRead
        context.notRead = notRead
        try OutputWriter.write(reporter.render(run.analysis, context: context), to: output)

        let analysis = run.analysis
        if !quiet {
            if let note = run.cacheNote { StandardError.line(note) }
            for line in ProgramReport.stderrLines(notes: run.programNotes, uncompiled: run.uncompiled) {
                StandardError.line(line)
            }
            let snapshots = run.inputs.filter { $0.kind == .snapshot }.count
            for line in CoverageReport.stderrLines(run, notRead: notRead) { StandardError.line(line) }
            var line = Summary.line(
                analysis, files: run.files, snapshots: snapshots, seconds: Date().timeIntervalSince(started),
                cached: run.cache?.hits ?? 0)
            if run.files > 0 {
                line += "; " + run.graphSummary
            }
            if let focus = run.focus {
                let named = focus.prefix(3).joined(separator: ", ") + (focus.count > 3 ? " and \(focus.count - 3) more" : "")
                line += "; findings shown only for \(named) (the project around them was analysed)"
            }
            if let ref = run.changedSince, run.files == 0 {
                line += "; no Swift file changed since \(ref)"
            }
            StandardError.line(line)
        }
        let failing = analysis.diagnostics.contains { $0.suppressed != true && run.configuration.failOn.fails(on: $0.severity) }
        if failing { throw ExitCode(1) }
    }
}

/// `--only` / `--disable` values: repeatable and comma-separated, each a known rule id.
enum RuleSelection {
    static func parse(_ values: [String]) throws(DigraphError) -> [String] {
        let ids = values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for id in ids where !RuleCatalog.ids.contains(id) {
            throw .unknownRule(id, suggestion: Suggestion.closest(to: id, in: RuleCatalog.ids))
        }
        return ids
    }
}

/// `2 errors, 1 warning in 212 files, 0.8 s, 200 from the cache (3 hidden by the baseline)` on stderr: stdout
/// stays the report alone, the same bytes for the same input.
enum Summary {
    /// `cached`: files whose facts came from the cache instead of being parsed.
    static func line(_ analysis: Analysis, files: Int, snapshots: Int = 0, seconds: Double, cached: Int = 0) -> String {
        let parts = [(Severity.error, "error"), (.warning, "warning"), (.note, "note")].compactMap { severity, word in
            let n = analysis.count(severity)
            return n == 0 ? nil : "\(n) \(word)\(n == 1 ? "" : "s")"
        }
        var text = parts.isEmpty ? "no findings" : parts.joined(separator: ", ")
        var scanned: [String] = []
        if files > 0 || snapshots == 0 { scanned.append("\(files) file\(files == 1 ? "" : "s")") }
        if snapshots > 0 { scanned.append("\(snapshots) snapshot\(snapshots == 1 ? "" : "s")") }
        text += " in " + scanned.joined(separator: " and ") + ", " + String(format: "%.1f s", seconds)
        if cached > 0 { text += ", \(cached) from the cache" }
        var remarks: [String] = []
        let baselined = analysis.count(suppressedBy: .baseline)
        let inline = analysis.count(suppressedBy: .inSource)
        if baselined > 0 { remarks.append("\(baselined) hidden by the baseline") }
        if inline > 0 { remarks.append("\(inline) suppressed in source") }
        if !remarks.isEmpty { text += " (" + remarks.joined(separator: ", ") + ")" }
        return text
    }
}

/// What program discovery could not place, said on stderr (never a finding: the report stays
/// about the code).
enum ProgramReport {
    static func stderrLines(notes: [ProgramNote], uncompiled: [String]) -> [String] {
        var lines = notes.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
            .map { "\($0.location): note: \($0.message)" }
        let sources = uncompiled.filter { !ProgramDiscovery.isManifest($0) }
        if let first = sources.first {
            let more = sources.count > 1 ? " and \(sources.count - 1) more" : ""
            lines.append(
                "note: \(sources.count) Swift file\(sources.count == 1 ? "" : "s") no program compiles \(sources.count == 1 ? "was" : "were") not analysed: \(first)\(more)")
        }
        return lines
    }
}

/// `check --output`'s format: `--format` (any case) when given, else the output's extension
/// (`.json`, `.sarif`, `.txt`); a contradiction between the two is refused.
enum OutputFormat {
    static let byExtension = ["json": "json", "sarif": "sarif", "txt": "text", "log": "xcode"]

    static func resolve(format: String?, output: String?) throws(ValidationError) -> String? {
        let named = format?.lowercased()
        let ext = output.map { URL(fileURLWithPath: $0).pathExtension.lowercased() } ?? ""
        guard let inferred = byExtension[ext] else { return named }
        if let named, named != inferred, !(inferred == "text" && ["xcode", "github"].contains(named)) {
            throw ValidationError(
                "--format \(named) contradicts --output \(output ?? ""): a .\(ext) file is written as \(inferred)")
        }
        return named ?? inferred
    }
}

/// Never a silent green: files nested too deeply to analyse, files the parser had to recover from, a scan that read no DI site (or
/// only a small share of what looks like DI), a scan of no Swift file at all.
enum CoverageReport {
    static let shownSyntaxErrors = 5

    static func stderrLines(_ run: Pipeline.Run, notRead: [NotReadGroup]) -> [String] {
        // Every file not analysed is named: each may hide any finding.
        var lines = run.coverage.notAnalysed.map { "\($0.location): note: \($0.message)" }
        let errors = run.coverage.syntaxErrors
        for location in errors.prefix(shownSyntaxErrors) {
            lines.append("\(location): note: syntax error; dependency-injection sites in this file may be missed (the parser recovers)")
        }
        if errors.count > shownSyntaxErrors {
            lines.append("note: \(errors.count - shownSyntaxErrors) more files have syntax errors")
        }
        let sources = run.inputs.filter { $0.kind == .source }.map(\.path).joined(separator: ", ")
        // Files found that no program compiles are not "no Swift file": say where they went.
        let nothingChecked =
            run.uncompiled.allSatisfy(ProgramDiscovery.isManifest)
            ? "no Swift file found in \(sources): nothing was checked"
            : "no Swift file found in \(sources) is compiled by a program its project files describe: nothing was checked"
        let warning =
            run.files == 0 && run.inputs.contains(where: { $0.kind == .source }) && run.changedSince == nil
            ? nothingChecked : run.coverage.warning
        // What was seen and not read, per program, most hidden first: why a miss is a note, and
        // what to configure. Shapes that hide no miss only when what was not read is not small
        // beside what was (the warning lists them when almost nothing was read).
        lines += NotReadText.lines(notRead, all: warning == nil && run.coverage.notReadIsNotable)
        if let warning { lines.append("warning: " + warning) }
        return lines
    }
}

/// The sites that left a container open for a miss, per program, from the findings themselves
/// (a run that takes its findings from the cache says the same as one that links).
enum OpenSiteSummary {
    static func groups(_ diagnostics: [Diagnostic]) -> [ProgramOpenSites] {
        var byProgram: [String: [OpenSite]] = [:]
        var seen: Set<String> = []
        for diagnostic in diagnostics where diagnostic.rule == MissingRegistrationRule.description.id {
            for (what, location) in diagnostic.notes.compactMap(MissingRegistrationRule.openSite(in:)) {
                let program = diagnostic.program ?? ""
                guard seen.insert("\(program)\u{0}\(location)").inserted else { continue }
                byProgram[program, default: []].append(OpenSite(what: what, location: location, keys: .everything))
            }
        }
        return byProgram.keys.sorted().map { program in
            ProgramOpenSites(program: program.isEmpty ? nil : program, sites: byProgram[program]!.sorted { $0.location < $1.location })
        }
    }
}
