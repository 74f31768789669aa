import Dependencies

struct AccountFeature {
    @Dependency(\.logger) var logger

    func run() { logger.log("Account") }
}
