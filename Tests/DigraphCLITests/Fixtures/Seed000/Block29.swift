public protocol Resolver {
    func resolve<T>(_ metaType: T.Type) -> T?
    func autoResolve<T>() -> T?
}

// ...

extension ServiceLocator: Resolver {
    public func resolve<T>(_ metaType: T.Type) -> T? {
        getInstance(forMetatype: T.self)
    }

    public func autoResolve<T>() -> T? {
        getInstance(forMetatype: T.self)
    }
}
// ...
