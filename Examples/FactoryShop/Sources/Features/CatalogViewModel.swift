import FactoryKit

final class CatalogViewModel {
    @Injected(\.logger) private var logger
    @Injected(\.httpClient) private var client

    func appear() {
        logger.log("Catalog appeared")
    }
}
