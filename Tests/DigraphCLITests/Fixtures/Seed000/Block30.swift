final class ViewModelWithoutPropertyWrappers {
    private let loginService: LoginServiceProtocol
    private let userSession: UserSessionProtocol

    init(
        loginService: LoginServiceProtocol? = nil,
        userSession: UserSessionProtocol? = nil
    ) {
        self.loginService = loginService ?? ServiceLocator.shared.autoResolve()!
       self.userSession = userSession ?? ServiceLocator.shared.resolve(UserSessionProtocol.self)!
   }

   // ...
}
