final class ProductViewModel {
    @Dependency(\.logger) var logger

    func appear() { logger.log("Product") }
}
