import Dependencies

struct OrdersFeature {
    @Dependency(\.logger) var logger

    func run() { logger.log("Orders") }
}
