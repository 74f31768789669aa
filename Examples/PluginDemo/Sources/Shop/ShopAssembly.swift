import Swinject

// One planted defect: a cycle between the cart and pricing services.
final class ShopAssembly: Assembly {
    func assemble(container: Container) {
        container.register(CartService.self) { r in
            CartService(pricing: r.resolve(PricingService.self)!)
        }.inObjectScope(.container)
        container.register(PricingService.self) { r in
            PricingService(cart: r.resolve(CartService.self)!)
        }.inObjectScope(.container)
    }
}

func start(container: Container) {
    _ = container.resolve(CartService.self)!
}
