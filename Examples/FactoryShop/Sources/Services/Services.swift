import Foundation
import FactoryKit

protocol Logger: AnyObject {
    func log(_ message: String)
}

final class ConsoleLogger: Logger {
    func log(_ message: String) { print(message) }
}

protocol HTTPClient {
    func get(_ path: String) async throws -> Data
}

final class URLSessionHTTPClient: HTTPClient {
    private let logger: Logger
    init(logger: Logger) { self.logger = logger }
    func get(_ path: String) async throws -> Data {
        logger.log("GET \(path)")
        return Data()
    }
}

struct StubHTTPClient: HTTPClient {
    func get(_ path: String) async throws -> Data { Data() }
}

final class CurrentUser {
    var name = "guest"
}

final class ImageCache {
    private let owner: CurrentUser
    private let client: HTTPClient
    init(owner: CurrentUser, client: HTTPClient) {
        self.owner = owner
        self.client = client
    }
}

final class CartService {
    private let pricing: PricingService
    init(pricing: PricingService) { self.pricing = pricing }
}

final class PricingService {
    private let cart: CartService
    init(cart: CartService) { self.cart = cart }
}

protocol AnalyticsTracking {
    func track(_ event: String)
}

protocol CrashReporting {
    func record(_ error: Error)
}

struct ConsoleCrashReporter: CrashReporting {
    func record(_ error: Error) { print(error) }
}

/// Profile and settings refer to each other, but only on first use: no cycle while building.
final class ProfileStore {
    @LazyInjected(\.settingsStore) var settings: SettingsStore
}

final class SettingsStore {
    @LazyInjected(\.profileStore) var profile: ProfileStore
}

final class SearchModel {
    let query: String
    private let client: HTTPClient
    init(query: String, client: HTTPClient) {
        self.query = query
        self.client = client
    }
}
