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
}
