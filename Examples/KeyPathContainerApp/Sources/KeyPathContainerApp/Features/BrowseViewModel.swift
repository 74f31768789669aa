final class BrowseViewModel {
    @Dependency(\.logger) var logger

    func appear() { logger.log("Browse") }
}
