protocol UserSessionProtocol {
    var currentUser: LoggedUser? { get }
    var isValid: Bool { get }
    func login(
        username: String,
        password: String,
        then completion: @escaping (Result<Void, Error>) -> Void
    )
}
extension UserSession: UserSessionProtocol {}

final class SomeViewModelThatNeedsUserSession {
    let userSession: UserSessionProtocol
    init(userSession: UserSessionProtocol) {
        self.userSession = userSession
    }
}
