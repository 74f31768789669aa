final class AddressesViewModel {
    @Dependency(\.logger) var logger

    func appear() { logger.log("Addresses") }
}
