final class CartViewModel {
    typealias Dependencies = HasCartStore & HasTracker & HasLogger

    private let dependencies: Dependencies

    init(dependencies: Dependencies = AppEnvironment.shared) {
        self.dependencies = dependencies
    }

    func checkout() {
        dependencies.tracker.track("checkout")
        dependencies.logger.log("lines: \(dependencies.cartStore.pricing)")
    }
}
