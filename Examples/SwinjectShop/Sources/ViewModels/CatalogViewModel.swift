import Foundation
import UIKit

final class CatalogViewModel {
    private let catalog: CatalogService
    private let cart: CartService
    private let images: ImageLoading
    private let analytics: AnalyticsTracking

    private(set) var products: [Product] = []
    var onChange: (() -> Void)?

    init(catalog: CatalogService, cart: CartService, images: ImageLoading, analytics: AnalyticsTracking) {
        self.catalog = catalog
        self.cart = cart
        self.images = images
        self.analytics = analytics
    }

    func load() async {
        products = (try? await catalog.products()) ?? []
        analytics.track("catalog_viewed", properties: ["count": "\(products.count)"])
        onChange?()
    }

    func thumbnail(for product: Product) async -> UIImage? {
        try? await images.image(at: product.imageURL)
    }

    func addToCart(_ product: Product) {
        cart.add(product)
    }
}
