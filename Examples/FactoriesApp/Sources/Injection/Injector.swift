import UIKit

/// Seed 001: view controllers that want the store conform to `StoreInjectable`; the injector
/// walks the hierarchy and hands it to each one.
protocol StoreInjectable: AnyObject {
    var store: Store! { get set }
    var theme: Theme! { get set }
}

struct Injector<ProtocolType, InjectableDataType> {
    typealias InjectorCallback = (ProtocolType, InjectableDataType) -> Void
    let injector: InjectorCallback

    init(callback: @escaping InjectorCallback) {
        injector = callback
    }

    func inject(into controller: UIViewController, data: InjectableDataType) {
        if let dest = controller as? ProtocolType {
            injector(dest, data)
        }
        for child in controller.children {
            inject(into: child, data: data)
        }
    }
}

let storeInjector = Injector<StoreInjectable, Store>(callback: { controller, store in
    controller.store = store
})
