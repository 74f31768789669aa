import Swinject

/// The `Resolver` handed to factories while probing. It never touches the app's container: every
/// request is looked up in the registrations read by ``SwinjectInspector`` and answered with an
/// instance the ``ProbeEngine`` built itself (the shadow world), or the probe is stopped.
final class ShadowResolver: _Resolver, @unchecked Sendable {
    let engine: ProbeEngine

    init(engine: ProbeEngine) { self.engine = engine }

    func _resolve<Service, Arguments>(
        name: String?, option: ServiceKeyOption? = nil, invoker: @escaping ((Arguments) -> Any) -> Any
    ) -> Service? {
        if let wrapper = Service.self as? ShadowWrapper.Type {
            return engine.resolveWrapper(wrapper, name: name, argumentsType: Arguments.self) as? Service
        }
        let value = engine.resolve(
            serviceType: Service.self, argumentsType: Arguments.self, name: name, hasOption: option != nil
        ) { factory in
            guard let typed = factory as? (Arguments) -> Any else { return nil }
            return invoker(typed)
        }
        return value as? Service
    }
}
