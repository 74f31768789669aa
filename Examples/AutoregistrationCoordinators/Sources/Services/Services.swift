import Foundation

struct Configuration {
    let baseURL = URL(string: "https://api.example.com")!
}

protocol RequestBuilding {
    func request(_ path: String) -> URLRequest
}

/// A new builder per use: it keeps per-request state.
final class RequestBuilder: RequestBuilding {
    private var headers: [String: String] = [:]
    init(configuration: Configuration) {}
    func request(_ path: String) -> URLRequest { URLRequest(url: URL(string: path)!) }
}

final class Networking {
    init(configuration: Configuration) {}
}

final class SessionService {
    private let networking: Networking
    // Planted: a singleton keeping the one transient builder it was built with.
    private let builder: RequestBuilding

    init(networking: Networking, builder: RequestBuilding) {
        self.networking = networking
        self.builder = builder
    }
}

protocol DataManager: AnyObject {}

final class UserDataManager: DataManager {
    init(configuration: Configuration, networking: Networking) {}
    convenience init(configuration: Configuration) {
        self.init(configuration: configuration, networking: Networking(configuration: configuration))
    }
}
