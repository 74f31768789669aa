class AViewModelWithSingleton {
    let serviceA = ServiceA.shared
}

protocol ServiceAProtocol {
    func execute()
}

protocol ServiceAContainer {
    var serviceA: ServiceAProtocol { get }
}

class AViewModel {
    typealias Dependencies = ServiceAContainer
    let dependencies: Dependencies
    init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }
}

extension AViewModel {
    struct ADependencies: Dependencies {
        let serviceA: ServiceAProtocol = ServiceA.shared
    }

    convenience init() {
        self.init(dependencies: ADependencies())
    }
}
