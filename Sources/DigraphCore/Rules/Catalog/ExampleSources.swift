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
}
