import UIKit

struct Configuration {
    var baseURL = URL(string: "https://shop.example.com")!
    var logLevel = 1
    init(bundle: Bundle) {}
}

protocol Logger: AnyObject { func log(_ message: String) }
final class ConsoleLogger: Logger {
    init(level: Int) {}
    func log(_ message: String) { print(message) }
}

protocol APIClient: AnyObject {}
final class HTTPAPIClient: APIClient { init(baseURL: URL, logger: Logger) {} }

final class Store {
    let ordersTitle = "Orders"
    init(api: APIClient) {}
}
final class ImageCache { init(api: APIClient) {} }
final class Analytics {
    let session: Session
    init(session: Session, logger: Logger) { self.session = session }
}

struct User { static let guest = User() }
final class Session {
    var isExpired = false
    init(api: APIClient, user: User) {}
}

struct Product: Identifiable { let id: Int }
struct Theme { var background: UIColor = .systemBackground }

final class Router { init(scene: UIScene, logger: Logger) {} }
final class DeepLinkHandler { init(router: Router) {} }
