extension ServiceLocator: Resolver {
    public func resolve<T>(_ metaType: T.Type) -> T {
        guard let instance = getInstance(forMetatype: T.self) else {
            fatalError("There is no instance registered for `\\(\(getKey(for: T.self))`!")
        }
        return instance
    }

    public func autoResolve<T>() -> T {
       guard let instance = getInstance(forMetatype: T.self) else {
           fatalError("There is no instance registered for `\\(\(getKey(for: T.self))`!")
       }
       return instance
   }
}
