public struct Factory<T>: FactoryModifying {
    public init(_ container: ManagedContainer,
                key: String = #function,
                _ factory: @escaping () -> T) {
        self.registration = FactoryRegistration<Void,T>(id: "\(key)<\(T.self)>",
                                                        container: container,
                                                        factory: factory)
    }
}
