import Foundation

struct CartLine: Hashable {
    let product: Product
    var quantity: Int
}

final class CartService {
    private let database: Database
    private let pricing: PricingService
    private(set) var lines: [CartLine] = []

    init(database: Database, pricing: PricingService) {
        self.database = database
        self.pricing = pricing
    }

    func add(_ product: Product) {
        if let index = lines.firstIndex(where: { $0.product == product }) {
            lines[index].quantity += 1
        } else {
            lines.append(CartLine(product: product, quantity: 1))
        }
        try? database.execute("INSERT INTO cart (product_id) VALUES (?)", [product.id])
    }

    var total: Decimal {
        lines.reduce(0) { $0 + pricing.price(for: $1.product) * Decimal($1.quantity) }
    }
}

/// Prices depend on what else is in the cart (bundles, volume discounts).
final class PricingService {
    private let apiClient: APIClient
    private let cart: CartService

    init(apiClient: APIClient, cart: CartService) {
        self.apiClient = apiClient
        self.cart = cart
    }

    func price(for product: Product) -> Decimal {
        let sameProduct = cart.lines.first { $0.product == product }?.quantity ?? 0
        return sameProduct >= 3 ? product.basePrice * 0.9 : product.basePrice
    }
}
