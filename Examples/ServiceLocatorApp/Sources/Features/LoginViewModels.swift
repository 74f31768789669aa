import Foundation

/// Optional parameters: tests pass fakes, the app lets the locator fill the gaps.
final class LoginViewModel {
    private let loginService: LoginServiceProtocol
    private let userSession: UserSessionProtocol

    init(
        loginService: LoginServiceProtocol? = nil,
        userSession: UserSessionProtocol? = nil
    ) {
        // if you don't want to expose the ServiceLocator...
        self.loginService = loginService ?? ServiceLocator.shared.autoResolve()
        self.userSession = userSession ?? ServiceLocator.shared.resolve(UserSessionProtocol.self)
    }

    func login(username: String, password: String, then completion: @escaping (Bool) -> Void) {
        loginService.login(username: username, password: password) { [userSession] result in
            userSession.currentUser = try? result.get()
            completion(userSession.isValid)
        }
    }
}

/// Default arguments: the locator shows in the signature.
final class OtherLoginViewModel {
    private let loginService: LoginServiceProtocol
    private let userSession: UserSessionProtocol

    // If you don't mind exposing it...
    init(
        loginService: LoginServiceProtocol = ServiceLocator.shared.autoResolve(),
        userSession: UserSessionProtocol = ServiceLocator.shared.resolve(UserSessionProtocol.self)
    ) {
        self.loginService = loginService
        self.userSession = userSession
    }

    var isLoggedIn: Bool { userSession.isValid }
}

/// Property wrappers: each dependency is resolved on first access.
struct LoginViewEnvironment {
    @Dependency var loginService: LoginServiceProtocol
    @Dependency var userSession: UserSessionProtocol
}

final class EnvironmentLoginViewModel {
    private let environment: LoginViewEnvironment

    init(environment: LoginViewEnvironment = .init()) {
        self.environment = environment
    }

    func logout() {
        environment.userSession.currentUser = nil
    }
}

#if DEBUG
extension LoginViewEnvironment {
    static func mocking(
        loginService: LoginServiceProtocol,
        userSession: UserSessionProtocol
    ) -> Self {
        .init(
            loginService: .resolved(loginService),
            userSession: .resolved(userSession)
        )
    }
}
#endif
