final class HelpViewModel {
    @Dependency(\.logger) var logger

    func appear() { logger.log("Help") }
}
