import Dependencies

struct CatalogFeature {
    @Dependency(\.logger) var logger

    func run() { logger.log("Catalog") }
}
