extension ServiceLocator: Container {
    public func register<T>(instance: T, forMetaType metaType: T.Type
    ) {
        let key = getKey(for: metaType)
        guard instances[key] == nil else {
            fatalError("You must not register something twice!")
        }
        instances[key] = instance
    }

   public func register<T>(factory: @escaping (Resolver) -> T, forMetaType metaType: T.Type) {
       let key = getKey(for: metaType)
       guard factories[key] == nil else {
           fatalError("You must not register something twice!")
       }
       factories[key] = { factory(self) }
   }
}
