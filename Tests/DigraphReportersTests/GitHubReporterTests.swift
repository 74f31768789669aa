import DigraphCore
import DigraphReporters
import Testing

@Suite struct GitHubReporterTests {
    func render(_ diagnostics: [Diagnostic], context: ReportContext = ReportContext()) -> String {
        GitHubReporter().render(Analysis(graph: DependencyGraph(services: [], edges: []), diagnostics: diagnostics), context: context)
    }

    func finding(
        _ rule: String = "missing_registration", _ severity: Severity = .error, message: String = "no registration for `X`",
        file: String = "A.swift", line: Int = 1, column: Int = 1, notes: [Diagnostic.Note] = []
    ) -> Diagnostic {
        Diagnostic(
            rule: rule, severity: severity, message: message, location: SourceLocation(file: file, line: line, column: column),
            services: ["X\(line)"], notes: notes)
    }

    @Test func oneCommandPerFindingSkippingSuppressedThenTheSummary() {
        let out = GitHubReporter().render(CISample.analysis, context: CISample.context())
        #expect(out == """
            ::error file=Sources/Assemblies/CheckoutAssembly.swift,line=9,col=26,title=digraph dependency_cycle::dependency cycle: `CartService` -> `PricingService` -> `CartService` (see ServicesAssembly.swift:20)
            ::warning file=Sources/Assemblies/CheckoutAssembly.swift,line=14,col=49,title=digraph scope_mismatch::`Café` (singleton, container) keeps `Cart` (transient)
            ::error file=Sources/Assemblies/ServicesAssembly.swift,line=25,col=40,title=digraph missing_registration::no registration for `Database#analytics` (requested by `AnalyticsTracking`); near miss: `Database#primary` (see ServicesAssembly.swift:6)
            digraph: 2 errors, 1 warning (2 suppressed)

            """)
    }

    @Test func notesAreNotices() {
        let out = render([finding("unused_registration", .note, message: "unused")])
        #expect(out == "::notice file=A.swift,line=1,col=1,title=digraph unused_registration::unused\ndigraph: 1 note\n")
    }

    @Test func noFindingsIsJustTheSummaryAndQuietDropsIt() {
        #expect(render([]) == "digraph: no findings\n")
        #expect(render([], context: ReportContext(includeSummary: false)) == "")
        let quiet = render([finding()], context: ReportContext(includeSummary: false))
        #expect(quiet == "::error file=A.swift,line=1,col=1,title=digraph missing_registration::no registration for `X`\n")
    }

    // MARK: escaping

    @Test func escapesDataAndProperties() {
        #expect(GitHubReporter.escapeData("100% sure\r\nnext: a,b") == "100%25 sure%0D%0Anext: a,b")
        #expect(GitHubReporter.escapeProperty("100% sure\r\nnext: a,b") == "100%25 sure%0D%0Anext%3A a%2Cb")
        // `%` first, so an escape is never escaped twice.
        #expect(GitHubReporter.escapeData("%0A") == "%250A")
        #expect(GitHubReporter.escapeProperty("%3A") == "%253A")
    }

    @Test func escapesTheMessageAndThePropertiesOfACommand() {
        let d = finding(
            "odd,rule:id", message: "50% of `A`, then:\r\nline two\nline three", file: "Sources/a,b:c%d.swift", line: 3, column: 2)
        let out = render([d], context: ReportContext(includeSummary: false))
        #expect(out == """
            ::error file=Sources/a%2Cb%3Ac%25d.swift,line=3,col=2,title=digraph odd%2Crule%3Aid::50%25 of `A`, then:%0D%0Aline two%0Aline three

            """)
        // Exactly one line per finding, whatever the message holds.
        #expect(out.split(separator: "\n").count == 1)
    }

    // MARK: notes

    @Test func notesLocationsAreAppendedBrieflyWithoutTheFindingsOwnLine() {
        let d = finding(
            message: "cycle", file: "Sources/A.swift", line: 4,
            notes: [
                .init(message: "hop 1", location: SourceLocation(file: "Sources/A.swift", line: 4, column: 9)),
                .init(message: "hop 2", location: SourceLocation(file: "Sources/Deep/B.swift", line: 12, column: 3)),
                .init(message: "hop 3", location: SourceLocation(file: "Sources/Deep/B.swift", line: 12, column: 30)),
                .init(message: "advice"),
            ])
        #expect(render([d]).hasPrefix("::error file=Sources/A.swift,line=4,col=1,title=digraph missing_registration::cycle (see B.swift:12)\n"))
    }

    @Test func aLongListOfPlacesIsLeftOut() {
        let notes = (1...12).map { Diagnostic.Note(message: "hop", location: SourceLocation(file: "Sources/Service\($0).swift", line: $0, column: 1)) }
        let out = render([finding(message: "big cycle", file: "Z.swift", notes: notes)])
        #expect(out.hasPrefix("::error file=Z.swift,line=1,col=1,title=digraph missing_registration::big cycle\n"))
    }

    // MARK: the per-level cap

    @Test func summaryMentionsGitHubsCapOnlyWhenALevelExceedsIt() {
        let tenErrors = (1...10).map { finding(line: $0) }
        let fourteenNotes = (1...14).map { finding("unused_registration", .note, line: 100 + $0) }
        let atCap = render(tenErrors + [finding("scope_mismatch", .warning, line: 50)])
        #expect(atCap.hasSuffix("\ndigraph: 10 errors, 1 warning\n"))
        let overCap = render(tenErrors + [finding(line: 11), finding("scope_mismatch", .warning, line: 50)] + fourteenNotes)
        #expect(overCap.hasSuffix(
            "\ndigraph: 11 errors, 1 warning, 14 notes (GitHub shows at most 10 annotations of each level per step)\n"))
        let notesOnly = render(fourteenNotes)
        #expect(notesOnly.hasSuffix("\ndigraph: 14 notes (GitHub shows at most 10 annotations of each level per step)\n"))
        // Every finding still gets its command: the cap is GitHub's, not ours.
        #expect(overCap.split(separator: "\n").filter { $0.hasPrefix("::") }.count == 26)
    }

    @Test func suppressedFindingsDoNotCountTowardsTheCap() {
        let suppressed = (1...11).map { line -> Diagnostic in
            var d = finding(line: line)
            d.suppress(.baseline)
            return d
        }
        #expect(render(suppressed) == "digraph: no findings (11 suppressed)\n")
    }

    // MARK: columns

    @Test func columnsAreUTF16UnitsLikeSARIFs() {
        let d = finding(line: 1, column: 5)
        let out = render([d], context: ReportContext(sourceLine: { _, _ in "🎉x = 1" }, includeSummary: false))
        #expect(out.hasPrefix("::error file=A.swift,line=1,col=3,"))
    }

    @Test func isRegistered() {
        #expect(ReporterCatalog.reporter(for: "github") is GitHubReporter)
    }
}

@Suite struct ReporterCatalogCIFormatsTests {
    @Test func listsTheCIFormatsAfterTheOthers() {
        #expect(ReporterCatalog.identifiers == ["text", "xcode", "json", "sarif", "github"])
    }
}
