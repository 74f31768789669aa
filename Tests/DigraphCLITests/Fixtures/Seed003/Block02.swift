protocol AuthService {}
enum AuthServiceFactory {
    static func create() -> AuthService {
        AuthServiceImpl()
    }
}
enum LoginScreenFactory {
    static func createLoginScreen() -> UIViewController {
        let authService = AuthServiceFactory.create()
        let loginVM = LoginViewModel(authService: authService)
        return LoginViewController(viewModel: viewModel)
    }
}
let loginVC = LoginScreenFactory.create()
// presenting your screen
