import Foundation

public typealias DependencyFactory = () -> AnyObject

public protocol StoreInterface {
    func get<T>(_ arg: T.Type) -> T?
    func register<T>(_ arg: @escaping DependencyFactory, forMetaType metaType: T.Type)
}

/// Keyed by the type's name; what factories build is kept only while someone holds it.
final class Store: StoreInterface {
    var dependencies = NSMapTable<NSString, AnyObject>(keyOptions: .strongMemory, valueOptions: .weakMemory)
    var dependencyCreators = [String: DependencyFactory]()

    func get<T>(_ arg: T.Type) -> T? {
        let name = String(describing: arg)
        if let object = dependencies.object(forKey: name as NSString) {
            return object as? T
        }
        guard let factory = dependencyCreators[name] else { return nil }
        let instance = factory()
        dependencies.setObject(instance, forKey: name as NSString)
        return instance as? T
    }

    func register<T>(_ arg: @escaping DependencyFactory, forMetaType metaType: T.Type) {
        let name = String(describing: metaType)
        precondition(dependencyCreators[name] == nil, "\(name) is registered twice")
        dependencyCreators[name] = arg
    }
}
