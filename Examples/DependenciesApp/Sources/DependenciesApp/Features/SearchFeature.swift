import Dependencies

struct SearchFeature {
    @Dependency(\.logger) var logger

    func run() { logger.log("Search") }
}
