import DigraphCore
import Testing

/// Code that looks like DI but is not: none of it may become a registration or a request.
@Suite struct LookAlikeTests {
    @Test(arguments: [
        #"tableView.register(ProductCell.self, forCellReuseIdentifier: "cell")"#,
        #"tableView.register(UINib(nibName: "Cell", bundle: nil), forCellReuseIdentifier: "cell")"#,
        #"collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: "photo")"#,
        #"collectionView.register(Header.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "h")"#,
        #"UserDefaults.standard.register(defaults: ["onboarded": false])"#,
        "URLProtocol.registerClass(StubProtocol.self)",
        "seal.resolve(.fulfilled(value))",
        "promise.resolve(user)",
        "let container = Container(); container.addSubview(view)",
        "NotificationCenter.default.addObserver(self, selector: #selector(f), name: .x, object: nil)",
        "// container.register(Foo.self) { _ in Foo() }",
        "/* r.resolve(Foo.self)! */",
        #"let doc = "container.register(Foo.self) { _ in Foo() } and r.resolve(Bar.self)!""#,
        "func register<T>(_ type: T.Type, factory: @escaping (Resolver) -> T) { container.register(type, factory: factory) }",
        "func resolve<T>(_ type: T.Type) -> T? { container.resolve(T.self) }",
        // ugglan: a locator's generic resolve typing a module's closure call by its own `T`.
        "final class Deps { func resolve<T>(for name: String? = nil) -> T { let c: T = modules[name]?.resolve() as! T; return c } }",
    ])
    func isNotDependencyInjection(source: String) {
        let f = facts(source)
        // A call shaped like a project's own locator call is only provisional until linking finds
        // no locator method with its shape.
        let provisional = Set(f.provisionalLocatorCalls.compactMap { call -> Int? in
            if case .registration(let index) = call.kind { return index }
            return nil
        })
        #expect(f.registrations.indices.allSatisfy(provisional.contains), "\(f.registrations)")
        #expect(f.requests.isEmpty, "\(f.requests)")
        let g = graph(source)
        #expect(g.services.isEmpty && g.edges.isEmpty && g.rootRequests.isEmpty, "\(g.services)")
    }

    /// PDF-Archiver: a background task's handler registered with the system is no unread
    /// registration that could register a key (it kept a real App Intents miss a note).
    @Test func systemRegistrationsAreNotUnreadDI() {
        let f = facts(
            """
            BGTaskScheduler.shared.register(forTaskWithIdentifier: "refresh", using: nil) { task in handle(task) }
            tableView.register(ProductCell.self, forCellReuseIdentifier: "cell")
            """)
        #expect(f.unrecognised.isEmpty, "\(f.unrecognised)")
    }

    /// PayslipMax: a migration tracker keyed by the type but keeping a status, not an instance,
    /// is no locator; its twin keeping the instance is one, and its second call a duplicate.
    @Test(arguments: [("state: ConversionState", "state: .converting", false), ("instance: T", "instance: HTTPClient()", true)])
    func aTypeKeyedStoreIsALocatorOnlyWhenItKeepsAnInstance(parameter: String, argument: String, isLocator: Bool) {
        let files = [
            ("Tracker.swift", """
            final class ConversionTracker {
                static let shared = ConversionTracker()
                private var states: [String: Any] = [:]
                func update<T>(for serviceType: T.Type, \(parameter)) {
                    states[String(describing: serviceType)] = \(parameter.split(separator: ":")[0])
                }
            }
            """),
            ("Client.swift", """
            final class ClientSetup {
                func start() {
                    ConversionTracker.shared.update(for: APIClient.self, \(argument))
                    ConversionTracker.shared.update(for: APIClient.self, \(argument))
                }
            }
            """),
        ]
        let g = graph(files)
        #expect(g.registrationSites.filter { $0.serviceID == "APIClient" }.count == (isLocator ? 2 : 0))
        #expect(diagnostics(files).contains { $0.rule == "duplicate_registration" } == isLocator)
    }

    /// A generic property wrapper resolving its own `T` through a locator is plumbing, not a
    /// request for a service named `T` (0.1 reported "no registration for `T`" as an error).
    @Test func aGenericWrapperResolvingItsOwnParameterIsNoRequest() {
        let d = diagnostics([("Locator.swift", """
            @propertyWrapper final class Dependency<T> {
                private var resolvedValue: T?
                var wrappedValue: T {
                    if resolvedValue == nil { resolvedValue = DependencyContainer.shared.autoResolve() }
                    return resolvedValue!
                }
            }
            """)])
        #expect(!d.contains { $0.rule == "missing_registration" }, "\(d.map(\.message))")
    }

    @Test func conditionalBranchesAreAlternativesNotDuplicates() {
        let d = diagnostics([("App.swift", """
            #if DEBUG
            container.register(APIClient.self) { _ in MockAPIClient() }
            #elseif STAGING
            container.register(APIClient.self) { _ in StagingAPIClient() }
            #else
            container.register(APIClient.self) { _ in HTTPAPIClient() }
            #endif
            container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!) }
            """)])
        #expect(!d.contains { $0.rule == "duplicate_registration" })
        #expect(!d.contains { $0.rule == "missing_registration" })
    }

    @Test func sameBranchRegisteringTwiceIsStillADuplicate() {
        let d = diagnostics([("App.swift", """
            #if DEBUG
            container.register(APIClient.self) { _ in MockAPIClient() }
            container.register(APIClient.self) { _ in OtherMock() }
            #endif
            """)])
        #expect(d.filter { $0.rule == "duplicate_registration" }.count == 1)
    }
    /// Point-Free's world: a global instance (`Current`) every file reads services from. digraph
    /// does not read it, and says so in the coverage (a type site: no request is opened, nothing is
    /// said of unused registrations); a constant, a lowercase global or a literal says nothing.
    @Test func aGlobalEnvironmentIsSaidNotRead() {
        let world = facts("let Current = World()\nstruct World { lazy var apiClient = APIClient() }")
        #expect(world.unrecognised.map(\.what) == ["type World (the global environment `Current`)"])
        let implicit = facts("var Current: Environment!")
        #expect(implicit.unrecognised.map(\.what) == ["type Environment (the global environment `Current`)"])
        let others = facts("let current = World()\nlet Version = \"1.0\"\nlet Formatter = DateFormatter()\nfunc f() { let Current = World() }")
        #expect(others.unrecognised.isEmpty, "\(others.unrecognised)")
    }
}
