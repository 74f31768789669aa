import FactoryKit

final class HelpViewModel {
    @Injected(\.logger) private var logger

    func appear() {
        logger.log("Help appeared")
    }
}
