final class SearchViewModel {
    typealias Dependencies = HasAPIClient & HasLogger

    private let dependencies: Dependencies

    init(dependencies: Dependencies = AppEnvironment.shared) {
        self.dependencies = dependencies
    }

    func load() {
        dependencies.logger.log("Search appears")
        _ = dependencies.apiClient.get("/Search".lowercased())
    }
}
