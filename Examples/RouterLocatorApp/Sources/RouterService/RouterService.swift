import UIKit

public protocol RouterServiceProtocol: AnyObject {
    func register<T>(dependencyFactory: @escaping DependencyFactory, forType metaType: T.Type)
    func navigationController(withInitialFeature feature: Feature.Type) -> UINavigationController
}

public final class RouterService: RouterServiceProtocol {
    let store: StoreInterface

    public init(store: StoreInterface? = nil) {
        self.store = store ?? Store()
        register(dependencyFactory: { [unowned self] in self }, forType: RouterServiceProtocol.self)
    }

    public func register<T>(dependencyFactory: @escaping DependencyFactory, forType metaType: T.Type) {
        store.register(dependencyFactory, forMetaType: metaType)
    }

    public func navigationController(withInitialFeature feature: Feature.Type) -> UINavigationController {
        let instance = feature.initialize(withStore: store)
        return UINavigationController(rootViewController: instance.build())
    }
}
