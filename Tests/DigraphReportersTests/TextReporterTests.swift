import DigraphCore
import DigraphReporters
import Testing

@Suite struct TextReporterTests {
    @Test func groupsByFileWithSourceLineCaretNotesAndSummary() {
        let out = TextReporter().render(Sample.analysis, context: Sample.context())
        #expect(out == """
            Sources/App/AppAssembly.swift:9:17: error: dependency cycle: APIClient -> Database#primary -> APIClient [dependency_cycle]
             9 |             db: r.resolve(Database.self, name: "primary")!
               |                 ^
              Sources/App/AppAssembly.swift:9:17: note: APIClient resolves Database#primary here
              Sources/App/AppAssembly.swift:13:18: note: Database#primary resolves APIClient here
              note: make one of the edges deferred, e.g. with initCompleted
            Sources/App/AppAssembly.swift:9:17: warning: singleton APIClient captures graph-scoped Database#primary [scope_mismatch]
             9 |             db: r.resolve(Database.self, name: "primary")!
               |                 ^

            Sources/App/Views/ProfileView.swift:5:2: note: optional request for Analytics has no registration [missing_registration]
             5 | \t@Injected var analytics: Analytics?
               | \t^

            1 error, 1 warning, 1 note (1 suppressed)

            """)
    }

    @Test func noEscapeCodesWithoutColour() {
        let out = TextReporter().render(Sample.analysis, context: Sample.context(color: false))
        #expect(!out.contains("\u{1B}"))
    }

    @Test func coloursSeverityAndBoldsMessageWithColour() {
        let out = TextReporter().render(Sample.analysis, context: Sample.context(color: true))
        #expect(out.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(out.contains("\u{1B}[1;33mwarning:\u{1B}[0m"))
        #expect(out.contains("\u{1B}[1;36mnote:\u{1B}[0m"))
        #expect(out.contains("\u{1B}[1mdependency cycle: APIClient -> Database#primary -> APIClient [dependency_cycle]\u{1B}[0m"))
        // The caret stays under the column: escape codes come after the indentation.
        #expect(out.contains("   |                 \u{1B}[1;31m^\u{1B}[0m\n"))
        // Without the escape codes it is the plain rendering.
        let stripped = out.replacing(/\u{1B}\[[0-9;]*m/, with: "")
        #expect(stripped == TextReporter().render(Sample.analysis, context: Sample.context(color: false)))
    }

    @Test(arguments: [
        // (line, column, caret line): columns are UTF-8 bytes, as SwiftSyntax reports them.
        ("let x = resolve()", 9, "   |         ^"),
        ("let café = resolve()", 13, "   |            ^"),  // é is 2 bytes: 11 characters before
        ("\t\tfoo()", 3, "   | \t\t^"),
        ("short", 10, "   |          ^"),  // past the end: padded
        ("x", 1, "   | ^"),
    ])
    func caretSitsUnderTheColumn(source: String, column: Int, caretLine: String) {
        let d = Diagnostic(
            rule: "r", severity: .error, message: "m", location: Sample.at("F.swift", 42, column), services: ["S"])
        let context = ReportContext(sourceLine: { _, line in line == 42 ? source + "\n" : nil }, includeSummary: false)
        let out = TextReporter().render(Analysis(graph: Sample.graph, diagnostics: [d]), context: context)
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == " 42 | \(source)")
        #expect(lines[2] == Substring(" " + caretLine))
    }

    /// A source line is shown as text: an escape sequence or a bell in a comment is not sent to
    /// the terminal, and the caret stays under the column.
    @Test func controlCharactersInTheSourceLineAreShownNotSent() {
        let source = "\tlet x = r.resolve(A.self)! // \u{1B}[31mred\u{1B}[0m \u{07}\u{08}\u{7F}\u{9B}2J\r"
        let d = Diagnostic(rule: "r", severity: .error, message: "m", location: Sample.at("F.swift", 3, 10), services: ["S"])
        let context = ReportContext(sourceLine: { _, line in line == 3 ? source : nil }, includeSummary: false)
        let out = TextReporter().render(Analysis(graph: Sample.graph, diagnostics: [d]), context: context)
        #expect(out == """
            F.swift:3:10: error: m [r]
             3 | \tlet x = r.resolve(A.self)! // ␛[31mred␛[0m ␇␈␡\u{FFFD}2J
               | \t        ^

            """)
        #expect(!out.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) })
    }

    @Test func noExcerptWhenTheSourceLineIsUnavailable() {
        let d = Diagnostic(rule: "r", severity: .warning, message: "m", location: Sample.at("F.swift", 1, 1), services: ["S"])
        let out = TextReporter().render(Analysis(graph: Sample.graph, diagnostics: [d]), context: ReportContext())
        #expect(out == "F.swift:1:1: warning: m [r]\n\n1 warning\n")
    }

    @Test(arguments: [
        ([Severity](), 0, "no findings"),
        ([], 2, "no findings (2 suppressed)"),
        ([.error], 0, "1 error"),
        ([.error, .error, .warning, .note, .note, .note], 0, "2 errors, 1 warning, 3 notes"),
        ([.warning, .warning, .note], 1, "2 warnings, 1 note (1 suppressed)"),
    ])
    func summaryIsPluralised(severities: [Severity], suppressed: Int, expected: String) {
        var diagnostics = severities.enumerated().map { i, severity in
            Diagnostic(rule: "r", severity: severity, message: "m\(i)", location: Sample.at("F.swift", i + 1, 1), services: ["S"])
        }
        for i in 0..<suppressed {
            var d = Diagnostic(rule: "r", severity: .error, message: "s\(i)", location: Sample.at("G.swift", i + 1, 1), services: ["S"])
            d.suppressed = true
            diagnostics.append(d)
        }
        let out = TextReporter().render(Analysis(graph: Sample.graph, diagnostics: diagnostics), context: ReportContext())
        #expect(out.hasSuffix("\(expected)\n"))
        #expect(!out.contains("G.swift"))
    }

    @Test func summaryCanBeLeftOut() {
        let out = TextReporter().render(Sample.analysis, context: Sample.context(summary: false))
        #expect(!out.contains("suppressed"))
        #expect(out.hasSuffix("   | \t^\n"))
    }

    @Test func filesComeInSortedOrder() {
        let diagnostics = ["b/Z.swift", "a/Y.swift", "b/A.swift"].map {
            Diagnostic(rule: "r", severity: .error, message: "m", location: Sample.at($0, 1, 1), services: ["S"])
        }
        let out = TextReporter().render(Analysis(graph: Sample.graph, diagnostics: diagnostics), context: ReportContext())
        #expect(out == "a/Y.swift:1:1: error: m [r]\n\nb/A.swift:1:1: error: m [r]\n\nb/Z.swift:1:1: error: m [r]\n\n3 errors\n")
    }
}
