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

   // ...
}
