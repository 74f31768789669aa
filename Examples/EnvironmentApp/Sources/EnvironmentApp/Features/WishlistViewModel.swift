final class WishlistViewModel {
    typealias Dependencies = HasAPIClient & HasLogger

    private let dependencies: Dependencies

    init(dependencies: Dependencies = AppEnvironment.shared) {
        self.dependencies = dependencies
    }

    func load() {
        dependencies.logger.log("Wishlist appears")
        _ = dependencies.apiClient.get("/Wishlist".lowercased())
    }
}
