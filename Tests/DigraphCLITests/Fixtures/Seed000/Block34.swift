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
