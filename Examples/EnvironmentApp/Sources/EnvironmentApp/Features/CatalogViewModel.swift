final class CatalogViewModel {
    typealias Dependencies = HasAPIClient & HasLogger

    private let dependencies: Dependencies

    init(dependencies: Dependencies = AppEnvironment.shared) {
        self.dependencies = dependencies
    }

    func load() {
        dependencies.logger.log("Catalog appears")
        _ = dependencies.apiClient.get("/Catalog".lowercased())
    }
}
