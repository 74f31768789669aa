import DigraphCore
import DigraphScanner
import Foundation
import Testing

/// Needle (uber/needle): components, their `Dependency` protocols satisfied by ancestors'
/// properties, `shared { … }`, `BootstrapComponent` roots, pluginized components.
@Suite struct NeedleExtractorTests {
    /// The shape of Needle's TicTacToe sample (MVC): a root, two children, grandchildren reached
    /// along two paths, a property in an extension, and a component's own property of the name
    /// its dependency asks for (which must not satisfy it).
    static let ticTacToe: [(String, String)] = [
        ("Root/RootComponent.swift", """
        import NeedleFoundation
        import UIKit

        class RootComponent: BootstrapComponent {
            public var playersStream: PlayersStream {
                return mutablePlayersStream
            }
            public var mutablePlayersStream: MutablePlayersStream {
                return shared { PlayersStreamImpl() }
            }
            var rootViewController: UIViewController {
                return RootViewController(playersStream: playersStream, loggedOutBuilder: loggedOutComponent, loggedInBuilder: loggedInComponent)
            }
            var loggedOutComponent: LoggedOutComponent {
                return LoggedOutComponent(parent: self)
            }
            var loggedInComponent: LoggedInComponent {
                return LoggedInComponent(parent: self)
            }
        }
        """),
        ("LoggedIn/LoggedInComponent.swift", """
        import NeedleFoundation
        import UIKit

        protocol LoggedInDependency: Dependency {}

        class LoggedInComponent: Component<LoggedInDependency>, LoggedInBuilder {
            public var scoreStream: ScoreStream {
                return mutableScoreStream
            }
            var loggedInViewController: UIViewController {
                return LoggedInViewController(gameBuilder: gameComponent, scoreStream: scoreStream, scoreSheetBuilder: scoreSheetComponent)
            }
            var gameComponent: GameComponent {
                return GameComponent(parent: self)
            }
            var scoreSheetComponent: ScoreSheetComponent {
                return ScoreSheetComponent(parent: self)
            }
        }

        extension LoggedInComponent {
            var mutableScoreStream: MutableScoreStream {
                return shared { ScoreStreamImpl() }
            }
        }
        """),
        ("Game/GameComponent.swift", """
        import NeedleFoundation
        import UIKit

        protocol GameDependency: Dependency {
            var mutableScoreStream: MutableScoreStream { get }
            var playersStream: PlayersStream { get }
        }

        class GameComponent: Component<GameDependency>, GameBuilder {
            var gameViewController: UIViewController {
                return GameViewController(mutableScoreStream: dependency.mutableScoreStream, playersStream: dependency.playersStream, scoreSheetBuilder: scoreSheetBuilder)
            }
            var scoreSheetBuilder: ScoreSheetBuilder {
                return ScoreSheetComponent(parent: self)
            }
            // This should not be used as the provider for GameDependency.
            var mutableScoreStream: MutableScoreStream {
                return ScoreStreamImpl()
            }
        }
        """),
        ("LoggedOut/LoggedOutComponent.swift", """
        import NeedleFoundation

        protocol LoggedOutDependency: Dependency {
            var mutablePlayersStream: MutablePlayersStream { get }
        }

        class LoggedOutComponent: Component<LoggedOutDependency> {
            var loggedOutViewController: UIViewController {
                return LoggedOutViewController(mutablePlayersStream: dependency.mutablePlayersStream)
            }
        }
        """),
        ("ScoreSheet/ScoreSheetComponent.swift", """
        import NeedleFoundation

        protocol ScoreSheetDependency: Dependency {
            var scoreStream: ScoreStream { get }
        }

        class ScoreSheetComponent: Component<ScoreSheetDependency> {
            var scoreSheetViewController: UIViewController {
                return ScoreSheetViewController(scoreStream: dependency.scoreStream)
            }
        }
        """),
    ]

    @Test func componentsPropertiesAndReads() throws {
        let root = facts(Self.ticTacToe[0].1).needle
        let component = try #require(root.components.first)
        #expect(component.name == "RootComponent" && component.kind == .bootstrap && component.dependency == "EmptyDependency")
        #expect(component.calledNames.contains("LoggedInComponent") && component.calledNames.contains("LoggedOutComponent"))
        let properties = Dictionary(uniqueKeysWithValues: component.properties.map { ($0.name, $0) })
        #expect(properties["mutablePlayersStream"]?.storage == .shared)
        #expect(properties["mutablePlayersStream"]?.implementationTypes == ["PlayersStreamImpl"])
        #expect(properties["playersStream"]?.forwards?.name == "mutablePlayersStream")
        #expect(properties["rootViewController"]?.storage == .computed)
        #expect(properties["rootViewController"]?.reads.map(\.name).sorted() == ["loggedInComponent", "loggedOutComponent", "playersStream"])

        let game = try #require(facts(Self.ticTacToe[2].1).needle.components.first)
        #expect(game.kind == .component && game.dependency == "GameDependency")
        let reads = try #require(game.properties.first { $0.name == "gameViewController" }?.reads)
        #expect(reads.filter { $0.source == .dependency }.map(\.name).sorted() == ["mutableScoreStream", "playersStream"])
        #expect(reads.allSatisfy { $0.timing == .eager })
        let dependency = try #require(facts(Self.ticTacToe[2].1).needle.protocols.first)
        #expect(dependency.name == "GameDependency" && !dependency.isPluginExtension)
        #expect(dependency.requirements.map { "\($0.name): \($0.type)" } == ["mutableScoreStream: MutableScoreStream", "playersStream: PlayersStream"])
    }

    @Test func nearestAncestorProvidesNeverTheComponentItself() throws {
        let g = graph(Self.ticTacToe)
        // As NeedleGenerated.swift has it: GameDependency from LoggedIn (not Game's own) and Root.
        #expect(g.edge("GameComponent.gameViewController", "LoggedInComponent.mutableScoreStream") != nil)
        #expect(g.edge("GameComponent.gameViewController", "GameComponent.mutableScoreStream") == nil)
        #expect(g.edge("GameComponent.gameViewController", "RootComponent.playersStream") != nil)
        #expect(g.edge("LoggedOutComponent.loggedOutViewController", "RootComponent.mutablePlayersStream") != nil)
        // Two paths (under LoggedIn, and under Game under LoggedIn) reach the same provider.
        #expect(g.edge("ScoreSheetComponent.scoreSheetViewController", "LoggedInComponent.scoreStream") != nil)
        #expect(!g.allRequestsForTests.contains { $0.missing })
        // Lifetimes: shared, and a computed property forwarding a shared one.
        #expect(g.service("RootComponent.mutablePlayersStream")?.lifetime == .singleton)
        #expect(g.service("RootComponent.playersStream")?.lifetime == .singleton)
        #expect(g.service("GameComponent.mutableScoreStream")?.lifetime == .transient)
        #expect(g.service("LoggedInComponent.mutableScoreStream")?.style == "needle")
        let d = diagnostics(Self.ticTacToe)
        #expect(!d.contains { $0.severity >= .warning }, "\(d)")
    }

    @Test func anUnsatisfiedRequirementNamesItsPath() throws {
        var files = Self.ticTacToe
        files[4].1 = files[4].1.replacingOccurrences(
            of: "var scoreStream: ScoreStream { get }", with: "var scoreStream: ScoreStream { get }\n    var clock: GameClock { get }")
        let d = diagnostics(files).filter { $0.rule == "missing_registration" }
        let miss = try #require(d.first)
        #expect(d.count == 1)
        #expect(miss.services == ["ScoreSheetDependency.clock"])
        #expect(miss.message.contains("`^->RootComponent->LoggedInComponent->GameComponent->ScoreSheetComponent`"))
        #expect(miss.message.contains("`^->RootComponent->LoggedInComponent->ScoreSheetComponent`"))
        #expect(miss.location.file == "ScoreSheet/ScoreSheetComponent.swift" && miss.location.line == 5)
    }

    @Test(arguments: [
        // Another type under the same name.
        "public var playersStream: OtherStream { return mutablePlayersStream }",
        // Private: the generated provider cannot reach it.
        "private var playersStream: PlayersStream { return mutablePlayersStream }",
    ])
    func aPropertyOfAnotherTypeOrPrivateIsNoProvider(declaration: String) throws {
        var files = Self.ticTacToe
        files[0].1 = files[0].1.replacingOccurrences(
            of: """
                public var playersStream: PlayersStream {
                        return mutablePlayersStream
                    }
                """, with: declaration)
        let d = diagnostics(files).filter { $0.rule == "missing_registration" }
        #expect(d.map(\.services) == [["GameDependency.playersStream"]], "\(d)")
    }

    @Test func orphansAndRootlessChainsAreIgnored() {
        // Nothing constructs `DebugComponent`, and `FeatureComponent` hangs from it: the generator
        // ignores both, so their unsatisfied requirements are no findings.
        let d = diagnostics([("Debug.swift", """
            import NeedleFoundation
            protocol DebugDependency: Dependency { var logger: Logger { get } }
            class DebugComponent: Component<DebugDependency> {
                var feature: FeatureComponent { FeatureComponent(parent: self) }
            }
            protocol FeatureDependency: Dependency { var tracker: Tracker { get } }
            class FeatureComponent: Component<FeatureDependency> {
                var screen: Screen { Screen(tracker: dependency.tracker) }
            }
            """)])
        #expect(d.filter { $0.severity >= .warning }.isEmpty, "\(d)")
    }

    @Test func sharedKeepsWhatItsProductTakes() throws {
        let g = graph([("App.swift", """
            import NeedleFoundation
            class RootComponent: BootstrapComponent {
                var formatter: Formatter { Formatter() }
                var session: Session { shared { Session() } }
                var child: ChildComponent { ChildComponent(parent: self) }
                var presenter: Presenter {
                    shared { Presenter(formatter: formatter, session: session, builder: child, locale: factory.make()) }
                }
                var factory: LocaleFactory { LocaleFactory() }
                var handler: Handler { shared { Handler(onTap: { self.formatter.format() }) } }
            }
            protocol ChildDependency: Dependency {}
            class ChildComponent: Component<ChildDependency> {}
            """)])
        #expect(g.edge("RootComponent.presenter", "RootComponent.formatter")?.retained == true)
        // A factory used while building is not kept; a child component is a scope handed on.
        #expect(g.edge("RootComponent.presenter", "RootComponent.factory")?.retained == false)
        #expect(g.edge("RootComponent.presenter", "RootComponent.child")?.retained == false)
        // Inside a closure the product stores: read later.
        #expect(g.edge("RootComponent.handler", "RootComponent.formatter")?.timing == .deferred)
        let d = diagnostics([("App.swift", """
            import NeedleFoundation
            class RootComponent: BootstrapComponent {
                var formatter: Formatter { Formatter() }
                var child: ChildComponent { ChildComponent(parent: self) }
                var presenter: Presenter { shared { Presenter(formatter: formatter, builder: child) } }
            }
            protocol ChildDependency: Dependency {}
            class ChildComponent: Component<ChildDependency> {}
            """)])
        // A plain value (`URL`) is copied: keeping it extends no lifetime.
        let values = diagnostics([("App.swift", """
            import NeedleFoundation
            class RootComponent: BootstrapComponent {
                var baseURL: URL { URL(string: "https://api.example.com")! }
                var client: Client { shared { Client(baseURL: baseURL) } }
            }
            """)])
        #expect(!values.contains { $0.rule == "scope_mismatch" }, "\(values)")
        let captive = try #require(d.first { $0.rule == "scope_mismatch" })
        #expect(captive.services == ["RootComponent.presenter", "RootComponent.formatter"])
        #expect(d.filter { $0.rule == "scope_mismatch" }.count == 1)
    }

    @Test func computedPropertiesReadingEachOtherRecurse() throws {
        let d = diagnostics([("App.swift", """
            import NeedleFoundation
            class RootComponent: BootstrapComponent {
                var session: Session { Session(api: api) }
                var api: API { API(session: session) }
                var lazyAPI: API { API(session: { self.lazyAPI }) }
            }
            """)])
        let cycles = d.filter { $0.rule == "dependency_cycle" }
        #expect(cycles.count == 1)
        #expect(cycles.first?.services.sorted() == ["RootComponent.api", "RootComponent.session"])
    }

    @Test func methodsAskOnBehalfOfWhatBuildsTheComponent() throws {
        // grow-ios' shape: a `…Buildable` component whose method reads the dependency, and
        // `dependency.domain.useCase` reaching the domain component's property.
        let g = graph([
            ("App/AppComponent.swift", """
            import NeedleFoundation
            public final class AppComponent: BootstrapComponent {
                public var root: RootComponent { shared { RootComponent(parent: self) } }
            }
            """),
            ("App/AppComponent+Domain.swift", """
            extension AppComponent {
                var authDomainBuildable: any AuthDomainBuildable { shared { AuthDomainComponent(parent: self) } }
            }
            """),
            ("Auth/AuthDomainComponent.swift", """
            import NeedleFoundation
            public protocol AuthDomainDependency: Dependency {}
            public final class AuthDomainComponent: Component<AuthDomainDependency>, AuthDomainBuildable {
                public var loginUseCase: any LoginUseCase { LoginUseCaseImpl() }
            }
            """),
            ("Root/RootComponent.swift", """
            import NeedleFoundation
            public protocol RootDependency: Dependency {
                var authDomainBuildable: any AuthDomainBuildable { get }
            }
            public final class RootComponent: Component<RootDependency> {
                public func makeView() -> some View {
                    RootView(useCase: dependency.authDomainBuildable.loginUseCase)
                }
                func handOn() -> Builder { Builder(dependency: dependency) }
            }
            """),
        ])
        let read = try #require(g.edge("AppComponent.root", "AppComponent.authDomainBuildable"))
        #expect(read.timing == .deferred && !read.retained)
        #expect(g.edge("AppComponent.root", "AuthDomainComponent.loginUseCase") != nil)
        #expect(!g.allRequestsForTests.contains { $0.missing })
    }

    /// Sixteen levels of diamonds: 65,536 paths down to the last component. Each component's
    /// paths are computed once and kept to a bounded number.
    @Test func manyPathsStayBounded() throws {
        var source = "import NeedleFoundation\nprotocol LeafDependency: Dependency { var clock: Clock { get } }\n"
        source += "class RootComponent: BootstrapComponent {\n    var clock: Clock { shared { SystemClock() } }\n"
        source += "    var a: Level0AComponent { Level0AComponent(parent: self) }\n    var b: Level0BComponent { Level0BComponent(parent: self) }\n}\n"
        for level in 0..<16 {
            for side in ["A", "B"] {
                let next = level == 15
                    ? "    var leaf: LeafComponent { LeafComponent(parent: self) }\n"
                    : "    var a: Level\(level + 1)AComponent { Level\(level + 1)AComponent(parent: self) }\n"
                        + "    var b: Level\(level + 1)BComponent { Level\(level + 1)BComponent(parent: self) }\n"
                source += "protocol Level\(level)\(side)Dependency: Dependency {}\n"
                source += "class Level\(level)\(side)Component: Component<Level\(level)\(side)Dependency> {\n\(next)}\n"
            }
        }
        source += "class LeafComponent: Component<LeafDependency> {\n    var ticker: Ticker { Ticker(clock: dependency.clock) }\n}\n"
        let g = graph(source)
        #expect(g.edge("LeafComponent.ticker", "RootComponent.clock") != nil)
        #expect(!g.allRequestsForTests.contains { $0.missing })
    }

    /// The pluginized sample's shape: a non-core component's property reached through the
    /// pluginized ancestor, and a plugin extension satisfied by the non-core component.
    @Test func pluginizedComponentsOfferTheirNonCoreComponent() throws {
        let files: [(String, String)] = [
            ("Core.swift", """
            import NeedleFoundation
            open class UberPluginizedComponent<DependencyType, PluginExtensionType, NonCoreComponent: NonCoreScope>: PluginizedComponent<DependencyType, PluginExtensionType, NonCoreComponent> {}
            class RootComponent: BootstrapComponent {
                var loggedInComponent: LoggedInComponent { LoggedInComponent(parent: self) }
            }
            protocol LoggedInPluginExtension: PluginExtension {
                var mutableScoreStream: MutableScoreStream { get }
                var leaderboard: Leaderboard { get }
            }
            class LoggedInComponent: UberPluginizedComponent<EmptyDependency, LoggedInPluginExtension, LoggedInNonCoreComponent> {
                var loggedInViewController: UIViewController {
                    shared { LoggedInViewController(scoreStream: pluginExtension.mutableScoreStream) }
                }
            }
            """),
            ("Integrations.swift", """
            import NeedleFoundation
            public class LoggedInNonCoreComponent: NonCoreComponent<EmptyDependency> {
                public var scoreSheetBuilder: ScoreSheetBuilder { ScoreSheetComponent(parent: self) }
                public var mutableScoreStream: MutableScoreStream { shared { ScoreStreamImpl() } }
                public var scoreStream: ScoreStream { mutableScoreStream }
            }
            """),
            ("ScoreSheet.swift", """
            import NeedleFoundation
            public protocol ScoreSheetDependency: Dependency { var scoreStream: ScoreStream { get } }
            public class ScoreSheetComponent: Component<ScoreSheetDependency> {
                public var scoreSheetViewController: UIViewController { ScoreSheetViewController(scoreStream: dependency.scoreStream) }
            }
            """),
        ]
        let core = facts(files[0].1).needle.components
        #expect(core.map(\.name) == ["RootComponent", "LoggedInComponent"])
        #expect(core.last?.kind == .pluginized && core.last?.nonCoreComponent == "LoggedInNonCoreComponent")
        let g = graph(files)
        #expect(g.edge("LoggedInComponent.loggedInViewController", "LoggedInNonCoreComponent.mutableScoreStream") != nil)
        #expect(g.edge("ScoreSheetComponent.scoreSheetViewController", "LoggedInNonCoreComponent.scoreStream") != nil)
        let d = diagnostics(files).filter { $0.rule == "missing_registration" }
        #expect(d.map(\.services) == [["LoggedInPluginExtension.leaderboard"]], "\(d)")
    }

    @Test(arguments: [
        // No `import NeedleFoundation`: another library's `Component`.
        "protocol FeedDependency: Dependency { var api: API { get } }\nclass FeedComponent: Component<FeedDependency> { var x: X { X(api: dependency.api) } }",
        // A generic base of the project's own, and a component-looking class in a file without Needle.
        "import NeedleFoundation\nclass Feed: ViewModel<FeedState> { var x: X { shared { X() } } }",
        // Needle's generated providers conform to the dependency protocols: not components.
        """
        import NeedleFoundation
        private class GameDependency1ab5926a977f706d3195Provider: GameDependency {
            var mutableScoreStream: MutableScoreStream { return loggedInComponent.mutableScoreStream }
            private let loggedInComponent: LoggedInComponent
            init(loggedInComponent: LoggedInComponent) { self.loggedInComponent = loggedInComponent }
        }
        extension GameComponent: Registration {
            public func registerItems() {
                keyPathToName[\\GameDependency.mutableScoreStream] = "mutableScoreStream-MutableScoreStream"
            }
        }
        """,
    ])
    func lookAlikes(source: String) {
        let g = graph(source)
        #expect(!g.services.contains { $0.style == "needle" }, "\(g.services)")
        #expect(!diagnostics([("App.swift", source)]).contains { $0.severity >= .warning })
    }

    // MARK: - Needle's own samples, with their generated code as the oracle

    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("../apps/containers/needle/Sample").standardized
    static var hasSamples: Bool { FileManager.default.fileExists(atPath: samples.path) }

    /// Every dependency `NeedleGenerated.swift` provides, on every path, is the provider digraph
    /// finds: the generated providers' `return xComponent.property` lines are the answer.
    @Test(
        .enabled(if: hasSamples, "Needle's samples are not in ../apps/containers/needle"),
        arguments: ["MVC/TicTacToe/Sources", "SwiftUI-MVVM/TicTacToe/Sources", "Pluginized/TicTacToe"])
    func generatedCodeAgrees(sample: String) throws {
        let root = Self.samples.appendingPathComponent(sample)
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.contains("Tests/") }.sorted() ?? []
        let files = try paths.map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
        let generated = try #require(files.first { $0.0.hasSuffix("NeedleGenerated.swift") }?.1)
        let expected = GeneratedProviders(generated).providers
        #expect(!expected.isEmpty)
        let g = graph(files)
        #expect(!g.allRequestsForTests.contains { $0.missing })
        for (component, provider) in expected {
            // Each component's properties that read the dependency reach that provider.
            let reached = g.edges.contains { $0.from.hasPrefix(component + ".") && $0.to == provider }
            #expect(reached, "\(component) -> \(provider)")
        }
        // And a component reaches another's property only where the generated code says so (or
        // through its plugin extension, which its non-core component provides).
        let oracle = Set(expected.map { "\($0.0) \($0.1)" })
        let nonCore = GeneratedProviders(generated).nonCoreOf
        for edge in g.edges where g.service(edge.from)?.style == "needle" && g.service(edge.to)?.style == "needle" {
            let from = String(edge.from.split(separator: ".")[0])
            let to = String(edge.to.split(separator: ".")[0])
            guard from != to, nonCore[from] != to else { continue }
            #expect(oracle.contains("\(from) \(edge.to)"), "\(edge.from) -> \(edge.to)")
        }
    }
}

/// Reads `NeedleGenerated.swift`: for each registered path, the component at its end and, for
/// each dependency property, the component property providing it.
struct GeneratedProviders {
    var providers: [(String, String)] = []
    /// Pluginized component -> its non-core component.
    var nonCoreOf: [String: String] = [:]

    init(_ source: String) {
        var classes: [String: [(String, String)]] = [:]
        var current: String?
        var variables: [String: String] = [:]
        var property: String?
        var pluginExtensions: [String: String] = [:]
        for raw in source.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("private class "), let name = line.dropFirst("private class ".count).split(separator: ":").first {
                current = String(name)
                variables = [:]
            } else if let name = current, line.hasPrefix("private let ") || line.hasPrefix("private unowned let ") {
                let parts = line.replacingOccurrences(of: "private unowned let ", with: "")
                    .replacingOccurrences(of: "private let ", with: "").split(separator: ":")
                if parts.count == 2 { variables[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
                // Resolve the class's returns now that its stored components are known.
                classes[name] = classes[name]?.map { (name, expression) in
                    (name, Self.resolve(expression, variables: variables))
                }
            } else if line.hasPrefix("var "), line.hasSuffix("{") {
                property = line.dropFirst(4).split(separator: ":").first.map(String.init)
            } else if let name = current, let dependency = property, line.hasPrefix("return ") {
                classes[name, default: []].append((dependency, String(line.dropFirst("return ".count))))
                property = nil
            } else if line.hasPrefix("let "), line.contains(" = component as! ") {
                // A plugin extension provider: `let loggedInComponent = component as! LoggedInComponent`.
                if let pluginized = line.components(separatedBy: " as! ").last { pluginExtensions["pending"] = pluginized }
            } else if line.contains(".nonCoreComponent as! "), let pluginized = pluginExtensions.removeValue(forKey: "pending"),
                let nonCore = line.components(separatedBy: " as! ").last
            {
                pluginExtensions[pluginized] = nonCore
            }
        }
        // `factoryX(...) -> AnyObject { return XProvider(...) }` and `registerProviderFactory("^->A->B", factoryX)`.
        var factories: [String: String] = [:]
        var pendingFactory: String?
        for raw in source.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("private func factory"), let name = line.dropFirst("private func ".count).split(separator: "(").first {
                pendingFactory = String(name)
            } else if let factory = pendingFactory, line.hasPrefix("return "),
                let provider = line.dropFirst("return ".count).split(separator: "(").first
            {
                factories[factory] = String(provider)
                pendingFactory = nil
            } else if line.hasPrefix("registerProviderFactory(\"") {
                let parts = line.dropFirst("registerProviderFactory(\"".count).components(separatedBy: "\", ")
                guard parts.count == 2, let component = parts[0].components(separatedBy: "->").last else { continue }
                let factory = parts[1].replacingOccurrences(of: ")", with: "")
                for (_, provider) in classes[factories[factory] ?? "", default: []] {
                    var resolved = provider
                    if resolved.contains(".pluginExtension.") {
                        let owner = String(resolved.split(separator: ".")[0])
                        resolved = (pluginExtensions[owner] ?? owner) + "." + (resolved.split(separator: ".").last ?? "")
                    }
                    providers.append((component, resolved))
                }
            }
        }
        nonCoreOf = pluginExtensions
    }

    /// `loggedInComponent.scoreStream` -> `LoggedInComponent.scoreStream`;
    /// `(c.nonCoreComponent as! N).x` -> `N.x`; `c.pluginExtension.x` -> `C.pluginExtension.x`.
    private static func resolve(_ expression: String, variables: [String: String]) -> String {
        if expression.hasPrefix("("), let cast = expression.components(separatedBy: " as! ").last {
            let parts = cast.replacingOccurrences(of: ")", with: "").split(separator: ".")
            return parts.joined(separator: ".")
        }
        let parts = expression.split(separator: ".").map(String.init)
        guard let first = parts.first, let type = variables[first] else { return expression }
        return ([type] + parts.dropFirst()).joined(separator: ".")
    }
}

extension DependencyGraph {
    /// Requests between services and from composition roots.
    var allRequestsForTests: [Edge] { edges + rootRequests }
}
