@propertyWrapper
public final class Dependency<T> {
    private let resolver: Resolver?
    private let failureHandler: (String) -> Void
    private(set) var resolvedValue: T!

    public var wrappedValue: T {
        resolveIfNeeded()
        return resolvedValue!
   }

   public convenience init() {
       self.init(
           resolvedValue: nil,
           resolver: ServiceLocator.shared,
           failureHandler: { preconditionFailure($0) }
       )
   }

   fileprivate init(
       resolvedValue: T?,
       resolver: Resolver?,
       failureHandler: @escaping (String) -> Void
   ) {
       self.resolvedValue = resolvedValue
       self.resolver = resolver
       self.failureHandler = failureHandler
   }

   private func resolveIfNeeded() {
       guard resolvedValue == nil else {
           failureHandler("\(type(of: self)) shouldn't be resolved twice!")
           return
       }
       guard let instanceFromContainer = resolver?.resolve(T.self) else {
           failureHandler("Could not resolve \(type(of: self)), check it it was registered!")
           return
       }
       resolvedValue = instanceFromContainer
   }
}
