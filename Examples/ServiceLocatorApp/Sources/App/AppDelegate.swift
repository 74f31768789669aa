import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var serviceLocator: ServiceLocatorInterface = ServiceLocator.shared
    var window: UIWindow?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        registerDependencies()

        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = UINavigationController(rootViewController: LoginViewController())
        window.makeKeyAndVisible()
        self.window = window
        return true
    }

    private func registerDependencies() {
        serviceLocator.register(instance: URLSession.shared, forMetaType: URLSession.self)
        serviceLocator.register(
            factory: { resolver in
                let session: URLSession = resolver.autoResolve()
                return LoginService(urlSession: session)
            },
            forMetaType: LoginServiceProtocol.self
        )
        serviceLocator.register(
            factory: UserSession.init,
            forMetaType: UserSessionProtocol.self
        )
    }
}
