import FactoryKit

final class ProductDetailViewModel {
    @Injected(\.logger) private var logger
    @Injected(\.httpClient) private var client

    func appear() {
        logger.log("ProductDetail appeared")
    }
}
