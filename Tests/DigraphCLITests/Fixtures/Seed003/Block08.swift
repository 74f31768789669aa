public class Scope {
    internal func resolve<T>(using cache: Cache, id: String, factory: () -> T) -> T {
        if let cached: T = unboxed(box: cache.value(forKey: id)) {
            return cached
        }
        let instance = factory()
        if let box = box(instance) {
            cache.set(value: box, forKey: id)
        }
        return instance
    }
}
extension Scope {
    final class Cache {
        typealias CacheMap = [String: AnyBox] // Dictionary for reflection
        func value(forKey key: String) -> AnyBox? {
            cache[key]
        }
        func set(value: AnyBox, forKey key: String) {
            cache[key] = value
        }
    }
}
