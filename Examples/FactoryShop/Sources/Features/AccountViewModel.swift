import FactoryKit

final class AccountViewModel {
    @Injected(\.logger) private var logger

    func appear() {
        logger.log("Account appeared")
    }
}
