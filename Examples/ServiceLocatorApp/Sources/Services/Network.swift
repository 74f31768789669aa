import Foundation
import UIKit

protocol NetworkProtocol {
    func getData(from url: URL, completion: @escaping (Result<Data?, Error>) -> Void)
}

final class Network: NetworkProtocol {
    static let shared = Network()

    private let session = URLSession(configuration: .default)

    func getData(from url: URL, completion: @escaping (Result<Data?, Error>) -> Void) {
        session.dataTask(with: url) { data, _, error in
            if let error {
                completion(.failure(error))
            } else {
                completion(.success(data))
            }
        }.resume()
    }
}

struct User: Codable {
    let name: String
}

final class UserService {
    private let network: NetworkProtocol
    private let jsonDecoder: JSONDecoder

    init(network: NetworkProtocol = Network.shared, jsonDecoder: JSONDecoder = .init()) {
        self.network = network
        self.jsonDecoder = jsonDecoder
    }

    func getUserData(_ completion: @escaping (Result<User, Error>) -> Void) {
        let userServiceURL = URL(string: "https://www.someapi.com/userdata")!
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

extension UIImageView {
    func setImageFromURL(
        _ url: URL,
        network: NetworkProtocol = Network.shared,
        mainQueue: DispatchQueue = .main
    ) {
        network.getData(from: url) { result in
            guard
                let data = try? result.get(),
                let remoteImage = UIImage(data: data)
            else { return }
            mainQueue.async { self.image = remoteImage }
        }
    }
}
