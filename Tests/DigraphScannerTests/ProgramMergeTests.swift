import DigraphCore
import DigraphScanner
import Testing

/// Findings of code several programs compile are reported once, naming the programs.
@Suite struct ProgramMergeTests {
    /// The app reads the singleton from four types, its widget from three: one god singleton
    /// (the app's count), not one per program with different counts.
    @Test func aGodSingletonTwoProgramsCompileIsOneFindingWithTheLargestCount() throws {
        let files: [(String, String)] = [
            ("Shared/Logger.swift", "final class Logger {\n    static let shared = Logger()\n}"),
            ("Shared/Feed.swift", "final class Feed { let log = Logger.shared }\nfinal class Cart { let log = Logger.shared }"),
            ("App/Screens.swift", "final class Profile { let log = Logger.shared }\nfinal class Settings { let log = Logger.shared }"),
            ("Widget/Timeline.swift", "final class Timeline { let log = Logger.shared }"),
        ]
        let programs = [
            Program(name: "App", kind: .app, source: "project.pbxproj", files: ["App/Screens.swift", "Shared/Feed.swift", "Shared/Logger.swift"]),
            Program(
                name: "Widget", kind: .extension, source: "project.pbxproj",
                files: ["Shared/Feed.swift", "Shared/Logger.swift", "Widget/Timeline.swift"]),
        ]
        var configuration = Configuration()
        configuration.rules["god_singleton"] = RuleOptions(threshold: 3)
        let analysis = Analyzer(configuration: configuration).analyze(
            files.map { SwiftFileScanner.scan(source: $1, path: $0) }, programs: ProgramMap(programs: programs))
        let found = analysis.diagnostics.filter { $0.rule == "god_singleton" }
        #expect(found.count == 1)
        #expect(found.first?.program == "App, Widget")
        #expect(found.first?.message.contains("4 services and types depend on it") == true)
    }

    /// A program whose kind its project does not say (Legacy-iOS's product decided when the
    /// manifest runs, cleema's package that becomes the fallback) may be a library an app
    /// registers for: its miss is a note beside a described program, and an error in a scan that
    /// has no description at all (one program, nothing left unread).
    @Test func aMissInAProgramOfUnknownKindIsProvenOnlyWhenNothingIsDescribed() throws {
        let files: [(String, String)] = [
            ("Feature/Login.swift", "final class LoginModel { let auth = container.resolve(AuthRepository.self)! }"),
            ("App/App.swift", "let container = Container()\ncontainer.register(Session.self) { _ in Session() }"),
        ]
        let facts = files.map { SwiftFileScanner.scan(source: $1, path: $0) }
        let described = ProgramMap(programs: [
            Program(name: "Feature", kind: .unknown, source: "tuist", files: ["Feature/Login.swift"]),
            Program(name: "App", kind: .app, source: "tuist", files: ["App/App.swift"]),
        ])
        let miss = Analyzer(configuration: Configuration()).analyze(facts, programs: described).diagnostics
            .filter { $0.rule == "missing_registration" }
        #expect(miss.map(\.severity) == [.note])
        #expect(miss.first?.message.contains("what `Feature` is (an app, or a library an app links) is not read") == true)
        let loose = ProgramMap(programs: [
            Program(name: "main", kind: .unknown, source: "fallback", files: ["App/App.swift", "Feature/Login.swift"]),
            Program(name: "tests", kind: .tests, source: "fallback", files: []),
        ])
        let proven = Analyzer(configuration: Configuration()).analyze(facts, programs: loose).diagnostics
            .filter { $0.rule == "missing_registration" }
        #expect(proven.map(\.severity) == [.error])
    }
    /// wxm-ios: a service the app's container registers (a singleton) is only built by initializer
    /// injection in a framework linked without that container. The programs' union lists it as the
    /// registration, whichever program is named first.
    @Test func theUnionListsAServiceAsItsRegistration() throws {
        let files: [(String, String)] = [
            ("Data/ExplorerService.swift", """
            final class ApiClient { static let shared = ApiClient() }
            final class ExplorerService { func load() { _ = ApiClient.shared } }
            """),
            ("Presentation/Explorer.swift", "final class ExplorerViewModel { init(service: ExplorerService) {} }\nlet model = ExplorerViewModel(service: ExplorerService())"),
            ("App/Swinject.swift", """
            import Swinject
            let container = Container()
            func setUp() {
                container.register(ExplorerService.self) { _ in ExplorerService() }.inObjectScope(.container)
                _ = container.resolve(ExplorerService.self)
            }
            """),
        ]
        let programs = [
            Program(name: "App", kind: .app, source: "project.pbxproj", files: ["App/Swinject.swift", "Data/ExplorerService.swift"]),
            Program(
                name: "AAPresentation", kind: .library, source: "project.pbxproj",
                files: ["Data/ExplorerService.swift", "Presentation/Explorer.swift"]),
        ]
        let analysis = Analyzer().analyze(
            files.map { SwiftFileScanner.scan(source: $1, path: $0) }, programs: ProgramMap(programs: programs))
        let service = try #require(analysis.graph.service("ExplorerService"))
        #expect(service.style == "swinject")
        #expect(service.lifetime == Lifetime.singleton)
    }
}
