import Dependencies

struct AddressesFeature {
    @Dependency(\.logger) var logger

    func run() { logger.log("Addresses") }
}
