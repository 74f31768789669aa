extension ServiceLocator {
    private func getInstance<T>(forMetatype: T.Type) -> T? {
        let key = getKey(for: T.self)
        if let instance = instances[key] as? T {
            return instance
        } else if let lazyInstance = getLazyInstance(for: T.self, key: key) {
            return lazyInstance
        } else {
            return nil
   }
}

private func getLazyInstance<T>(for _: T.Type, key: String) -> T? {
    let objectKey = key as NSString

    if let instanceInMemory = lazyInstances.object(forKey: objectKey)?.instance as? T {
        return instanceInMemory
    }

    guard
        let factory = factories[key],
        let newInstance = factory() as? T
    else { return nil }

    let wrappedInstance = LazyInstanceWrapper(
        instance: newInstance
    )
    lazyInstances.setObject(
        wrappedInstance,
        forKey: objectKey
    )

    return newInstance
}
}
