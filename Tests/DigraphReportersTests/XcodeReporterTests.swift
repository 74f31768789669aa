import DigraphCore
import DigraphReporters
import Testing

@Suite struct XcodeReporterTests {
    @Test func writesOneLinePerFindingThenItsNotesAndSkipsSuppressed() {
        let out = XcodeReporter().render(Sample.analysis, context: Sample.context())
        #expect(out == """
            Sources/App/AppAssembly.swift:9:17: error: dependency cycle: APIClient -> Database#primary -> APIClient [dependency_cycle]
            Sources/App/AppAssembly.swift:9:17: note: APIClient resolves Database#primary here
            Sources/App/AppAssembly.swift:13:18: note: Database#primary resolves APIClient here
            Sources/App/AppAssembly.swift:9:17: note: make one of the edges deferred, e.g. with initCompleted
            Sources/App/AppAssembly.swift:9:17: warning: singleton APIClient captures graph-scoped Database#primary [scope_mismatch]
            Sources/App/Views/ProfileView.swift:5:2: note: optional request for Analytics has no registration [missing_registration]

            """)
    }

    @Test func nothingToReportIsEmptyOutput() {
        let empty = Analysis(graph: Sample.graph, diagnostics: [])
        #expect(XcodeReporter().render(empty, context: Sample.context()) == "")
    }

    @Test func keepsEachRecordOnOneLine() {
        let d = Diagnostic(
            rule: "missing_registration", severity: .error, message: "no registration for Foo\nnear misses: Foo#a",
            location: Sample.at("A.swift", 1, 1), services: ["Foo"])
        let out = XcodeReporter().render(Analysis(graph: Sample.graph, diagnostics: [d]), context: Sample.context())
        #expect(out == "A.swift:1:1: error: no registration for Foo near misses: Foo#a [missing_registration]\n")
    }

    @Test func isDeterministic() {
        let a = XcodeReporter().render(Sample.analysis, context: Sample.context())
        let b = XcodeReporter().render(Sample.analysis, context: Sample.context())
        #expect(a == b)
    }
}

@Suite struct ReporterCatalogTests {
    @Test func listsTheFormats() {
        #expect(ReporterCatalog.identifiers == ["text", "xcode", "json", "sarif", "github"])
    }

    @Test func findsEachReporterByItsIdentifier() {
        #expect(ReporterCatalog.reporter(for: "text") is TextReporter)
        #expect(ReporterCatalog.reporter(for: "xcode") is XcodeReporter)
        #expect(ReporterCatalog.reporter(for: "json") is JSONReporter)
        #expect(ReporterCatalog.reporter(for: "yaml") == nil)
    }
}
