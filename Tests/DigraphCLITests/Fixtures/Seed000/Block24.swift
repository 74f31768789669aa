protocol LoginServiceProtocol { /* ... */ }
struct LoginService: LoginServiceProtocol {
    private let urlSession: URLSession
    init(urlSession: URLSession) {
        self.urlSession = urlSession
    }
}

protocol UserSessionProtocol { /* ... */ }
final class UserSession: UserSessionProtocol {
    init() {}
}
