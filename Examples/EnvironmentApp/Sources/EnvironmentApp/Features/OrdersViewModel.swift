final class OrdersViewModel {
    typealias Dependencies = HasAPIClient & HasLogger

    private let dependencies: Dependencies

    init(dependencies: Dependencies = AppEnvironment.shared) {
        self.dependencies = dependencies
    }

    func load() {
        dependencies.logger.log("Orders appears")
        _ = dependencies.apiClient.get("/Orders".lowercased())
    }
}
