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
