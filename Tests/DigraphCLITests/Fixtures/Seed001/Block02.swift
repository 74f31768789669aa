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
        for child in controller.childViewControllers {
            inject(into: child, data: data)
        }
    }
}
