import Foundation
import Swinject

final class CheckoutAssembly: Assembly {
    func assemble(container: Container) {
        container.register(CartService.self) { r in
            CartService(
                database: r.resolve(Database.self, name: "primary")!,
                pricing: r.resolve(PricingService.self)!
            )
        }.inObjectScope(.container)

        // The processor and the checkout service reference each other. The back edge is set in
        // initCompleted, after both exist, so Swinject can build them without recursing.
        container.register(PaymentProcessor.self) { r in
            StripePaymentProcessor(apiClient: r.resolve(APIClient.self)!)
        }
        .initCompleted { r, c in
            c.delegate = r.resolve(CheckoutService.self)!
        }
        .inObjectScope(.container)

        container.register(CheckoutService.self) { r in
            CheckoutService(
                cart: r.resolve(CartService.self)!,
                payments: r.resolve(PaymentProcessor.self)!,
                analytics: r.resolve(AnalyticsTracking.self)!
            )
        }.inObjectScope(.container)
    }
}
