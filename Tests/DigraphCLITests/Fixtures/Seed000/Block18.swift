public typealias ServiceLocatorInterface = Resolver & Container
public final class ServiceLocator {
    public static let shared: ServiceLocatorInterface = ServiceLocator()

    var instances: [String: Any] = [:]
    var lazyInstances: NSMapTable<NSString, LazyInstanceWrapper> = .init(
        keyOptions: .strongMemory,
        valueOptions: .weakMemory
    )

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
