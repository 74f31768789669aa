import Foundation
import UIKit

final class ProductDetailViewModel {
    let productID: String
    private let catalog: CatalogService
    private let pricing: PricingService
    private let images: ImageLoading
    private let cart: CartService

    private(set) var product: Product?
    private(set) var image: UIImage?

    init(productID: String, catalog: CatalogService, pricing: PricingService, images: ImageLoading, cart: CartService) {
        self.productID = productID
        self.catalog = catalog
        self.pricing = pricing
        self.images = images
        self.cart = cart
    }

    func load() async {
        product = try? await catalog.product(id: productID)
        if let product { image = try? await images.image(at: product.imageURL) }
    }

    var formattedPrice: String {
        guard let product else { return "–" }
        return "\(pricing.price(for: product)) €"
    }

    func addToCart() {
        if let product { cart.add(product) }
    }
}
