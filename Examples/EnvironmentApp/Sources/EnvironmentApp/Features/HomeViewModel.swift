final class HomeViewModel {
    typealias Dependencies = HasAPIClient & HasLogger

    private let dependencies: Dependencies

    init(dependencies: Dependencies = AppEnvironment.shared) {
        self.dependencies = dependencies
    }

    func load() {
        dependencies.logger.log("Home appears")
        _ = dependencies.apiClient.get("/Home".lowercased())
    }
}
