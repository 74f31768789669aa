import FactoryKit

final class AddressesViewModel {
    @Injected(\.logger) private var logger

    func appear() {
        logger.log("Addresses appeared")
    }
}
