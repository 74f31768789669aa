import FactoryKit

final class OrdersViewModel {
    @Injected(\.logger) private var logger

    func appear() {
        logger.log("Orders appeared")
    }
}
