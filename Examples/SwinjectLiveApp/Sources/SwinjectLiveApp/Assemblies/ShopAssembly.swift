import Swinject

/// The shop's services and view models.
final class ShopAssembly: Assembly {
    func assemble(container: Container) {
        container.register(CatalogService.self) { r in
            CatalogService(
                client: r.resolve(HTTPClient.self)!,
                database: r.resolve(Database.self, name: "primary")!
            )
        }
        // Planted: CartService and PricingService need each other while being built.
        container.register(CartService.self) { r in
            CartService(pricing: r.resolve(PricingService.self)!)
        }
        container.register(PricingService.self) { r in
            PricingService(cart: r.resolve(CartService.self)!)
        }
        // Planted: nothing registers Database#analytics.
        container.register(AnalyticsService.self) { r in
            AnalyticsService(database: r.resolve(Database.self, name: "analytics")!)
        }
        container.register(ProductViewModel.self) { (r: Resolver, sku: String) in
            ProductViewModel(sku: sku, catalog: r.resolve(CatalogService.self)!)
        }
    }
}
