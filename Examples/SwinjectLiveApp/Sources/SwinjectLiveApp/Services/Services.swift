// The app's services. Plain classes: what matters is how the assemblies wire them.

protocol Logging: AnyObject {
    func log(_ message: String)
}

final class ConsoleLogger: Logging {
    func log(_ message: String) {}
}

/// Logs one HTTP exchange; meant to be short-lived.
final class RequestLogger {
    let logger: Logging
    init(logger: Logging) { self.logger = logger }
}

final class Database {
    let name: String
    init(name: String) { self.name = name }
}

final class HTTPClient {
    let logger: Logging
    init(logger: Logging) { self.logger = logger }
}

final class ImageCache {
    let client: HTTPClient
    let requestLogger: RequestLogger
    init(client: HTTPClient, requestLogger: RequestLogger) {
        self.client = client
        self.requestLogger = requestLogger
    }
}

/// The signed-in user: one per session.
final class UserSession {
    let userID = "guest"
}

final class AnalyticsReporter {
    let session: UserSession
    init(session: UserSession) { self.session = session }
}

final class AnalyticsService {
    let database: Database
    init(database: Database) { self.database = database }
}

final class CatalogService {
    let client: HTTPClient
    let database: Database
    init(client: HTTPClient, database: Database) {
        self.client = client
        self.database = database
    }
}

final class CartService {
    let pricing: PricingService
    init(pricing: PricingService) { self.pricing = pricing }
}

final class PricingService {
    let cart: CartService
    init(cart: CartService) { self.cart = cart }
}

final class ProductViewModel {
    let sku: String
    let catalog: CatalogService
    init(sku: String, catalog: CatalogService) {
        self.sku = sku
        self.catalog = catalog
    }
}

/// Where a feature reads its content from.
final class DataSource {
    let name: String
    init(name: String) { self.name = name }
}

final class FeatureModule {
    let name: String
    let source: DataSource
    init(name: String, source: DataSource) {
        self.name = name
        self.source = source
    }
}
