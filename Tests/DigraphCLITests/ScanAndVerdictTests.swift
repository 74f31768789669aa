import Foundation
import Testing

/// Options and configuration keys have their effect: which files are scanned, which findings come
/// out, at which severity, and the exit code that follows from them. Each project registers one
/// service per file, so the report's service locations say which files were read.
@Suite struct ScanAndVerdictTests {
    /// A file that registers and resolves `name`: read, it adds the service and no finding.
    static func clean(_ name: String) -> String {
        "container.register(\(name).self) { _ in \(name)() }\nlet \(name.lowercased()) = container.resolve(\(name).self)!\n"
    }

    /// An eager cycle between `a` and `b`, reported on line 1.
    static func cycle(_ a: String, _ b: String) -> String {
        """
        container.register(\(a).self) { r in \(a)(b: r.resolve(\(b).self)!) }
        container.register(\(b).self) { r in \(b)(a: r.resolve(\(a).self)!) }
        let \(a.lowercased()) = container.resolve(\(a).self)!

        """
    }

    /// A singleton keeping a transient (a warning) and an optional resolve of nothing (a note).
    static let warningAndNote = """
        container.register(Cache.self) { r in Cache(r: r.resolve(Request.self)!) }.inObjectScope(.container)
        container.register(Request.self) { _ in Request() }.inObjectScope(.transient)
        let c = container.resolve(Cache.self)!
        let t = container.resolve(Tracker.self)

        """

    @Test func includedAndExcludedDecideWhatIsRead() throws {
        let project = try TemporaryProject([
            "App/A.swift": Self.clean("AppA"),
            "App/Feature/F.swift": Self.clean("FeatureF"),
            "App/Generated/G.swift": Self.cycle("GenA", "GenB"),
            "Other/O.swift": Self.cycle("OtherA", "OtherB"),
            ".digraph.yml": "included: [App]\nexcluded: [\"**/Generated\"]\n",
        ])
        let all = try ReportDocument.check([], in: project.url)
        #expect(all.exit == 0)
        #expect(all.report.files == 2)
        #expect(all.report.serviceFiles == ["App/A.swift", "App/Feature/F.swift"])
        #expect(all.report.shown == [])

        // A path inside the project: the project around it is read (`excluded` still applies),
        // only the path's findings are shown; `--isolated` reads the path alone.
        let other = try ReportDocument.check(["Other"], in: project.url)
        #expect(other.exit == 1)
        #expect(other.report.serviceFiles == ["App/A.swift", "App/Feature/F.swift", "Other/O.swift"])
        #expect(other.report.shown == ["Other/O.swift:1 error dependency_cycle"])
        let isolated = try ReportDocument.check(["Other", "--isolated"], in: project.url)
        #expect(isolated.report.files == 1 && isolated.report.serviceFiles == ["Other/O.swift"])
        #expect(isolated.report.shown == ["Other/O.swift:1 error dependency_cycle"])
        let folder = try ReportDocument.check(["App", "--isolated"], in: project.url)
        #expect(folder.report.serviceFiles == ["App/A.swift", "App/Feature/F.swift"], "excluded under a given path too")
        #expect(folder.exit == 0 && folder.report.shown == [])
        // A file named explicitly is read even when a glob excludes it.
        let named = try ReportDocument.check(["App/Generated/G.swift"], in: project.url)
        #expect(named.report.serviceFiles.contains("App/Generated/G.swift"))
        #expect(named.report.shown == ["App/Generated/G.swift:1 error dependency_cycle"])
    }

    @Test func symlinksOutOfTheRootAreNotRead() throws {
        let outside = try TemporaryProject(["Bad.swift": Self.cycle("OutA", "OutB")])
        let project = try TemporaryProject(["A.swift": Self.clean("Inside")])
        try FileManager.default.createSymbolicLink(
            at: project.url.appendingPathComponent("linked"), withDestinationURL: outside.url)
        try FileManager.default.createSymbolicLink(
            at: project.url.appendingPathComponent("Linked.swift"), withDestinationURL: outside.url.appendingPathComponent("Bad.swift"))
        let r = try ReportDocument.check(["."], in: project.url)
        #expect(r.exit == 0)
        #expect(r.report.files == 1)
        #expect(r.report.services == ["Inside"])
        #expect(r.report.shown == [])
    }

    @Test func failOnDecidesTheExitCodeNotTheFindings() throws {
        let project = try TemporaryProject(["A.swift": Self.warningAndNote])
        let expected = ["A.swift:1 warning scope_mismatch", "A.swift:4 note missing_registration"]
        for (failOn, exit) in [(nil, 0), ("error", 0), ("warning", 1), ("note", 1), ("never", 0)] as [(String?, Int32)] {
            let r = try ReportDocument.check(["."] + (failOn.map { ["--fail-on", $0] } ?? []), in: project.url)
            #expect(r.exit == exit, "--fail-on \(failOn ?? "(default)")")
            #expect(r.report.shown == expected, "--fail-on \(failOn ?? "(default)")")
        }
        // From the configuration, and the command line wins over it.
        try project.write(".digraph.yml", "fail_on: note\n")
        #expect(try ReportDocument.check(["."], in: project.url).exit == 1)
        #expect(try ReportDocument.check([".", "--fail-on", "error"], in: project.url).exit == 0)
        let cycle = try TemporaryProject(["A.swift": Self.cycle("A", "B")])
        let never = try ReportDocument.check([".", "--fail-on", "never"], in: cycle.url)
        #expect(never.exit == 0 && never.report.shown == ["A.swift:1 error dependency_cycle"])
    }

    @Test func ruleSeverityOnlyRulesAndDisableHaveTheirEffect() throws {
        let project = try TemporaryProject(["A.swift": Self.cycle("A", "B"), "B.swift": Self.warningAndNote])
        let all = try ReportDocument.check(["."], in: project.url)
        #expect(all.exit == 1)
        #expect(all.report.shown == [
            "A.swift:1 error dependency_cycle", "B.swift:1 warning scope_mismatch", "B.swift:4 note missing_registration",
        ])

        try project.write(".digraph.yml", "rules:\n  dependency_cycle: { severity: warning }\n  scope_mismatch: { severity: error }\n")
        let severities = try ReportDocument.check(["."], in: project.url)
        #expect(severities.exit == 1)
        #expect(severities.report.shown == [
            "A.swift:1 warning dependency_cycle", "B.swift:1 error scope_mismatch", "B.swift:4 note missing_registration",
        ])

        try project.write(".digraph.yml", "only_rules: [scope_mismatch, missing_registration]\n")
        let only = try ReportDocument.check(["."], in: project.url)
        #expect(only.exit == 0)
        #expect(only.report.shown == ["B.swift:1 warning scope_mismatch", "B.swift:4 note missing_registration"])

        try project.write(".digraph.yml", "disabled_rules: [scope_mismatch]\n")
        let disabled = try ReportDocument.check([".", "--disable", "dependency_cycle,missing_registration"], in: project.url)
        #expect(disabled.exit == 0)
        #expect(disabled.report.shown == [])
        let repeated = try ReportDocument.check([".", "--disable", "dependency_cycle", "--disable", "missing_registration"], in: project.url)
        #expect(repeated.report.shown == [])
    }

    /// Looked up in the current directory, then in each path's directory and its parents.
    @Test func theConfigurationIsFoundInParentDirectories() throws {
        let project = try TemporaryProject([
            "App/Feature/Cycle.swift": Self.cycle("A", "B"),
            ".digraph.yml": "disabled_rules: [dependency_cycle]\n",
        ])
        let feature = project.url.appendingPathComponent("App/Feature")
        let fromInside = try ReportDocument.check(["."], in: feature)
        #expect(fromInside.exit == 0 && fromInside.report.shown == [], "from the current directory's parents")
        let elsewhere = try TemporaryProject()
        let fromOutside = try ReportDocument.check([feature.path], in: elsewhere.url)
        #expect(fromOutside.exit == 0 && fromOutside.report.files == 1 && fromOutside.report.shown == [], "from the path's parents")
        // The control: without the file the cycle is reported.
        try FileManager.default.removeItem(at: project.url.appendingPathComponent(".digraph.yml"))
        let without = try ReportDocument.check(["."], in: feature)
        #expect(without.exit == 1 && without.report.shown == ["Cycle.swift:1 error dependency_cycle"])
    }

    /// Through the built binary: a cycle closed by `Lazy` or by the seed's `@Dependency` wrapper is
    /// deferred, drawn as such, and not reported; the same cycle resolved eagerly is.
    @Test func aCycleThroughLazyOrDependencyIsNotReported() throws {
        let project = try TemporaryProject([
            "Lazy/Shop.swift": """
                container.register(Cart.self) { r in Cart(pricing: r.resolve(Pricing.self)!) }
                container.register(Pricing.self) { r in Pricing(cart: r.resolve(Lazy<Cart>.self)!) }
                let cart = container.resolve(Cart.self)!

                """,
            "Wrapper/Session.swift": """
                final class LoginService { @Dependency var session: UserSession }
                final class UserSession { @Dependency var login: LoginService }
                serviceLocator.register(factory: { _ in LoginService() }, forMetaType: LoginService.self)
                serviceLocator.register(factory: { _ in UserSession() }, forMetaType: UserSession.self)

                """,
        ])
        let r = try DigraphProcess.run(["report", "Lazy", "Wrapper"], in: project.url)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let edges = Set((doc["edges"] as? [[String: Any]] ?? []).map { "\($0["from"]!) -> \($0["to"]!) \($0["timing"]!) \($0["via"]!)" })
        #expect(edges == [
            "Cart -> Pricing eager resolve", "Pricing -> Cart deferred resolve",
            "LoginService -> UserSession deferred property_wrapper", "UserSession -> LoginService deferred property_wrapper",
        ])
        let deferred = try ReportDocument.check(["Lazy", "Wrapper"], in: project.url)
        #expect(deferred.exit == 0 && !deferred.report.shown.contains { $0.contains("dependency_cycle") }, "\(deferred.report.shown)")
        let dot = try DigraphProcess.run(["render", "Lazy", "--format", "dot", "--output", "-"], in: project.url).stdout
        #expect(dot.contains("\"Pricing\" -> \"Cart\"") && dot.contains("deferred"))
        // The control: resolved eagerly, it is a cycle.
        try project.write("Lazy/Shop.swift", try project.read("Lazy/Shop.swift").replacingOccurrences(of: "Lazy<Cart>", with: "Cart"))
        let eager = try ReportDocument.check(["Lazy"], in: project.url)
        #expect(eager.exit == 1 && eager.report.shown == ["Lazy/Shop.swift:1 error dependency_cycle"])
    }

    /// SARIF consumers read `artifactLocation.uri` as a URI: file names with `%`, `#`, `?`, `:`
    /// and spaces are encoded.
    @Test func sarifEncodesRealFileNames() throws {
        let project = try TemporaryProject(["Sources/100% C#/Why? a:b.swift": Self.cycle("A", "B")])
        let r = try DigraphProcess.run(["check", "Sources", "--format", "sarif"], in: project.url)
        #expect(r.exitCode == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        let uri = (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String
        #expect(uri == "Sources/100%25%20C%23/Why%3F%20a%3Ab.swift")
        #expect(uri?.removingPercentEncoding == "Sources/100% C#/Why? a:b.swift")
    }

    @Test func quietPrintsTheFindingsWithoutTheSummary() throws {
        let project = try TemporaryProject(["A.swift": Self.cycle("A", "B")])
        // Quiet first: the run that creates the cache says nothing of it either.
        let quiet = try DigraphProcess.run(["check", ".", "--format", "xcode", "--quiet"], in: project.url)
        let loud = try DigraphProcess.run(["check", ".", "--format", "xcode"], in: project.url)
        #expect(loud.stderr.hasPrefix("1 error in 1 file, "))
        #expect(quiet.stderr.isEmpty)
        #expect(quiet.stdout == loud.stdout && quiet.exitCode == 1 && loud.exitCode == 1)
        #expect(quiet.stdout.hasPrefix("A.swift:1:40: error: dependency cycle: `A` -> `B` -> `A` [dependency_cycle]\n"))
    }

    /// What a person sees: the text format on a pipe keeps the source line, CRLF files included,
    /// and never passes a control character of the source through to the terminal.
    @Test func theTextFormatShowsSourceLinesAsText() throws {
        let project = try TemporaryProject()
        let line = "container.register(A.self) { r in A(b: r.resolve(A.self)!) } // \u{1B}[2J\u{1B}]0;owned\u{07} done\u{7F}"
        try project.write("CRLF.swift", "// header\r\n\(line)\r\n// end\r\n")
        let r = try DigraphProcess.run(["check", ".", "--format", "text"], in: project.url)
        #expect(r.exitCode == 1)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "CRLF.swift:2:40: error: dependency cycle: `A` -> `A` [dependency_cycle]")
        #expect(lines.dropFirst().first == " 2 | container.register(A.self) { r in A(b: r.resolve(A.self)!) } // ␛[2J␛]0;owned␇ done␡")
        let caret: String = "   | " + String(repeating: " ", count: 39) + "^"
        #expect(lines.dropFirst(2).first.map(String.init) == caret, "\(lines.dropFirst(2).first.map { Array($0.utf8) } ?? [])")
        #expect(!r.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}
