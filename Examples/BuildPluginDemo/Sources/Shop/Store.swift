/// Plain Swift singletons, no framework: each one's default argument reaches for the other's
/// `shared` instance while it is being built. The first `Cart.shared` never returns.
public final class Cart: Sendable {
    public static let shared = Cart()
    let pricing: Pricing
    init(pricing: Pricing = Pricing.shared) { self.pricing = pricing }
}

public final class Pricing: Sendable {
    public static let shared = Pricing()
    let cart: Cart
    init(cart: Cart = Cart.shared) { self.cart = cart }
}
