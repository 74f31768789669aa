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

   // ...
}
