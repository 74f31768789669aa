final class WishlistViewModel {
    @Dependency(\.logger) var logger

    func appear() { logger.log("Wishlist") }
}
