final class HomeViewModel {
    @Dependency(\.logger) var logger

    func appear() { logger.log("Home") }
}
