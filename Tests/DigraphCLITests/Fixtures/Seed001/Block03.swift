let injector = Injector<Injectable, [[String]]>(callback {(controller, data) in
    controller.data = data
})
if let rootController = window?.rootViewController {
    injector.inject(into: rootController, data: data)
}
