final class UserSession {
    static let shared = UserSession()

    private(set) var currentUser: LoggedUser?
    var isValid: Bool { currentUser?.token.isEmpty == false }

    private init() {}

    func login(
        username: String,
        password: String,
        then completion: @escaping (Result<Void, Error>) -> Void
    ) {
        dispatchLoginRequest(username: username, password: password) { [weak self] result in
            do {
                let response = try result.get()
                self?.currentUser = .init(id: response.id, username: username, token:
                    response.token)
                completion(.success(()))
            } catch {
                self?.currentUser = nil
                completion(.failure(error))
            }
        }

        private func dispatchLoginRequest(
            username: String,
            password: String,
            then completion: @escaping (Result<LoginResponse, Error>) -> Void
        ) { /* ... */ }
}
