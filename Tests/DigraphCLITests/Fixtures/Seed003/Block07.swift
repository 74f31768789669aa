public struct FactoryRegistration<P,T> {
    internal func resolve(with parameters: P) -> T {
        return scope?.resolve(
            using: manager.cache,
            id: id,
            factory: { factory(parameters) }
        ) ?? factory(parameters)
    }
}
