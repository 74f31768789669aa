import Foundation
import Testing

/// Never a silent green: every run says what it understood, and a scan that read no DI site, or
/// only a small share of what looks like DI, says what it skipped.
@Suite struct CoverageTests {
    static let unreadStyle = """
        import Cleanse
        final class AppContainer {
            @OptionalInjected var api: APIClient?
            func boot() { Resolver.register { HTTPAPIClient() as APIClient } }
        }
        """

    @Test func aStyleDigraphDoesNotReadIsAWarningNotACleanPass() throws {
        let project = try TemporaryProject(["App.swift": Self.unreadStyle])
        let r = try DigraphProcess.run(["check", "."], in: project.url)
        #expect(r.exitCode == 0)
        #expect(r.stdout == "")
        #expect(r.stderr.contains(
            "warning: no dependency-injection site recognised in 1 file; 3 sites look like DI but are not read (`type AppContainer` at App.swift:2:1, `@OptionalInjected` at App.swift:3:5, `Resolver.register(…)` at App.swift:4:19)."))
        #expect(r.stderr.contains("no findings in 1 file, "))
        #expect(r.stderr.contains("; 0 services; 0 edges"))
        let report = try DigraphProcess.run(["report", "."], in: project.url)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let coverage = try #require(doc["coverage"] as? [String: Any])
        #expect((coverage["unrecognised"] as? [[String: Any]])?.map { $0["what"] as? String }
            == ["type AppContainer", "@OptionalInjected", "Resolver.register(…)"])
    }

    /// Some DI read, and as much again not read: no warning (something was understood), but the
    /// run says what it did not read instead of a bare "no findings" (issue 30).
    @Test func whatWasNotReadIsSaidBesideWhatWas() throws {
        let project = try TemporaryProject([
            "App.swift": Self.unreadStyle,
            "Logger.swift": "final class Logger { static let shared = Logger() }\nfinal class Feed { let log = Logger.shared }",
        ])
        let r = try DigraphProcess.run(["check", "."], in: project.url)
        #expect(!r.stderr.contains("warning:"), "\(r.stderr)")
        #expect(r.stderr.contains(
            """
            note: not read: `@OptionalInjected` at App.swift:3:5; what it asks for is not checked
            note: not read: `Resolver.register(…)` at App.swift:4:19; say what it registers with `assume_registered:` in .digraph.yml
            note: not read: `type AppContainer` at App.swift:2:1; a container type digraph does not read

            """),
            "\(r.stderr)")
    }

    @Test func aReadStyleSaysWhatItUnderstood() throws {
        let r = try DigraphProcess.run(["check", "Examples/SwinjectShop"])
        #expect(r.stderr.contains("in 17 files, "))
        #expect(r.stderr.contains("; 16 services from swinject (14), initializer (2); 28 edges"))
        #expect(!r.stderr.contains("warning:"))
        let report = try DigraphProcess.run(["report", "Examples/SwinjectShop"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let styles = try #require((doc["coverage"] as? [String: Any])?["styles"] as? [String: [String: Int]])
        #expect(styles["swinject"]?["registrations"] == 14)
        #expect((styles["swinject"]?["files"] ?? 0) >= 4)
    }

    @Test func aFileWithSyntaxErrorsIsANote() throws {
        let project = try TemporaryProject([
            "App.swift": "container.register(A.self) { _ in A() }\nlet broken = (\n",
        ])
        // Without a cache: the run creating one says so first (see FirstRunTests).
        let r = try DigraphProcess.run(["check", ".", "--no-cache"], in: project.url)
        #expect(r.stderr.hasPrefix(
            "App.swift:2:15: note: syntax error; dependency-injection sites in this file may be missed (the parser recovers)\n"))
    }

    @Test func noSwiftFileIsAWarning() throws {
        let project = try TemporaryProject(["README.md": "nothing to see"])
        let r = try DigraphProcess.run(["check", ".", "--no-cache"], in: project.url)
        #expect(r.exitCode == 0)
        #expect(r.stderr.hasPrefix("warning: no Swift file found in .: nothing was checked\n"))
    }

    /// Files a fully read description compiles into no program: found, not "no Swift file".
    @Test func filesNoProgramCompilesAreNamedNotMissing() throws {
        let project = try TemporaryProject([
            "Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Kit", targets: [.target(name: "Kit")])
                """,
            "Scripts/Tool.swift": "let container = Container()\nlet a = container.resolve(A.self)!\n",
        ])
        let r = try DigraphProcess.run(["check", ".", "--no-cache"], in: project.url)
        #expect(r.exitCode == 0)
        #expect(r.stderr.contains("warning: no Swift file found in . is compiled by a program its project files describe: nothing was checked\n"))
    }

    /// journey-jar: a manifest building its targets when it runs (`groups.flatMap { … }`) is read
    /// in part, so the files it seems not to compile are analysed by the fallback, not dropped.
    @Test func filesUnderAComputedTargetListAreStillChecked() throws {
        let project = try TemporaryProject([
            "Package.swift": """
                // swift-tools-version: 6.0
                import PackageDescription
                let names = ["Feed", "Profile"]
                let package = Package(name: "App", targets: names.map { .target(name: $0) })
                """,
            "Sources/Feed/Feed.swift": "let container = Container()\nlet a = container.resolve(APIClient.self)!\n",
        ])
        let r = try DigraphProcess.run(["check", ".", "--no-cache", "--format", "json"], in: project.url)
        #expect(r.exitCode == 1)
        #expect(r.stdout.contains("no registration for `APIClient`"))
    }

    static let wrapperApp = """
        import Swinject
        let container = Container()
        container.registerService(APIClient.self) { HTTPAPIClient() }
        container.register(Cart.self) { r in Cart(api: r.resolve(APIClient.self)!, db: r.resolve(Database.self)!) }
        """

    /// A registration digraph cannot read opens its container: the misses it may provide are
    /// notes naming it, and the run says which sites keep which program's containers open.
    @Test func anUnreadRegistrationOpensItsContainer() throws {
        let project = try TemporaryProject(["App.swift": Self.wrapperApp])
        let r = try DigraphProcess.run(["check", ".", "--format", "xcode"], in: project.url)
        #expect(r.stdout.contains(
            "App.swift:4:48: note: no registration for `APIClient` (requested by `Cart`); may be registered by what digraph could not read at App.swift:3:1 [missing_registration]"))
        // Open for the type the unread wrapper names, not for every key: another miss is proven.
        #expect(r.exitCode == 1)
        #expect(r.stdout.contains("App.swift:4:80: error: no registration for `Database` (requested by `Cart`) [missing_registration]"))
        #expect(r.stderr.contains(
            "note: not read: `registerService(…)` at App.swift:3:1 may register what 1 request misses, so that miss is a note; say what it registers with `assume_registered:` in .digraph.yml"))
        let report = try DigraphProcess.run(["report", "."], in: project.url)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let open = try #require((doc["coverage"] as? [String: Any])?["open"] as? [[String: Any]])
        #expect(open.count == 1)
        let sites = try #require(open.first?["sites"] as? [[String: Any]])
        #expect(sites.map { $0["what"] as? String } == ["registerService(APIClient.self, …)"])
    }

    /// What was not read is grouped by how it is written and ranked by the misses it may hide,
    /// in every format: twelve calls of one project wrapper are one thing to configure (issue 30).
    @Test func whatWasNotReadIsGroupedAndRankedByWhatItHides() throws {
        let project = try TemporaryProject([
            "App.swift": """
                import Swinject
                let container = Container()
                container.registerFactory(Clock.self) { SystemClock() }
                container.registerSingleton(APIClient.self) { HTTPAPIClient() }
                container.registerSingleton(Database.self) { SQLiteDatabase() }
                container.registerSingleton(Tracker.self) { Tracker() }
                container.register(Cart.self) { r in
                    Cart(api: r.resolve(APIClient.self)!, db: r.resolve(Database.self)!, tracker: r.resolve(Tracker.self)!)
                }
                container.register(Feed.self) { r in Feed(clock: r.resolve(Clock.self)!) }
                let cart = container.resolve(Cart.self)!
                let feed = container.resolve(Feed.self)!
                """
        ])
        let r = try DigraphProcess.run(["check", ".", "--format", "xcode"], in: project.url)
        #expect(r.exitCode == 0, "\(r.stdout)")
        #expect(r.stderr.contains(
            """
            note: not read: `registerSingleton(…)` at 3 sites (first App.swift:4:1) may register what 3 requests miss, so those misses are notes; say what they register with `assume_registered:` in .digraph.yml
            note: not read: `registerFactory(…)` at App.swift:3:1 may register what 1 request misses, so that miss is a note; say what it registers with `assume_registered:` in .digraph.yml

            """), "\(r.stderr)")
        let report = try DigraphProcess.run(["report", "."], in: project.url)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let notRead = try #require((doc["coverage"] as? [String: Any])?["notRead"] as? [[String: Any]])
        let entries = try #require(notRead.first?["entries"] as? [[String: Any]])
        #expect(entries.map { $0["shape"] as? String } == ["registerSingleton(…)", "registerFactory(…)"])
        #expect(entries.map { $0["hiddenMisses"] as? Int } == [3, 1])
        #expect((entries.first?["sites"] as? [[String: Any]])?.map { $0["line"] as? Int } == [4, 5, 6])
        let sarif = try DigraphProcess.run(["check", ".", "--format", "sarif"], in: project.url)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let notifications = try #require(
            (run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.count == 2)
        #expect((notifications.first?["locations"] as? [[String: Any]])?.count == 3)
        #expect(((notifications.first?["message"] as? [String: Any])?["text"] as? String)?.hasPrefix(
            "not read: `registerSingleton(…)` at 3 sites") == true)
    }

    /// `assume_registered:` says what the site registers: its container closes, and the miss it
    /// does not provide is an error again.
    @Test func sayingWhatASiteRegistersClosesItsContainer() throws {
        let project = try TemporaryProject([
            "App.swift": Self.wrapperApp,
            ".digraph.yml": "assume_registered:\n  - site: App.swift:3\n    registers: [APIClient]\n",
        ])
        let r = try DigraphProcess.run(["check", ".", "--format", "xcode"], in: project.url)
        #expect(r.exitCode == 1)
        #expect(!r.stdout.contains("`APIClient`"))
        #expect(r.stdout.contains("App.swift:4:80: error: no registration for `Database` (requested by `Cart`) [missing_registration]"))
        #expect(!r.stderr.contains("may register what"))
    }

    @Test func aMalformedAssumptionNamesItsPosition() throws {
        let project = try TemporaryProject([
            "App.swift": Self.wrapperApp,
            ".digraph.yml": "assume_registered:\n  - site: App.swift\n    register: [APIClient]\n",
        ])
        let r = try DigraphProcess.run(["check", "."], in: project.url)
        #expect(r.exitCode == 2)
        #expect(r.stderr.contains(".digraph.yml:3:5: unknown key 'assume_registered.register' (a site takes site and registers)"))
    }
}
