final class ProductViewModel {
    typealias Dependencies = HasAPIClient & HasLogger

    private let dependencies: Dependencies

    init(dependencies: Dependencies = AppEnvironment.shared) {
        self.dependencies = dependencies
    }

    func load() {
        dependencies.logger.log("Product appears")
        _ = dependencies.apiClient.get("/Product".lowercased())
    }
}
