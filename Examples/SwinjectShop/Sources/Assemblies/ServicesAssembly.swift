import Foundation
import Swinject

final class ServicesAssembly: Assembly {
    func assemble(container: Container) {
        container.register(Database.self, name: "primary") { _ in
            SQLiteDatabase(fileName: "shop.sqlite")
        }.inObjectScope(.container)

        container.register(CatalogService.self) { r in
            RemoteCatalogService(
                apiClient: r.resolve(APIClient.self)!,
                database: r.resolve(Database.self, name: "primary")!
            )
        }.inObjectScope(.container)

        container.register(PricingService.self) { r in
            PricingService(
                apiClient: r.resolve(APIClient.self)!,
                cart: r.resolve(CartService.self)!
            )
        }.inObjectScope(.container)

        container.register(AnalyticsTracking.self) { r in
            AnalyticsService(database: r.resolve(Database.self, name: "analytics")!)
        }.inObjectScope(.container)
    }
}
