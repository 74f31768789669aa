import DigraphCore
import Testing

/// DITranquillity (ivlevAstef/DITranquillity): `register(Impl.init)`, `register { Impl($0) }`,
/// `.as`, `.lifetime`, `.injection`, `many`, `resolve()` typed from context.
@Suite struct DITranquillityExtractorTests {
    @Test(arguments: [
        (".single", Lifetime.singleton), (".perRun(.strong)", .singleton), (".perRun(.weak)", .weak),
        (".perContainer(.strong)", .singleton), (".objectGraph", .graph), (".prototype", .transient),
        (".custom(sessionScope)", .scoped),
    ])
    func lifetimes(lifetime: String, expected: Lifetime) throws {
        let f = facts("import DITranquillity\ncontainer.register(Cache.init).as(Caching.self).lifetime(\(lifetime))")
        let reg = try #require(f.registrations.first)
        #expect(reg.registry == .ditranquillity && reg.serviceID == "Cache" && reg.forwardedTypes == ["Caching"])
        #expect(reg.lifetime == expected)
    }

    @Test func dependenciesComeFromTheInitializersWhereverDeclared() throws {
        let g = graph([
            ("Types.swift", """
            final class YourPresenter {
                var logger: Logger? = nil
                init(server: Server) {}
            }
            final class MainLogger: Logger { init(loggers: [Logger]) {} }
            final class ServerImpl: Server { init(domain: String) {} }
            final class Child { weak var parent: Parent?; init() {} }
            final class Parent { init(child: Child) {} }
            """),
            ("AppPart.swift", """
            import DITranquillity
            final class AppPart: DIPart {
                static func load(container: DIContainer) {
                    container.register { ServerImpl(domain: "https://github.com/") }
                        .as(check: Server.self) { $0 }
                        .lifetime(.single)
                    container.register(YourPresenter.init)
                        .injection { $0.logger = $1 }
                    container.register { ConsoleLogger() }.as(Logger.self).lifetime(.single)
                    container.register { MainLogger(loggers: many($0)) }.as(Logger.self).default()
                    container.register(Parent.init)
                    container.register(Child.init).injection(cycle: true, \\.parent)
                }
            }
            """),
            ("AppDelegate.swift", """
            import DITranquillity
            final class AppDelegate {
                func start() {
                    let container = DIContainer()
                    container.append(part: AppPart.self)
                    let presenter: YourPresenter = container.resolve()
                }
            }
            """),
        ])
        let server = try #require(g.edge("YourPresenter", "ServerImpl"))
        #expect(server.timing == .eager && server.via == .initializer && !server.missing)
        let logger = try #require(g.edge("YourPresenter", "ConsoleLogger"))
        #expect(logger.timing == .deferred)
        // `many($0)`: every `Logger`, not an array registered on its own.
        #expect(g.edge("MainLogger", "ConsoleLogger") != nil && g.edge("MainLogger", "[Logger]") == nil)
        #expect(g.edge("Child", "Parent")?.timing == .deferred)
        #expect(g.edge("AppDelegate", "YourPresenter")?.missing == false)
        #expect(g.unanalyzable.isEmpty)
        // Two registrations answering for `Logger` are no duplicate; the cycle is broken on purpose.
        let d = diagnostics([("AppPart.swift", """
            import DITranquillity
            container.register { ConsoleLogger() }.as(Logger.self)
            container.register { FileLogger() }.as(Logger.self)
            container.register(Parent.init)
            container.register(Child.init).injection(cycle: true, \\.parent)
            """), ("Types.swift", "final class Child { var parent: Parent!; init() {} }\nfinal class Parent { init(child: Child) {} }")])
        #expect(!d.contains { $0.rule == "duplicate_registration" || $0.rule == "dependency_cycle" }, "\(d)")
    }

    /// DITranquillity's own tests: delayed types, arrays, `many`, `arg`, `by(tag:)`, optional
    /// contexts, `register(main:)`, `.default()`, and a type declared privately in two files.
    @Test func delayedTypesManyArgumentsAndOptionals() throws {
        let files = [
            ("Types.swift", """
            final class Feed { init(api: Lazy<APIClient>, clock: Provider<Clock>, plugins: [Plugin], cache: AsyncLazy<Cache?>) {} }
            final class Screen { var store: Store?; var plugins: [Plugin] = []; init() {} }
            final class Report { init(title: String, feed: Feed) {} }
            """),
            ("Other.swift", "private final class Main { init(other: Other) {} }"),
            ("Setup.swift", """
            import DITranquillity
            private final class Main { init(feed: Feed) {} }
            let container = DIContainer()
            container.register(Feed.init)
            container.register(APIClient.init)
            container.register(Clock.init)
            container.register(main: Main.init)
            container.register(Screen.init)
                .injection { $0.store = $1 }
                .injection(\\.plugins) { many($0) }
            container.register { Report(title: arg($0), feed: $1) }
            let clocks: [Clock] = many(container.resolve())
            let tagged: APIClient = by(tag: Primary.self, on: container.resolve())
            let all: [Plugin] = container.resolveMany()
            let maybe: Session? = container.resolve()
            """),
        ]
        let g = graph(files)
        let api = try #require(g.edge("Feed", "APIClient"))
        #expect(api.timing == .deferred && api.retained && !api.missing)
        let clock = try #require(g.edge("Feed", "Clock"))
        #expect(clock.timing == .deferred && !clock.retained)
        // Nothing registered for `[Plugin]`, `AsyncLazy<Cache?>`, `many`: empty or nil, no miss.
        #expect(g.edge("Feed", "Plugin") == nil && g.edge("Feed", "[Plugin]") == nil)
        #expect(g.edge("Feed", "Cache")?.optional == true)
        #expect(g.edge("Screen", "Store")?.optional == true && g.edge("Screen", "Plugin") == nil)
        // `arg($0)` is passed by the caller: not a dependency.
        #expect(g.edge("Report", "String") == nil && g.edge("Report", "Feed")?.missing == false)
        // `register(main:)` registers; `Main` is the one declared in the registering file.
        #expect(g.service("Main")?.style == "ditranquillity" && g.edge("Main", "Feed") != nil && g.edge("Main", "Other") == nil)
        let roots = g.rootRequests
        #expect(roots.contains { $0.to == "Clock" && $0.request?.collects == true && !$0.missing })
        #expect(roots.contains { $0.to == "APIClient#Primary.self" && $0.missing })
        #expect(!roots.contains { $0.to == "Plugin" })
        #expect(roots.contains { $0.to == "Session" && $0.optional })
        let missing = diagnostics(files).filter { $0.rule == "missing_registration" && $0.severity == .error }
        #expect(missing.map(\.services) == [["APIClient#Primary.self"]], "\(missing)")
    }

    /// anilibria-ios: modules resolve from the app's container through a property declared in
    /// another file, in files that do not import DITranquillity, into a local's property.
    @Test func resolvesInFilesThatDoNotImportTheLibrary() throws {
        let g = graph([
            ("Part.swift", """
            import DITranquillity
            final class FeedPart: DIPart {
                static func load(container: DIContainer) {
                    container.register(FeedPresenter.init).as(FeedEventHandler.self).lifetime(.objectGraph)
                }
            }
            final class FeedPresenter: FeedEventHandler { init() {} }
            """),
            ("FeedAssembly.swift", """
            import UIKit
            final class FeedViewController: UIViewController { var handler: FeedEventHandler! }
            final class FeedAssembly {
                static func createModule() -> FeedViewController {
                    let module = FeedViewController()
                    module.handler = MainAppCoordinator.shared.container.resolve()
                    return module
                }
            }
            """),
        ])
        let edge = try #require(g.edge("FeedAssembly", "FeedPresenter"))
        #expect(!edge.missing && edge.via == .resolve)
    }

    @Test(arguments: [
        // No `import DITranquillity`.
        "container.register(Cache.init).lifetime(.single)",
        // Swinject's shape in a file importing both.
        "import DITranquillity\nimport Swinject\ncontainer.register(Cache.self) { _ in Cache() }",
        "import DITranquillity\ntableView.register(Cell.self, forCellReuseIdentifier: \"c\")",
    ])
    func lookAlikes(source: String) {
        let g = graph(source)
        #expect(!g.services.contains { $0.style == "ditranquillity" }, "\(g.services)")
    }
}
