import DigraphCore

/// GitHub Actions workflow commands: one `::error|warning|notice file=…,line=…,col=…,title=…::message`
/// line per finding, which the runner turns into an annotation on the pull request's diff.
/// Suppressed findings are left out. A plain summary line follows; GitHub shows only the first 10
/// annotations of each level per step, so the summary says so when a level has more.
///
/// Paths are the display paths (relative to the working directory: run digraph from the
/// repository root). Columns are converted to UTF-16 code units like SARIF's.
public struct GitHubReporter: Reporter {
    public static let identifier = "github"
    /// Annotations of one level GitHub shows per step.
    public static let annotationLimit = 10
    /// The longest ` (see A.swift:12, B.swift:3)` suffix written into a message.
    static let maxSeeSuffixLength = 80

    public init() {}

    public func render(_ analysis: Analysis, context: ReportContext) -> String {
        var out = ""
        for d in analysis.diagnostics where d.suppressed != true {
            out += command(d, context: context) + "\n"
        }
        if context.includeSummary { out += summary(analysis) + "\n" }
        return out
    }

    func command(_ d: Diagnostic, context: ReportContext) -> String {
        var properties = ["file=\(Self.escapeProperty(d.location.file))"]
        if d.location.line >= 1 {
            properties.append("line=\(d.location.line)")
            if d.location.column >= 1 { properties.append("col=\(SourceColumns.utf16Column(of: d.location, context: context))") }
        }
        properties.append("title=\(Self.escapeProperty("\(ToolInfo.name) \(d.rule)"))")
        let message = (d.program.map { "[\($0)] " } ?? "") + d.message + Self.seeSuffix(d)
        return "::\(Self.command(for: d.severity)) \(properties.joined(separator: ","))::\(Self.escapeData(message))"
    }

    /// ` (see ServicesAssembly.swift:20)`: where the notes point (each hop of a cycle, each near
    /// miss), by file name and line, leaving out the finding's own line. Empty when there is nothing
    /// to add or the list would not be brief.
    static func seeSuffix(_ d: Diagnostic) -> String {
        var seen: Set<String> = ["\(d.location.file):\(d.location.line)"]
        var places: [String] = []
        for location in d.notes.compactMap(\.location) where seen.insert("\(location.file):\(location.line)").inserted {
            let name = location.file.split(separator: "/").last.map(String.init) ?? location.file
            places.append("\(name):\(location.line)")
        }
        guard !places.isEmpty else { return "" }
        let suffix = " (see \(places.joined(separator: ", ")))"
        return suffix.count <= maxSeeSuffixLength ? suffix : ""
    }

    static func command(for severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    /// `digraph: 2 errors, 1 warning, 14 notes (GitHub shows at most 10 annotations of each level
    /// per step)`; the cap is mentioned only when a level exceeds it.
    func summary(_ analysis: Analysis) -> String {
        let severities: [Severity] = [.error, .warning, .note]
        let counts = severities.map { analysis.count($0) }
        var parts = zip(severities, counts).filter { $0.1 > 0 }.map { TextReporter.plural($0.1, $0.0.rawValue) }
        if parts.isEmpty { parts = ["no findings"] }
        var line = "\(ToolInfo.name): " + parts.joined(separator: ", ")
        let suppressed = analysis.diagnostics.filter { $0.suppressed == true }.count
        if suppressed > 0 { line += " (\(suppressed) suppressed)" }
        if counts.contains(where: { $0 > Self.annotationLimit }) {
            line += " (GitHub shows at most \(Self.annotationLimit) annotations of each level per step)"
        }
        return line
    }

    /// A command's message: `%`, CR and LF percent-encoded, as the runner expects; other control characters
    /// (an escape sequence the log viewer would run, a bidirectional control) shown escaped (`\u{1B}`).
    public static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in SafeText.escaped(text, keep: [.tabs, .lineBreaks]).unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value (`file=`, `title=`): as data, plus `:` and `,`, which delimit properties.
    public static func escapeProperty(_ text: String) -> String {
        var out = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
