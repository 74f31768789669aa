import Dependencies

struct HomeFeature {
    @Dependency(\.logger) var logger

    func run() { logger.log("Home") }
}
