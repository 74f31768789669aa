import DigraphCore
import DigraphScanner
import Testing

/// The shapes real apps showed: names from constants, containers built apart, values used but
/// not kept, run-time alternatives, test code apart from the product.
@Suite struct ConstantNameTests {
    @Test func aConstantDeclaredInTheScannedCodeIsItsLiteral() {
        let g = graph([
            ("Names.swift", """
            enum DatabaseName { static let primary = "primary" }
            extension String { static let api = "api-session" }
            enum Flavor: String { case staging, production = "prod" }
            """),
            ("DI.swift", """
            container.register(Database.self, name: DatabaseName.primary) { _ in SQLite() }
            container.register(Session.self, name: .api) { _ in Session() }
            container.register(Endpoint.self, name: Flavor.production.rawValue) { _ in Endpoint() }
            container.register(Feed.self) { r in
                Feed(db: r.resolve(Database.self, name: "primary")!, session: r.resolve(Session.self, name: "api-session")!,
                     endpoint: r.resolve(Endpoint.self, name: "prod")!)
            }
            """),
        ])
        #expect(g.services.map(\.id).filter { $0 != "Feed" } == ["Database#primary", "Endpoint#prod", "Session#api-session"])
        #expect(g.edges.filter { $0.from == "Feed" }.allSatisfy { !$0.missing })
    }

    @Test func anUndeclaredConstantKeepsItsSpellingAndDifferentConstantsStayApart() {
        let g = graph("""
            container.register(Database.self, name: DatabaseName.primary) { _ in SQLite() }
            container.register(Database.self, name: DatabaseName.cache) { _ in Memory() }
            container.register(Report.self) { r in Report(db: r.resolve(Database.self, name: DatabaseName.cache)!) }
            """)
        #expect(g.services.map(\.id).contains("Database#DatabaseName.primary"))
        #expect(g.edge("Report", "Database#DatabaseName.cache")?.missing == false)
    }

    @Test func namesReadAtRunTimeMatchAndDuplicateNothing() {
        let d = diagnostics([("App.swift", """
            func registerAll(features: [Feature]) {
                for feature in features {
                    container.register(Feature.self, name: feature.id) { _ in feature }
                }
                container.register(Feature.self, name: "\\(prefix)-search") { _ in Search() }
            }
            """)])
        #expect(!d.contains { $0.rule == "duplicate_registration" })
        #expect(d.filter { $0.rule == "unanalyzable_registration" }.map(\.location.line) == [3, 5])
    }

    @Test func aNameThroughAConstantNeverCollapsesIntoACycle() {
        // 0.1 read both names as one unknown key and reported `ClientSessionManager` needing itself.
        let d = diagnostics([("App.swift", """
            enum SessionName { static let upload = "upload"; static let download = "download" }
            container.register(ClientSessionManager.self, name: SessionName.upload) { r in
                ClientSessionManager(fallback: r.resolve(ClientSessionManager.self, name: SessionName.download)!)
            }
            container.register(ClientSessionManager.self, name: SessionName.download) { _ in ClientSessionManager() }
            """)])
        #expect(!d.contains { $0.rule == "dependency_cycle" || $0.rule == "duplicate_registration" })
    }
}

@Suite struct KeptVersusUsedTests {
    private func retained(_ source: String, to target: String) -> Bool? {
        graph(source).edges.first { $0.to == target }?.retained
    }

    @Test func valuesOnlyUsedWhileBuildingAreNotKept() {
        #expect(retained("container.register(S.self) { r in let f = r.resolve(F.self)!; return f.make() }", to: "F") == false)
        #expect(retained("container.register(S.self) { r in Logger(sink: r.resolve(F.self)!.makeSink()) }", to: "F") == false)
        #expect(retained("container.register(S.self) { r in r.resolve(F.self)!.url.isEmpty ? A() : B() }", to: "F") == false)
    }

    @Test func valuesPassedOnStoredOrCapturedAreKept() {
        #expect(retained("container.register(S.self) { r in let c = r.resolve(C.self)!; return Audit(context: c) }", to: "C") == true)
        #expect(retained("container.register(S.self) { r in Audit(context: r.resolve(C.self)!) }", to: "C") == true)
        #expect(retained("container.register(S.self) { r in r.resolve(C.self)! }", to: "C") == true)
        #expect(
            retained(
                "container.register(S.self) { r in let c = r.resolve(C.self)!; let s = S(); s.onTap = { c.go() }; return s }",
                to: "C") == true)
        #expect(
            retained("container.register(S.self) { r in let s = S(); s.context = r.resolve(C.self)!; return s }", to: "C")
                == true)
        #expect(
            retained(
                "container.register(S.self) { r in let c = r.resolve(C.self)!; let d = c; return S(d) }", to: "C") == true)
    }

    @Test func theProductOfAFactoryIsKeptWhileTheFactoryIsNot() {
        let g = graph("""
            container.register(Sync.self) { r in
                let factory = r.resolve(SyncFactory.self)!
                return factory.makeSync(prefs: r.resolve(Prefs.self)!)
            }.inObjectScope(.container)
            """)
        #expect(g.edge("Sync", "SyncFactory")?.retained == false)
        #expect(g.edge("Sync", "Prefs")?.retained == true)
    }
}

@Suite struct ContainerInstanceTests {
    @Test func registrationsNameTheInstanceTheyGoTo() {
        let f = facts("""
            final class AppDI {
                static let container = Container()
                let local = Container()
                func setUp() {
                    AppDI.container.register(A.self) { _ in A() }
                    self.local.register(B.self) { _ in B() }
                    let scratch = Container()
                    scratch.register(C.self) { _ in C() }
                    let child = Container(parent: scratch)
                    child.register(C.self) { _ in C2() }
                }
            }
            final class Assembly1: Assembly {
                func assemble(container: Container) { container.register(D.self) { _ in D() } }
            }
            let root = Container { c in c.register(E.self) { _ in E() } }
            """, path: "DI.swift")
        let instances = f.registrations.map(\.containerInstance)
        #expect(instances == ["AppDI.container", "AppDI.local", "local:DI.swift:7:23", "local:DI.swift:9:21", nil, "root"])
        #expect(f.containerParents == [ContainerParentFact(instance: "local:DI.swift:9:21", parent: "local:DI.swift:7:23")])
    }

    /// A helper registering on the container it is given registers on whatever its callers pass,
    /// through helpers calling helpers: a clash only within one of those instances.
    @Test func helpersRegisterOnTheContainersTheirCallersPass() throws {
        let d = diagnostics([("DI.swift", """
            func registerCore(_ container: Container) { container.register(Logger.self) { _ in ConsoleLogger() } }
            func registerNetwork(container: Container) {
                container.register(APIClient.self) { _ in HTTPAPIClient() }
                registerCore(container)
            }
            func registerExtras(container c: Container) { c.register(Logger.self) { _ in FileLogger() } }
            final class App {
                let container = Container()
                func start() { registerNetwork(container: container); registerExtras(container: container) }
            }
            func makePreview() -> Container {
                let preview = Container()
                registerCore(preview)
                return preview
            }
            """)]).filter { $0.rule == "duplicate_registration" }
        #expect(d.map(\.location.line) == [6], "\(d)")
        let f = facts("func helper(c: Container) { c.register(A.self) { _ in A() } }\nlet root = Container()\nhelper(c: root)")
        #expect(f.containerParameters.map(\.key) == ["param:|helper|0"])
        #expect(f.containerArguments.map(\.instance) == ["root"])
    }

    @Test func aLocalContainerOnlySeesItsOwnRegistrationsAndItsParents() {
        let d = diagnostics([("Tests/ResolveTests.swift", """
            import XCTest
            final class ResolveTests: XCTestCase {
                func testRegistered() {
                    let container = Container()
                    container.register(Engine.self) { _ in Engine() }
                    let child = Container(parent: container)
                    _ = child.resolve(Engine.self)!
                }
                func testElsewhere() {
                    let container = Container()
                    _ = container.resolve(Engine.self)!
                }
            }
            """)])
        let missing = d.filter { $0.rule == "missing_registration" }
        #expect(missing.map(\.location.line) == [11])
    }

    @Test func aPropertyContainerOrAParameterMayBeAnyInstance() {
        let d = diagnostics([
            ("AppDelegate.swift", """
            final class AppDelegate {
                let container = Container()
                func boot() { container.register(Engine.self) { _ in Engine() } }
            }
            """),
            ("Screen.swift", """
            final class Screen {
                func load(resolver: Resolver) { _ = resolver.resolve(Engine.self)! }
                func reload() { _ = (UIApplication.shared.delegate as! AppDelegate).container.resolve(Engine.self)! }
            }
            """),
        ])
        #expect(!d.contains { $0.rule == "missing_registration" })
    }

    @Test func lifetimesDoNotLeakFromAnotherContainerInstance() {
        let d = diagnostics([("Tests/ScopeTests.swift", """
            import XCTest
            final class ScopeTests: XCTestCase {
                func testWeak() {
                    let c = Container()
                    c.register(Holder.self) { _ in Holder() }.inObjectScope(.weak)
                }
                func testGraph() {
                    let c = Container()
                    c.register(Part.self) { _ in Part() }
                    c.register(Holder.self) { r in Holder(part: r.resolve(Part.self)!) }
                }
            }
            """)])
        #expect(!d.contains { $0.rule == "scope_mismatch" || $0.rule == "duplicate_registration" })
    }
}

extension ContainerInstanceTests {
    /// A container property `setUp` rebuilds is a fresh container in every test method: one
    /// method's `.weak` says nothing about another's.
    @Test func eachTestMethodHasItsOwnLifetimes() {
        let d = diagnostics([("Tests/CircularityTests.swift", """
            import XCTest
            final class CircularityTests: XCTestCase {
                var container: Container!
                override func setUp() { container = Container() }
                func testGraph() {
                    container.register(Child.self) { _ in Child() }
                    container.register(Parent.self) { r in Parent(child: r.resolve(Child.self)!) }
                }
                func testWeak() {
                    container.register(Parent.self) { _ in Parent(child: Child()) }.inObjectScope(.weak)
                }
                func testCaptive() {
                    container.register(Child.self) { _ in Child() }
                    container.register(Parent.self) { r in Parent(child: r.resolve(Child.self)!) }.inObjectScope(.container)
                }
            }
            """)])
        #expect(d.filter { $0.rule == "scope_mismatch" }.map(\.location.line) == [14])
    }
}

extension ContainerInstanceTests {
    /// An assembly nothing constructs never runs: its registrations duplicate nothing.
    @Test func anAssemblyNothingConstructsDuplicatesNothing() {
        let d = diagnostics([
            ("App/AppDelegate.swift", "let assembler = Assembler([WordAssembly(), DevToolsAssemblyDev()])"),
            ("App/WordAssembly.swift", """
            final class WordAssembly: Assembly {
                func assemble(container: Container) { container.register(WordUseCase.self) { _ in LiveWords() } }
            }
            """),
            ("Testing/WordFakeAssembly.swift", """
            final class WordFakeAssembly: Assembly {
                func assemble(container: Container) { container.register(WordUseCase.self) { _ in FakeWords() } }
            }
            """),
            ("App/DevToolsAssemblyDev.swift", """
            final class DevToolsAssemblyDev: Assembly {
                func assemble(container: Container) { container.register(WordUseCase.self) { _ in DevWords() } }
            }
            """),
        ])
        // The dev assembly is constructed and overrides the live one: a true duplicate; the fake is not.
        #expect(d.filter { $0.rule == "duplicate_registration" }.map(\.location.file) == ["App/WordAssembly.swift"])
    }
}

@Suite struct RuntimeAlternativeTests {
    @Test func ifElseAndSwitchBranchesAreAlternativesButTheConditionIsNot() {
        let f = facts("""
            if isRunningTests {
                container.register(A.self) { _ in StubA() }
            } else if isPreview {
                container.register(A.self) { _ in PreviewA() }
            } else {
                container.register(A.self) { _ in LiveA() }
            }
            switch flavor {
            case .dev: container.register(B.self) { _ in DevB() }
            default: container.register(B.self) { _ in LiveB() }
            }
            """)
        let conditions = f.registrations.map(\.conditions)
        for (i, a) in conditions.enumerated() {
            for b in conditions[(i + 1)...] where a.first?.block == b.first?.block {
                #expect(!a.isCompatible(with: b))
            }
        }
        #expect(conditions[0].isCompatible(with: conditions[3]))
        let d = diagnostics([("App.swift", """
            if isRunningTests {
                container.register(A.self) { _ in StubA() }
            } else {
                container.register(A.self) { _ in LiveA() }
            }
            container.register(A.self) { _ in Again() }
            """)])
        #expect(d.filter { $0.rule == "duplicate_registration" }.map(\.location.line) == [6])
    }
}

@Suite struct TestCodeTests {
    @Test func testCodeIsFoundByFolderAndByTestFrameworkImports() {
        let resolved = ProgramResolver.resolve(
            .undescribed(["App/Cart.swift", "AppTests/CartTests.swift", "Support/Fixtures.swift"]),
            facts: [
                FileFacts(file: "App/Cart.swift"), FileFacts(file: "AppTests/CartTests.swift"),
                { var f = FileFacts(file: "Support/Fixtures.swift"); f.declaresTests = true; return f }(),
            ])
        #expect(resolved.programs.map(\.name) == ["main", "tests"])
        #expect(resolved.programs[1].files == ["AppTests/CartTests.swift", "Support/Fixtures.swift"])
        #expect(resolved.programs[1].sees == ["main"])
        #expect(resolved.testFiles == ["AppTests/CartTests.swift", "Support/Fixtures.swift"])
        #expect(facts("import XCTest\nfinal class T: XCTestCase {}").declaresTests)
        #expect(!facts("import UIKit\nfinal class T {}").declaresTests)
    }

    @Test func testsSeeTheirHostButTheHostNeverSeesItsTests() {
        let d = diagnostics([
            ("Sources/Feed.swift", """
            container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!) }
            """),
            ("Tests/FeedTests.swift", """
            import XCTest
            final class FeedTests: XCTestCase {
                func testFeed() {
                    container.register(APIClient.self) { _ in StubAPIClient() }
                    _ = container.resolve(Feed.self)!
                }
            }
            """),
        ])
        let missing = d.filter { $0.rule == "missing_registration" }
        #expect(missing.map(\.location.file) == ["Sources/Feed.swift"])
        #expect(missing.first?.program == "main")
    }

    @Test func godSingletonFanInLeavesTestsOutUnlessAsked() {
        let files = [
            ("Sources/Favorites.swift", "final class Favorites { static let shared = Favorites() }"),
            ("Sources/List.swift", "final class ListScreen { let f = Favorites.shared }"),
            ("Tests/FavoritesTests.swift", """
            import XCTest
            final class A: XCTestCase { func test() { Favorites.shared.add() } }
            final class B: XCTestCase { func test() { Favorites.shared.add() } }
            """),
        ]
        var configuration = Configuration()
        configuration.rules["god_singleton"] = RuleOptions(threshold: 3)
        #expect(!diagnostics(files, configuration: configuration).contains { $0.rule == "god_singleton" })
        configuration.rules["god_singleton"] = RuleOptions(threshold: 3, countTests: true)
        #expect(diagnostics(files, configuration: configuration).filter { $0.rule == "god_singleton" }.count == 1)
    }
}

/// `disable:next` above a multi-line registration covers the whole statement: the finding sits on
/// a `resolve` line inside it.
@Suite struct StatementSuppressionTests {
    static let captive = """
        container.register(RequestContext.self) { _ in RequestContext() }.inObjectScope(.transient)
        // digraph:disable:next scope_mismatch
        container.register(ReportCache.self) { r in
            ReportCache(
                context: r.resolve(RequestContext.self)!
            )
        }.inObjectScope(.container)
        container.register(AuditLog.self) { r in // digraph:disable:this scope_mismatch
            AuditLog(context: r.resolve(RequestContext.self)!)
        }.inObjectScope(.container)
        container.register(Tracker.self) { r in
            Tracker(context: r.resolve(RequestContext.self)!)
        }.inObjectScope(.container)
        """

    @Test func nextAndThisCoverTheWholeStatement() {
        let d = diagnostics([("App.swift", Self.captive)])
        let open = d.filter { $0.rule == "scope_mismatch" && $0.suppressed != true }
        #expect(open.map(\.location.line) == [12], "only the unsuppressed registration")
        #expect(d.filter { $0.rule == "scope_mismatch" && $0.suppressed == true }.map(\.location.line) == [5, 9])
        #expect(!d.contains { $0.rule == "superfluous_suppression" })
    }
}

/// A test target registering a key again on its fixture container, in the program that also
/// compiles the app's registration of it (Windscribe: the app's `.userScope` services mocked as
/// `.container` in tests read as god singletons).
@Suite struct TestRegistrationLifetimeTests {
    static let app = ("Sources/App/DI.swift", """
        extension ObjectScope { static let userScope = ObjectScope(storageFactory: PermanentStorage.init) }
        final class AppAssembly: Assembly {
            func assemble(container: Container) {
                container.register(Connectivity.self) { _ in ConnectivityImpl() }.inObjectScope(.userScope)
            }
        }
        """)
    static let test = ("Tests/AppTests/ConnectivityTests.swift", """
        import XCTest
        final class ConnectivityTests: XCTestCase {
            func testReconnects() {
                let mockContainer = Container()
                mockContainer.register(Connectivity.self) { _ in MockConnectivity() }.inObjectScope(.container)
            }
        }
        """)

    @Test func theAppsScopeIsTheServicesScopeWhateverTheTestsRegister() {
        let files = [Self.app, Self.test].map { SwiftFileScanner.scan(source: $1, path: $0) }
        for order in [files, files.reversed()] {
            let g = Linker().link(order, testFiles: [Self.test.0], isTestProgram: true)
            #expect(g.services.first { $0.id == "Connectivity" }?.lifetime == .scoped)
        }
    }

    @Test func aKeyOnlyTestsRegisterKeepsTheirScope() {
        let files = [SwiftFileScanner.scan(source: Self.test.1, path: Self.test.0)]
        let g = Linker().link(files, testFiles: [Self.test.0], isTestProgram: true)
        #expect(g.services.first { $0.id == "Connectivity" }?.lifetime == .singleton)
    }
}
