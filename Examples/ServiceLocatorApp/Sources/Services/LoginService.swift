import Foundation

struct LoggedUser {
    let id: String
    let username: String
    let token: String
}

protocol LoginServiceProtocol {
    func login(username: String, password: String, then completion: @escaping (Result<LoggedUser, Error>) -> Void)
}

struct LoginService: LoginServiceProtocol {
    private let urlSession: URLSession

    init(urlSession: URLSession) {
        self.urlSession = urlSession
    }

    func login(username: String, password: String, then completion: @escaping (Result<LoggedUser, Error>) -> Void) {
        var request = URLRequest(url: URL(string: "https://www.someapi.com/login")!)
        request.httpMethod = "POST"
        request.httpBody = try? JSONEncoder().encode(["username": username, "password": password])
        urlSession.dataTask(with: request) { data, _, error in
            if let error { return completion(.failure(error)) }
            completion(.success(LoggedUser(id: "1", username: username, token: String(decoding: data ?? Data(), as: UTF8.self))))
        }.resume()
    }
}

protocol UserSessionProtocol: AnyObject {
    var currentUser: LoggedUser? { get set }
    var isValid: Bool { get }
}

final class UserSession: UserSessionProtocol {
    var currentUser: LoggedUser?
    var isValid: Bool { currentUser?.token.isEmpty == false }

    init() {}
}

/// Screen and event tracking. `ConsoleAnalytics` is the implementation used in development.
protocol AnalyticsTracking {
    func track(screen: String)
}

final class ConsoleAnalytics: AnalyticsTracking {
    func track(screen: String) {
        print("[analytics] screen \(screen)")
    }
}
