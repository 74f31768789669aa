protocol NetworkProtocol {
    func getData(from url: URL, completion: (Result<Data?, Error>) -> Void)
}

final class Network: NetworkProtocol {
    static let shared = Network()
    func getData(from url: URL, completion: (Result<Data?, Error>) -> Void) { /* ... */ }
}

struct User: Codable {
    let name: String /* ... */
}

final class UserService {
    private let network: NetworkProtocol
    private let jsonDecoder: JSONDecoder

    init(network: NetworkProtocol = Network.shared, jsonDecoder: JSONDecoder = .init()) {
        self.network = network
        self.jsonDecoder = jsonDecoder
    }

    func getUserData(_ completion: @escaping (Result<User, Error>) -> Void) {
        let userServiceURL = URL(string: "www.someapi.com/userdata")!
        network.getData(from: userServiceURL) { [jsonDecoder] result in
            guard
                let data = try? result.get(),
                let user = try? jsonDecoder.decode(User.self, from: data)
            else {
                completion(.failure(NSError(domain: "UserService", code: -999, userInfo: nil)))
                return
            }
            completion(.success(user))
        }
    }
}
