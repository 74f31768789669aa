import ArgumentParser
import DigraphCore
import DigraphProjects
import DigraphRender
import Foundation

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the dependency graph and its findings as SVG, DOT, PNG, PDF or an HTML explorer (exit 0 whatever the findings).",
        discussion: """
            Services are boxes coloured and shaped by lifetime (see the legend in the picture); eager \
            edges are solid, deferred ones dashed, optional resolves dotted. Findings are drawn on the \
            graph: cycle edges red, a missing registration as a red dashed box, a captive dependency \
            orange, a god singleton with a thick border and its fan-in. Large graphs switch to a faster \
            layout and say so on stderr. `--format html` writes one self-contained page around the SVG \
            (search, focus, details, findings, filters, pan and zoom; nothing fetched from the network). \
            See docs/render.md.
            """
    )

    @OptionGroup var scan: ScanOptions

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write the picture to this file (atomically); `-` for stdout.", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp(
        "svg, dot, png, pdf or html (default: from the --output extension, else svg).", valueName: "format"))
    var format: String?

    @Option(help: ArgumentHelp("Graphviz layout: dot, sfdp, neato, fdp or circo (default: dot).", valueName: "layout"))
    var layout: String?

    @Option(help: ArgumentHelp(
        "Draw only this service and its neighbours (repeatable); an id or a type name.", valueName: "service"))
    var focus: [String] = []

    @Option(help: ArgumentHelp(
        "With --focus: how many edges away, in either direction (default: \(RenderOptions.defaultDepth)).",
        valueName: "n"))
    var depth: Int?

    @Option(help: ArgumentHelp("Group services in boxes: none, file, module, container or style.", valueName: "grouping"))
    var cluster: String = Clustering.none.rawValue

    @Flag(help: "Draw the graph only, without findings.")
    var noFindings = false

    func validate() throws {
        if let format {
            guard RenderFormat(rawValue: format.lowercased()) != nil else {
                throw ValidationError("unknown format '\(format)'; expected one of \(Self.list(RenderFormat.allCases))")
            }
        }
        _ = try pictureFormat()
        if let layout, LayoutEngine(rawValue: layout) == nil {
            throw ValidationError("unknown layout '\(layout)'; expected one of \(Self.list(LayoutEngine.allCases))")
        }
        if Clustering(rawValue: cluster) == nil {
            throw ValidationError("unknown --cluster '\(cluster)'; expected one of \(Self.list(Clustering.allCases))")
        }
        if let depth {
            if depth < 0 { throw ValidationError("--depth must be 0 or more") }
            if focus.isEmpty { throw ValidationError("--depth needs --focus") }
        }
        if output.isEmpty { throw ValidationError("--output needs a file name, not an empty string; - writes to stdout") }
    }

    /// The project's name for each path rendered (`.` is the folder's project, not a dot).
    static func title(of paths: [String]) -> String {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return paths.map { ProjectName.of($0, currentDirectory: here) }.joined(separator: ", ")
    }

    func run() throws {
        let started = Date()
        if output != "-" { try OutputWriter.checkTarget(output) }
        let run = try scan.pipeline.run()
        let options = RenderOptions(
            format: try pictureFormat(),
            layout: layout.flatMap(LayoutEngine.init(rawValue:)) ?? .dot,
            clustering: Clustering(rawValue: cluster) ?? .none, showFindings: !noFindings, focus: focus,
            depth: depth ?? RenderOptions.defaultDepth, title: Self.title(of: run.inputs.map(\.path)))
        let result: RenderResult
        do {
            result = try Renderer.render(run.analysis, options: options)
        } catch {
            throw DigraphError.render(error.description)
        }
        for notice in result.notices { StandardError.line("digraph: note: \(notice)") }
        try OutputWriter.write(Data(result.bytes), to: output == "-" ? nil : output)
        // After the write: a run that fails says one line, the error.
        if let note = run.cacheNote { StandardError.line(note) }
        if output != "-" {
            let document = result.document
            let elapsed = String(format: "%.1f", Date().timeIntervalSince(started))
            StandardError.line(
                "\(output): \(document.serviceCount) service\(document.serviceCount == 1 ? "" : "s"), "
                    + "\(document.edges.count) edge\(document.edges.count == 1 ? "" : "s"), "
                    + "\(result.plan.engine.rawValue) layout, \(elapsed) s")
        }
    }

    /// `--format` (any case), else the output's extension, else SVG; an extension that is no
    /// picture format, or one that contradicts `--format`, is refused rather than silently ignored.
    private func pictureFormat() throws(ValidationError) -> RenderFormat {
        let named = format.flatMap { RenderFormat(rawValue: $0.lowercased()) }
        let ext = output == "-" ? "" : URL(fileURLWithPath: output).pathExtension.lowercased()
        guard !ext.isEmpty else { return named ?? .svg }
        guard let inferred = RenderFormat.inferred(fromPath: output) else {
            if named != nil { return named! }
            throw ValidationError(
                "--output \(output): '.\(ext)' is not a picture format digraph writes; use .svg, .dot, .gv, .png, .pdf or .html, or give --format")
        }
        if let named, named != inferred {
            throw ValidationError("--format \(named.rawValue) contradicts --output \(output): a .\(ext) file is written as \(inferred.rawValue)")
        }
        return inferred
    }

    private static func list<T: RawRepresentable>(_ values: [T]) -> String where T.RawValue == String {
        values.map(\.rawValue).joined(separator: ", ")
    }
}
