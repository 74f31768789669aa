final class Logger {
    let prefix: String
    init(prefix: String) { self.prefix = prefix }
    func log(_ message: String) { print("[\(prefix)] \(message)") }
}

final class APIClient {
    let baseURL: String
    let logger: Logger
    init(baseURL: String, logger: Logger) {
        self.baseURL = baseURL
        self.logger = logger
    }
    func get(_ path: String) -> String {
        logger.log("GET \(baseURL)\(path)")
        return "{}"
    }
}

final class ImageCache {
    let apiClient: APIClient
    init(apiClient: APIClient) { self.apiClient = apiClient }
}

struct User { var name: String }

final class UserSession {
    let apiClient: APIClient
    var currentUser = User(name: "guest")
    init(apiClient: APIClient) { self.apiClient = apiClient }
}

/// One user's session: whoever keeps it keeps that user.
final class Session {
    let user: User
    init(user: User) { self.user = user }
}

final class Tracker {
    let session: Session
    let logger: Logger
    init(session: Session, logger: Logger) {
        self.session = session
        self.logger = logger
    }
    func track(_ event: String) { logger.log("\(session.user.name): \(event)") }
}

/// The cart prices its lines, and the pricing reads the cart for bundle discounts.
final class CartStore {
    let pricing: Pricing
    let logger: Logger
    init(pricing: Pricing, logger: Logger) {
        self.pricing = pricing
        self.logger = logger
    }
}

final class Pricing {
    let cartStore: CartStore
    init(cartStore: CartStore) { self.cartStore = cartStore }
}

struct FeatureFlags { var newCheckout = false }
