import FactoryKit

final class OrderDetailViewModel {
    @Injected(\.logger) private var logger

    func appear() {
        logger.log("OrderDetail appeared")
    }
}
