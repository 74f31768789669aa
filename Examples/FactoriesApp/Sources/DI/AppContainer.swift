import UIKit

/// Lives as long as the app (built once, in `AppDelegate`): its lazy properties are singletons.
final class AppContainer {
    lazy var configuration: Configuration = Configuration(bundle: .main)
    lazy var logger: Logger = ConsoleLogger(level: configuration.logLevel)
    lazy var api: APIClient = HTTPAPIClient(baseURL: configuration.baseURL, logger: logger)
    lazy var store: Store = Store(api: api)
    lazy var imageCache: ImageCache = ImageCache(api: api)
    lazy var analytics: Analytics = Analytics(session: makeSession(), logger: logger)

    /// A new session for each caller: whoever keeps one keeps that user's.
    func makeSession() -> Session {
        Session(api: api, user: currentUser)
    }

    var currentUser: User = .guest

    func makeRootViewController() -> UIViewController {
        let tabs = TabBarController()
        tabs.viewControllers = [makeCatalogViewController(), makeAccountViewController()]
        return tabs
    }

    /// A scene's own container, one per call.
    func makeSceneContainer(for scene: UIScene) -> SceneContainer {
        SceneContainer(scene: scene, app: self)
    }
}
