import Dependencies

struct HelpFeature {
    @Dependency(\.logger) var logger

    func run() { logger.log("Help") }
}
