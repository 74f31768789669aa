import DigraphCore

/// For people at a terminal: findings grouped by file, each with its source line and a caret
/// under the column (as swiftc does), notes indented beneath, and a one-line summary at the end.
public struct TextReporter: Reporter {
    public static let identifier = "text"

    public init() {}

    public func render(_ analysis: Analysis, context: ReportContext) -> String {
        let style = ANSIStyle(enabled: context.useColor)
        let shown = analysis.diagnostics.filter { $0.suppressed != true }
        // Analysis order is already file, line, column; grouping keeps it within each file.
        let byFile = Dictionary(grouping: shown, by: \.location.file)
        var blocks: [String] = byFile.keys.sorted().map { file in
            byFile[file]!.map { finding($0, context: context, style: style) }.joined()
        }
        if context.includeSummary {
            blocks.append(summary(analysis, suppressed: analysis.diagnostics.count - shown.count) + "\n")
        }
        return blocks.joined(separator: "\n")
    }

    private func finding(_ d: Diagnostic, context: ReportContext, style: ANSIStyle) -> String {
        let severity = d.severity.rawValue
        // Everything from the input is escaped before it is styled: only digraph's own escape sequences reach
        // the terminal.
        let program = d.program.map { "[\(SafeText.escaped($0))] " } ?? ""
        var out = "\(SafeText.escaped(d.location.description)): \(program)"
            + style.paint("\(severity):", ANSIStyle.bold, ANSIStyle.colour(of: severity))
            + " " + style.paint("\(SafeText.escaped(d.message)) [\(d.rule)]", ANSIStyle.bold) + "\n"
        if let source = context.sourceLine(d.location.file, d.location.line) {
            out += excerpt(source, at: d.location, caret: style.paint("^", ANSIStyle.bold, ANSIStyle.colour(of: severity)))
        }
        for note in d.notes {
            let label = style.paint("note:", ANSIStyle.bold, ANSIStyle.cyan)
            let message = SafeText.escaped(note.message)
            out += note.location.map { "  \(SafeText.escaped($0.description)): \(label) \(message)\n" } ?? "  \(label) \(message)\n"
        }
        return out
    }

    /// The line, then a caret under the column. Columns count UTF-8 bytes (as SwiftSyntax and
    /// swiftc do); tabs before the column are copied so the caret lines up however they render.
    func excerpt(_ source: String, at location: SourceLocation, caret: String) -> String {
        let text = source.trimmingSuffix { $0 == "\n" || $0 == "\r" }
        let bytes = Array(text.utf8)
        let offset = max(0, location.column - 1)
        let before = String(decoding: bytes.prefix(offset), as: UTF8.self)
        let indent = before.map { $0 == "\t" ? "\t" : " " }.joined()
            + String(repeating: " ", count: max(0, offset - bytes.count))
        let number = String(location.line)
        let gutter = String(repeating: " ", count: number.count)
        return " \(number) | \(Self.visible(text))\n \(gutter) | \(indent)\(caret)\n"
    }

    /// A source line as text, never as terminal commands: control characters other than tab
    /// (an escape sequence in a comment, a bell, a stray carriage return) are shown as their
    /// Unicode control pictures (`␛`, `␇`, `␍`), C1 controls as `�`. One character each, so the
    /// caret below stays in its column.
    static func visible(_ line: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in line.unicodeScalars {
            switch scalar.value {
            case 0x09: out.append(scalar)
            case 0x00...0x1F: out.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: out.append("\u{2421}")
            case 0x80...0x9F: out.append("\u{FFFD}")
            // Bidirectional controls would reorder the line as shown (Trojan Source): one visible mark each.
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// `2 errors, 1 warning, 3 notes`, zero counts left out; `no findings` when there are none.
    func summary(_ analysis: Analysis, suppressed: Int) -> String {
        let counts = [Severity.error, .warning, .note].compactMap { severity -> String? in
            let n = analysis.count(severity)
            return n == 0 ? nil : Self.plural(n, severity.rawValue)
        }
        let text = counts.isEmpty ? "no findings" : counts.joined(separator: ", ")
        return suppressed > 0 ? "\(text) (\(suppressed) suppressed)" : text
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}

extension String {
    fileprivate func trimmingSuffix(while drop: (Character) -> Bool) -> String {
        var end = endIndex
        while end > startIndex, drop(self[index(before: end)]) { end = index(before: end) }
        return String(self[..<end])
    }
}
