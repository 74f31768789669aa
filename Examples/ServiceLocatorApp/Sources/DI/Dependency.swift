import Foundation

/// Resolves its value from the service locator on first access.
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
        guard resolvedValue == nil else { return }
        guard let instanceFromContainer = resolver?.resolve(T.self) else {
            failureHandler("Could not resolve \(type(of: self)), check if it was registered!")
            return
        }
        resolvedValue = instanceFromContainer
    }
}

#if DEBUG
extension Dependency {
    // To enable mocking from outside
    static func resolved(_ value: T) -> Dependency<T> {
        .init(
            resolvedValue: value,
            resolver: nil,
            failureHandler: { _ in }
        )
    }
}
#endif
