final class OrdersViewModel {
    @Dependency(\.logger) var logger

    func appear() { logger.log("Orders") }
}
