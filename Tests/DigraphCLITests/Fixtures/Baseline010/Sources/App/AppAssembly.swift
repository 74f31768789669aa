import Swinject

/// One of each defect digraph 0.1.0 reported; `baseline.json` beside `Sources` is what 0.1.0's
/// `digraph check Sources --write-baseline baseline.json` wrote for them.
final class AppAssembly: Assembly {
    func assemble(container: Container) {
        container.register(CartService.self) { r in CartService(pricing: r.resolve(PricingService.self)!) }
        container.register(PricingService.self) { r in PricingService(cart: r.resolve(CartService.self)!) }
        container.register(Analytics.self) { r in Analytics(db: r.resolve(Database.self, name: "analytics")!) }
        container.register(Database.self, name: "primary") { _ in SQLiteDatabase() }
        container.register(ImageCache.self) { r in ImageCache(logger: r.resolve(RequestLogger.self)!) }
            .inObjectScope(.container)
        container.register(RequestLogger.self) { _ in RequestLogger() }.inObjectScope(.transient)
        container.register(Theme.self) { _ in LightTheme() }
        container.register(Theme.self) { _ in DarkTheme() }
        container.register(ProductViewModel.self) { (r, id: String) in ProductViewModel(id: id) }
        container.register(Legacy.self) { _ in Legacy() }
        container.register(Plugin.self, name: pluginName) { _ in Plugin() }
        container.register(Checkout.self) { r in
            Checkout(
                cart: r.resolve(CartService.self)!, pricing: r.resolve(PricingService.self)!,
                analytics: r.resolve(Analytics.self)!, images: r.resolve(ImageCache.self)!,
                theme: r.resolve(Theme.self)!, db: r.resolve(Database.self, name: "primary")!,
                logger: r.resolve(RequestLogger.self)!, legacy: r.resolve(Legacy.self)!)
        }
    }
}
