protocol ServiceBContainer {
    var serviceB: ServiceBProtocol { get }
}
typealias DependencyContainers = ServiceAContainer
    & ServiceBContainer

struct DependencyContainer: DependencyContainers {
    var serviceA: ServiceAProtocol
    var serviceB: ServiceBProtocol
}

let container = DependencyContainer(serviceA: ServiceA.shared,
                                    serviceB: ServiceB.shared)

class BViewModel {
    typealias Dependencies = ServiceBContainer
    let dependencies: Dependencies
    init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }
}

extension BViewModel {
    convenience init() {
        let container = DependencyContainer(serviceA: ServiceA.shared,
                                            serviceB: ServiceB.shared)
        self.init(dependencies: container)
    }
}

final class ServiceA: ServiceAProtocol {
    static let shared = ServiceA()
    func execute() {}
}

final class ServiceB: ServiceBProtocol {
    static let shared = ServiceB()
}
