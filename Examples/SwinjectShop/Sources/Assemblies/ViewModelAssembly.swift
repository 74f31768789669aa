import Foundation
import Swinject

final class ViewModelAssembly: Assembly {
    func assemble(container: Container) {
        // View models use the default `.graph` scope: one instance per resolve call.
        container.register(CatalogViewModel.self) { r in
            CatalogViewModel(
                catalog: r.resolve(CatalogService.self)!,
                cart: r.resolve(CartService.self)!,
                images: r.resolve(ImageLoading.self)!,
                analytics: r.resolve(AnalyticsTracking.self)!
            )
        }

        container.register(ProductDetailViewModel.self) { (r, productID: String) in
            ProductDetailViewModel(
                productID: productID,
                catalog: r.resolve(CatalogService.self)!,
                pricing: r.resolve(PricingService.self)!,
                images: r.resolve(ImageLoading.self)!,
                cart: r.resolve(CartService.self)!
            )
        }

        container.register(CartViewModel.self) { r in
            CartViewModel(
                cart: r.resolve(CartService.self)!,
                checkout: r.resolve(CheckoutService.self)!
            )
        }.inObjectScope(.graph)
    }
}
