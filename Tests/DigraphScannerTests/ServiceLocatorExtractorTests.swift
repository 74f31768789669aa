import DigraphCore
import Testing

/// The seed's hand-written service locator (talk 000).
@Suite struct ServiceLocatorExtractorTests {
    static let locator = """
        public typealias ServiceLocatorInterface = Resolver & Container
        public final class ServiceLocator {
            public static let shared: ServiceLocatorInterface = ServiceLocator()
            var instances: [String: Any] = [:]
            var lazyInstances: NSMapTable<NSString, LazyInstanceWrapper> = .init(
                keyOptions: .strongMemory,
                valueOptions: .weakMemory
            )
        }
        public protocol Container {
            func register<T>(instance: T, forMetaType metaType: T.Type)
            func register<T>(factory: @escaping (Resolver) -> T, forMetaType metaType: T.Type)
        }
        extension Container {
            func register<T>(factory: @escaping () -> T, forMetaType metaType: T.Type) {
                self.register(factory: { _ in factory() }, forMetaType: metaType)
            }
        }
        extension ServiceLocator: Container {
            public func register<T>(instance: T, forMetaType metaType: T.Type) {
                instances[getKey(for: metaType)] = instance
            }
            public func register<T>(factory: @escaping (Resolver) -> T, forMetaType metaType: T.Type) {
                factories[getKey(for: metaType)] = { factory(self) }
            }
        }
        extension ServiceLocator: Resolver {
            public func resolve<T>(_ metaType: T.Type) -> T { getInstance(forMetatype: T.self)! }
            public func autoResolve<T>() -> T { getInstance(forMetatype: T.self)! }
        }
        """

    @Test func theLocatorsOwnGenericPlumbingIsNotARegistrationOrRequest() {
        let f = facts(Self.locator)
        #expect(f.registrations.isEmpty)
        #expect(f.requests.isEmpty)
        #expect(f.unanalyzable.isEmpty)
        #expect(f.locatorImplementations.map(\.typeName).sorted() == ["Container", "ServiceLocator"])
    }

    static let registrations = """
        final class AppDelegate {
            var serviceLocator: ServiceLocatorInterface = ServiceLocator.shared
            private func registerDependencies() {
                serviceLocator.register(instance: URLSession.shared, forMetaType: URLSession.self)
                serviceLocator.register(
                    factory: { resolver in
                        let session: URLSession = resolver.autoResolve()
                        return LoginService(urlSession: session)
                    },
                    forMetaType: LoginServiceProtocol.self
                )
                serviceLocator.register(factory: UserSession.init, forMetaType: UserSessionProtocol.self)
            }
        }
        """

    @Test func instanceAndFactoryRegistrations() throws {
        let g = graph([("Locator.swift", Self.locator), ("AppDelegate.swift", Self.registrations)])
        let session = try #require(g.service("URLSession"))
        #expect(session.lifetime == .singleton && session.style == "service-locator")
        let login = try #require(g.service("LoginServiceProtocol"))
        // The seed's locator keeps factory results in an NSMapTable with weak values.
        #expect(login.lifetime == .weak)
        #expect(login.implementation == ["LoginService"])
        #expect(g.service("UserSessionProtocol")?.implementation == ["UserSession"])
        let edge = try #require(g.edge("LoginServiceProtocol", "URLSession"))
        #expect(edge.timing == .eager && !edge.missing && !edge.optional)
    }

    @Test func factoriesAreTransientWhenTheLocatorDoesNotCache() {
        let uncached = """
            final class Locator {
                var factories: [String: () -> Any] = [:]
                func register<T>(factory: @escaping (Resolver) -> T, forMetaType metaType: T.Type) {}
            }
            """
        let g = graph([("Locator.swift", uncached), ("AppDelegate.swift", Self.registrations)])
        #expect(g.service("LoginServiceProtocol")?.lifetime == .transient)
    }

    @Test func autoResolveTakesItsTypeFromContext() throws {
        let g = graph([
            ("Model.swift", """
            final class LoginViewModel {
                private let loginService: LoginServiceProtocol
                private let userSession: UserSessionProtocol
                init(loginService: LoginServiceProtocol? = nil, userSession: UserSessionProtocol? = nil) {
                    self.loginService = loginService ?? ServiceLocator.shared.autoResolve()
                    self.userSession = userSession ?? ServiceLocator.shared.resolve(UserSessionProtocol.self)
                }
            }
            final class OtherLoginViewModel {
                init(
                    loginService: LoginServiceProtocol = ServiceLocator.shared.autoResolve(),
                    tracker: Tracking? = ServiceLocator.shared.autoResolve()!
                ) {}
            }
            func make() -> Clock { ServiceLocator.shared.autoResolve() }
            var calendar: Calendar { ServiceLocator.shared.autoResolve() }
            let formatter = ServiceLocator.shared.autoResolve() as DateFormatting
            """)
        ])
        let login = try #require(g.edge("LoginViewModel", "LoginServiceProtocol"))
        #expect(login.timing == .eager && login.retained && !login.optional)
        #expect(g.edge("LoginViewModel", "UserSessionProtocol")?.optional == false)
        #expect(g.edge("OtherLoginViewModel", "LoginServiceProtocol")?.timing == .eager)
        #expect(g.edge("OtherLoginViewModel", "Tracking") != nil)
        #expect(g.rootRequests.map(\.to).sorted() == ["Calendar", "Clock", "DateFormatting"])
    }

    @Test func autoResolveWithoutContextIsUnanalyzable() {
        let f = facts("func f() { use(ServiceLocator.shared.autoResolve()) }")
        #expect(f.requests.isEmpty)
        #expect(f.unanalyzable.count == 1)
    }

    @Test func dependencyPropertyWrapperIsADeferredRequest() throws {
        let g = graph(
            """
            struct LoginViewEnvironment {
                @Dependency var loginService: LoginServiceProtocol
                @Dependency var userSession: UserSessionProtocol
            }
            """)
        let edge = try #require(g.edge("LoginViewEnvironment", "LoginServiceProtocol"))
        #expect(edge.timing == .deferred && edge.via == .propertyWrapper && edge.retained && !edge.optional)
        #expect(g.edge("LoginViewEnvironment", "UserSessionProtocol") != nil)
    }

    @Test func swiftDependenciesKeyPathWrapperIsNotTheLocatorWrapper() {
        let f = facts("struct Feature { @Dependency(\\.apiClient) var apiClient }")
        #expect(f.requests.isEmpty)
    }

    @Test func missingLocatorServiceIsAnError() throws {
        let d = diagnostics([
            ("Locator.swift", Self.locator), ("AppDelegate.swift", Self.registrations),
            ("VM.swift", "final class VM { @Dependency var analytics: AnalyticsTracking; func open() { analytics.track() } }"),
        ])
        let missing = d.filter { $0.rule == "missing_registration" }
        #expect(missing.count == 1)
        #expect(missing.first?.severity == .error)
        // The same property never read: the lazy wrapper never asks, so it is only a note.
        let unread = diagnostics([
            ("Locator.swift", Self.locator), ("AppDelegate.swift", Self.registrations),
            ("VM.swift", "final class VM { @Dependency var analytics: AnalyticsTracking }"),
        ]).filter { $0.rule == "missing_registration" }
        #expect(unread.map(\.severity) == [.note])
        #expect(missing.first?.services == ["AnalyticsTracking", "VM"])
    }
}
