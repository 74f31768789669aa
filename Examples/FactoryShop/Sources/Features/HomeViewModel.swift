import FactoryKit

final class HomeViewModel {
    @Injected(\.logger) private var logger
    @Injected(\.httpClient) private var client

    func appear() {
        logger.log("Home appeared")
    }
}
