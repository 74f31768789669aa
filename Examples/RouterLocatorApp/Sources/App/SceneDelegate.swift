import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    let routerService = RouterService()

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        routerService.register(dependencyFactory: { HTTPClient() }, forType: HTTPClientProtocol.self)
        routerService.register(dependencyFactory: { FeatureFlag() }, forType: FeatureFlagProtocol.self)
        // Planted: registered again; the store's precondition stops the app here.
        routerService.register(dependencyFactory: { HTTPClient() }, forType: HTTPClientProtocol.self)

        // Look-alikes: a table view's `register` and a string key are not the locator.
        UITableView().register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        _ = String(describing: HomeFeature.self)

        window = UIWindow(windowScene: scene as! UIWindowScene)
        window?.rootViewController = routerService.navigationController(withInitialFeature: HomeFeature.self)
        window?.makeKeyAndVisible()
    }
}
