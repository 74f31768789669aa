import Dependencies

struct WishlistFeature {
    @Dependency(\.logger) var logger

    func run() { logger.log("Wishlist") }
}
