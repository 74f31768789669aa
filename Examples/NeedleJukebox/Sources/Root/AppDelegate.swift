import NeedleFoundation
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        // Declared by NeedleGenerated.swift, which the generator writes from these components.
        registerProviderFactories()
        let root = RootComponent()
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = root.rootViewController
        window?.makeKeyAndVisible()
        return true
    }
}
