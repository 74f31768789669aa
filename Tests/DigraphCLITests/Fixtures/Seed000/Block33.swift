struct LoginViewEnvironment {
    @Dependency var loginService: LoginServiceProtocol
    @Dependency var userSession: UserSessionProtocol
}

final class LoginViewModel {
    private let environment: LoginViewEnvironment
    init(environment: LoginViewEnvironment) {
        self.environment = environment
   }
   // ...
}
