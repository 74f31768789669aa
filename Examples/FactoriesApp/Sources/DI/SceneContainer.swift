import UIKit

/// One per scene (`AppContainer.makeSceneContainer(for:)`): its lazy properties live as long as
/// the scene, and may keep the app's singletons.
final class SceneContainer {
    private let scene: UIScene
    private unowned let app: AppContainer

    init(scene: UIScene, app: AppContainer) {
        self.scene = scene
        self.app = app
    }

    lazy var router: Router = Router(scene: scene, logger: app.logger)
    lazy var deepLinks: DeepLinkHandler = DeepLinkHandler(router: router)

    func makeCheckoutViewController() -> CheckoutViewController {
        CheckoutFactory.make()
    }
}
