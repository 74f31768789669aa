import Dependencies

struct ProductFeature {
    @Dependency(\.logger) var logger

    func run() { logger.log("Product") }
}
