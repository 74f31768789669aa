/// Sources several rules' examples share: one project's code, and what each example adds to it.
enum ExampleSources {
    /// FilamentSwatches' `DependencyContext`: public `register`/`registerSingleton` handing a key
    /// and a Swinject scope on to a private wrapper that chains `.inObjectScope(scope)`, a
    /// `resolve(key:)` over a private `resolve(key:in:)` that fails, and an `@Injected` asking it.
    static let dependencyContext = """
        import Swinject
        public final class DependencyContext {
            public static let `default` = DependencyContext()
            private let container = Container()
            public func resolve<Value>(key: String? = nil) -> Value { resolve(key: key, in: container) }
            public func register<Value>(_ type: Value.Type, key: String? = nil, builder: @escaping () -> Value) {
                register(type, key: key, in: container, scope: .weak, builder: builder)
            }
            public func registerSingleton<Value>(_ type: Value.Type, key: String? = nil, builder: @escaping () -> Value) {
                register(type, key: key, in: container, scope: .container, builder: builder)
            }
            private func resolve<Value>(key: String?, in container: Container) -> Value {
                guard let value = container.resolve(Value.self, name: key) else { fatalError("no \\(Value.self)") }
                return value
            }
            private func register<Value>(
                _ type: Value.Type, key: String?, in container: Container, scope: ObjectScope, builder: @escaping () -> Value
            ) {
                container.register(Value.self, name: key) { _ in builder() }.inObjectScope(scope)
            }
        }
        @propertyWrapper
        public struct Injected<Value> {
            public var wrappedValue: Value { DependencyContext.default.resolve() }
            public init() {}
        }
        """

    /// Wehoop's `SimpleDependencyContainer`: a keyed-storage locator of Swinject's shape, in code
    /// that imports no Swinject.
    static let simpleDependencyContainer = """
        protocol DependencyContainer {
            func resolve<T>() -> T
            func register<T>(_ type: T.Type, factory: @escaping () -> T)
        }
        final class SimpleDependencyContainer: DependencyContainer {
            private var factories: [String: () -> Any] = [:]
            func register<T>(_ type: T.Type, factory: @escaping () -> T) { factories[String(describing: type)] = factory }
            func resolve<T>() -> T {
                guard let factory = factories[String(describing: T.self)] else { fatalError("no \\(T.self)") }
                return factory() as! T
            }
        }
        final class Repository { init(network: NetworkService) {} }
        """

    /// openedx's `register(_:name:mainActorFactory:)` handing its factory to Swinject's
    /// `register(_:name:) { (r, a1, a2) in … }`, and a registration through it.
    static let mainActorFactoryRegistration = """
        import Swinject
        extension Container {
            @discardableResult
            public func register<Service, Arg1, Arg2>(
                _ serviceType: Service.Type, name: String? = nil,
                mainActorFactory: @escaping @MainActor (Resolver, Arg1, Arg2) -> Service
            ) -> ServiceEntry<Service> {
                register(serviceType, name: name) { (resolver: Resolver, arg1: Arg1, arg2: Arg2) in
                    MainActor.assumeIsolated { mainActorFactory(resolver, arg1, arg2) }
                }
            }
        }
        let container = Container()
        container.register(PlayerModel.self, mainActorFactory: { (r, url: URL?, id: String) in PlayerModel(url: url, id: id) })
        """

    /// PianoReminder's `registerService(type:scope:factory:)` overloads told apart by their
    /// factory's arity, and a registration through the one taking an argument.
    static let arityOverloadedRegistration = """
        import Swinject
        public protocol DICProtocol {
            func registerService<Service>(type: Service.Type, scope: ObjectScope, factory: @escaping () -> Service)
            func registerService<Service, Arg1>(type: Service.Type, scope: ObjectScope, factory: @escaping (Arg1) -> Service)
        }
        extension Container: DICProtocol {
            public func registerService<Service>(type: Service.Type, scope: ObjectScope, factory: @escaping () -> Service) {
                register(type) { _ in factory() }.inObjectScope(scope)
            }
            public func registerService<Service, Arg1>(type: Service.Type, scope: ObjectScope, factory: @escaping (Arg1) -> Service) {
                register(type) { _, arg1 in factory(arg1) }.inObjectScope(scope)
            }
        }
        final class Overview { init(questions: [Int]) {} }
        let container = Container()
        func setUp(_ di: DICProtocol) { di.registerService(type: Overview.self, scope: .graph) { questions in Overview(questions: questions) } }
        """

    /// toduck's `DIContainer`: a generic `register<Service>(_:_:)` handing its metatype parameter
    /// on to Swinject.
    static let genericRegisterWrapper = """
        import Swinject
        final class DIContainer {
            static let shared = DIContainer()
            private let container = Container()
            func assemble(_ assemblies: [Assembly]) { for a in assemblies { a.assemble(container: container) } }
            func register<Service>(_ serviceType: Service.Type, _ object: Service) {
                container.register(serviceType) { _ in object }
            }
            func resolve<Service>(_ serviceType: Service.Type) -> Service { container.resolve(serviceType)! }
        }
        """
}
