import DigraphCore

/// `path:line:column: severity: message [rule]`, the form Xcode, swiftc and most editors parse.
/// One line per finding, its notes on the lines after it; no summary, so every line is a finding.
public struct XcodeReporter: Reporter {
    public static let identifier = "xcode"

    public init() {}

    public func render(_ analysis: Analysis, context: ReportContext) -> String {
        var out = ""
        for diagnostic in analysis.diagnostics where diagnostic.suppressed != true {
            let program = diagnostic.program.map { " [\($0)]" } ?? ""
            out += line(
                diagnostic.location, diagnostic.severity.rawValue, "\(diagnostic.message) [\(diagnostic.rule)]\(program)")
            for note in diagnostic.notes {
                // A note without a place of its own belongs at its finding's place: Xcode drops
                // lines it cannot attach to a location.
                out += line(note.location ?? diagnostic.location, "note", note.message)
            }
        }
        return out
    }

    private func line(_ location: SourceLocation, _ severity: String, _ message: String) -> String {
        "\(SafeText.escaped(location.file)):\(location.line):\(location.column): \(severity): \(Self.singleLine(message))\n"
    }

    /// The format is one record per line; a line break inside a message would start a bogus record. Control
    /// characters from the input (an escape sequence, a bidirectional control) are shown escaped, never sent.
    static func singleLine(_ text: String) -> String {
        SafeText.escaped(text.split(whereSeparator: \.isNewline).joined(separator: " "))
    }
}
