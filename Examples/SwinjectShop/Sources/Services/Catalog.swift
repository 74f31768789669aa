import Foundation
import UIKit

struct Product: Codable, Hashable {
    let id: String
    let title: String
    let imageURL: URL
    let basePrice: Decimal
}

protocol CatalogService {
    func products() async throws -> [Product]
    func product(id: String) async throws -> Product
}

final class RemoteCatalogService: CatalogService {
    private let apiClient: APIClient
    private let database: Database

    init(apiClient: APIClient, database: Database) {
        self.apiClient = apiClient
        self.database = database
    }

    func products() async throws -> [Product] {
        let products = try await apiClient.get("products", as: [Product].self)
        for product in products {
            try database.execute("INSERT OR REPLACE INTO products VALUES (?, ?)", [product.id, product.title])
        }
        return products
    }

    func product(id: String) async throws -> Product {
        try await apiClient.get("products/\(id)", as: Product.self)
    }
}

protocol ImageLoading: AnyObject {
    func image(at url: URL) async throws -> UIImage
}

/// Keeps decoded images in memory for the whole session.
final class ImageLoader: ImageLoading {
    private let apiClient: APIClient
    private let logger: RequestLogging
    private let cache = NSCache<NSURL, UIImage>()

    init(apiClient: APIClient, logger: RequestLogging) {
        self.apiClient = apiClient
        self.logger = logger
    }

    func image(at url: URL) async throws -> UIImage {
        if let cached = cache.object(forKey: url as NSURL) { return cached }
        logger.log("GET \(url.absoluteString)")
        let (data, _) = try await URLSession.shared.data(from: url)
        let image = UIImage(data: data) ?? UIImage()
        cache.setObject(image, forKey: url as NSURL)
        return image
    }
}
