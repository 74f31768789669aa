import UIKit

/// The composition root: one `AppContainer` for the whole process.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let container = AppContainer()

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = container.makeRootViewController()
        window.makeKeyAndVisible()
        self.window = window
        // Seed 001's injector hands the store to every view controller that asks for it.
        if let root = window.rootViewController {
            storeInjector.inject(into: root, data: container.store)
        }
        return true
    }
}
