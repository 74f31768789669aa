final class LoginViewModelTests: XCTestCase {
    func test_something() {
        // Given
        let sut: LoginViewModel = .init(
            environment: .mocking(
                loginService: LoginServiceMock(),
                userSession: UserSessionMock()
            )
        )
       _ = sut // ... Test your stuff!
   }
}
