import Swinject

/// What the exporter needs from a `ServiceEntry<Service>` without knowing `Service` statically.
///
/// `ServiceEntry` is public but its factory, scope and `initCompleted` actions are internal; this
/// conformance, declared here on Swinject's public class, opens the generic parameter so the
/// exporter can call the entry's `initCompleted` actions with a correctly typed instance, and reads
/// the internal fields by reflection (checked in ``SwinjectInspector``).
protocol InspectableEntry: AnyObject {
    var inspectedServiceType: Any.Type { get }
    var inspectedArgumentsType: Any.Type { get }
    /// The stored factory (`(Resolver) -> Any`, or `((Resolver, Arg1, …)) -> Any`), by reflection.
    var inspectedFactory: Any? { get }
    /// The entry's `ObjectScopeProtocol`, by reflection.
    var inspectedScope: ObjectScopeProtocol? { get }
    /// Number of `initCompleted` actions; nil when the field cannot be read.
    var inspectedInitCompletedCount: Int? { get }
    /// Runs the entry's `initCompleted` actions with `resolver`. False when `instance` is not a
    /// `Service` or the actions cannot be read.
    func runInitCompleted(resolver: Resolver, instance: Any) -> Bool
}

extension ServiceEntry: InspectableEntry {
    var inspectedServiceType: Any.Type { serviceType }
    var inspectedArgumentsType: Any.Type { argumentsType }

    private func child(_ label: String) -> Any? {
        Mirror(reflecting: self).children.first { $0.label == label }?.value
    }

    var inspectedFactory: Any? { child("factory") }
    var inspectedScope: ObjectScopeProtocol? { child("objectScope") as? ObjectScopeProtocol }
    var inspectedInitCompletedCount: Int? { (child("initCompletedActions") as? [(Resolver, Service) -> Void])?.count }

    func runInitCompleted(resolver: Resolver, instance: Any) -> Bool {
        guard let actions = child("initCompletedActions") as? [(Resolver, Service) -> Void],
            let service = instance as? Service
        else { return false }
        for action in actions { action(resolver, service) }
        return true
    }
}

/// Swinject's `Lazy<T>` and `Provider<T>`, which resolve their `T` later: the exporter records a
/// deferred edge to `T` and hands the factory a real wrapper built by a throwaway shadow
/// `Container` whose only registration forwards to the exporter's own shadow instances.
protocol ShadowWrapper {
    static var shadowWrappedType: Any.Type { get }
    static var shadowKind: String { get }
    /// A wrapper whose `instance` calls `produce`; `keep` must retain the container it was made by.
    static func shadowMake(name: String?, keep: (Container) -> Void, produce: @escaping () -> Any) -> Any?
}

extension Lazy: ShadowWrapper {
    static var shadowWrappedType: Any.Type { Service.self }
    static var shadowKind: String { "lazy" }

    static func shadowMake(name: String?, keep: (Container) -> Void, produce: @escaping () -> Any) -> Any? {
        let container = Container()
        container.register(Service.self, name: name) { _ in produce() as! Service }
        keep(container)
        return container.resolve(Lazy<Service>.self, name: name)
    }
}

extension Provider: ShadowWrapper {
    static var shadowWrappedType: Any.Type { Service.self }
    static var shadowKind: String { "provider" }

    static func shadowMake(name: String?, keep: (Container) -> Void, produce: @escaping () -> Any) -> Any? {
        let container = Container()
        container.register(Service.self, name: name) { _ in produce() as! Service }
        keep(container)
        return container.resolve(Provider<Service>.self, name: name)
    }
}
