import Foundation

final class CartViewModel {
    private let cart: CartService
    private let checkout: CheckoutService

    init(cart: CartService, checkout: CheckoutService) {
        self.cart = cart
        self.checkout = checkout
    }

    var lines: [CartLine] { cart.lines }
    var total: String { "\(cart.total) €" }

    func checkoutTapped() {
        checkout.placeOrder()
    }
}
