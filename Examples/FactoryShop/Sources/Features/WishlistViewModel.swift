import FactoryKit

final class WishlistViewModel {
    @Injected(\.logger) private var logger

    func appear() {
        logger.log("Wishlist appeared")
    }
}
