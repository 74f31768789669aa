final class SearchViewModel {
    @Dependency(\.logger) var logger

    func appear() { logger.log("Search") }
}
