final class AccountViewModel {
    @Dependency(\.logger) var logger

    func appear() { logger.log("Account") }
}
