public class KeyPathDependencyContainer {
    /// Singleton instance used to be accessed by the computed properties.
    private static var current = KeyPathDependencyContainer()

    /// Access the dependency with the specified `key`.
    /// - Parameter key: Implementation type of `DependencyKey`.
    public static subscript<K>(key: K.Type) -> K.Value where K: DependencyKey {
        get { key.currentValue }
        set { key.currentValue = newValue }
    }

    /// Accesses the dependency with the specified `keyPath`.
    /// - Parameter keyPath: The key path of the computed property.
    public static subscript<T>(_ keyPath: WritableKeyPath<KeyPathDependencyContainer, T>) -> T {
        get { current[keyPath: keyPath] }
        set { current[keyPath: keyPath] = newValue }
    }

    /// Set the initial value for the specified `key`. This method has to be called before the property is injected or accessed anywhere.
    /// - Parameter initialValue: The initial value that is injected wherever it is used.
    /// - Parameter key: The key to set the value for.
    public static func set<K>(initialValue: K.Value, key: K.Type) where K: LazyDependencyKey {
        key.currentValue = initialValue
    }
}

/// A property wrapper type that reflects a dependency injected using `KeyPathDependencyContainer`.
@propertyWrapper
public struct Dependency<T> {
    private let keyPath: WritableKeyPath<KeyPathDependencyContainer, T>

    public var wrappedValue: T {
        get { KeyPathDependencyContainer[keyPath] }
        set { KeyPathDependencyContainer[keyPath] = newValue }
    }

    public init(_ keyPath: WritableKeyPath<KeyPathDependencyContainer, T>) {
        self.keyPath = keyPath
    }
}
