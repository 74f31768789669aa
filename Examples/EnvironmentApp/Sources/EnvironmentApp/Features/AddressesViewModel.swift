final class AddressesViewModel {
    typealias Dependencies = HasAPIClient & HasLogger

    private let dependencies: Dependencies

    init(dependencies: Dependencies = AppEnvironment.shared) {
        self.dependencies = dependencies
    }

    func load() {
        dependencies.logger.log("Addresses appears")
        _ = dependencies.apiClient.get("/Addresses".lowercased())
    }
}
