import DigraphRecorder
import Foundation

// The service locator of seed 000, as written there, plus the lines marked `// digraph` that make
// it record a digraph snapshot of what it registers and resolves. (The seed caches factory
// products in an `NSMapTable` with weak values; Linux's Foundation has no `NSMapTable`, so a
// dictionary of weak boxes does the same here.)

public typealias ServiceLocatorInterface = Resolver & Container

public protocol Resolver {
    func resolve<T>(_ metaType: T.Type) -> T
    func autoResolve<T>() -> T
}

public protocol Container {
    func register<T>(instance: T, forMetaType metaType: T.Type)
    func register<T>(
        factory: @escaping (Resolver) -> T,
        forMetaType metaType: T.Type
    )
}

/// Holds eagerly registered instances, and factories whose products are cached weakly:
/// a factory runs again once nobody holds the previous instance any more.
public final class ServiceLocator {
    public static let shared: ServiceLocatorInterface = ServiceLocator()
    public static let recorder = SnapshotRecorder(framework: "ServiceLocator")  // digraph

    var instances: [String: Any] = [:]
    var lazyInstances = WeakValues<LazyInstanceWrapper>()

    typealias LazyDependencyFactory = () -> Any
    var factories: [String: LazyDependencyFactory] = [:]

    final class LazyInstanceWrapper {
        let instance: Any
        init(instance: Any) {
            self.instance = instance
        }
    }

    private func getKey<T>(for metaType: T.Type) -> String {
        let key = String(describing: T.self)
        return key
    }
}

extension ServiceLocator: Container {
    public func register<T>(instance: T, forMetaType metaType: T.Type) {
        let key = getKey(for: metaType)
        guard instances[key] == nil else {
            fatalError("You must not register something twice!")
        }
        Self.recorder.registered(T.self, lifetime: .singleton, lifetimeDetail: "instance", origin: .instance)  // digraph
        instances[key] = instance
    }

    public func register<T>(factory: @escaping (Resolver) -> T, forMetaType metaType: T.Type) {
        let key = getKey(for: metaType)
        guard factories[key] == nil else {
            fatalError("You must not register something twice!")
        }
        Self.recorder.registered(T.self, lifetime: .weak, lifetimeDetail: "factory (weakly cached)")  // digraph
        factories[key] = { Self.recorder.building(T.self) { factory(self) } }  // digraph: was { factory(self) }
    }
}

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
        let objectKey = key

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

extension ServiceLocator: Resolver {
    public func resolve<T>(_ metaType: T.Type) -> T {
        let instance = getInstance(forMetatype: T.self)
        Self.recorder.resolved(T.self, found: instance != nil)  // digraph
        guard let instance else {
            fatalError("There is no instance registered for `\(getKey(for: T.self))`!")
        }
        return instance
    }

    public func autoResolve<T>() -> T {
        let instance = getInstance(forMetatype: T.self)
        Self.recorder.resolved(T.self, found: instance != nil)  // digraph
        guard let instance else {
            fatalError("There is no instance registered for `\(getKey(for: T.self))`!")
        }
        return instance
    }
}

/// `NSMapTable(keyOptions: .strongMemory, valueOptions: .weakMemory)`, for Linux.
struct WeakValues<Value: AnyObject> {
    private final class Box {
        weak var value: Value?
        init(_ value: Value) { self.value = value }
    }

    private var boxes: [String: Box] = [:]

    func object(forKey key: String) -> Value? { boxes[key]?.value }

    mutating func setObject(_ value: Value, forKey key: String) { boxes[key] = Box(value) }
}
