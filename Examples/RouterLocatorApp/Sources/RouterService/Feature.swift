import UIKit

public protocol Feature {
    init()
    func build() -> UIViewController
}

extension Feature {
    static func initialize(withStore store: StoreInterface) -> Feature {
        let feature = Self()
        for child in Mirror(reflecting: feature).children {
            (child.value as? Resolvable)?.resolve(withStore: store)
        }
        return feature
    }
}

protocol Resolvable {
    func resolve(withStore store: StoreInterface)
}

/// Resolved from the store when the feature starts, before its first use.
@propertyWrapper
public final class Dependency<T>: Resolvable {
    private(set) var resolvedValue: T!
    public var wrappedValue: T { resolvedValue }
    public init() {}

    func resolve(withStore store: StoreInterface) {
        guard let value = store.get(T.self) else {
            preconditionFailure("\(T.self) is not registered")
        }
        resolvedValue = value
    }
}
