import UIKit
import Swinject

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    /// Every registration lives in an assembly; the app delegate only resolves the root.
    private let assembler = Assembler([
        NetworkAssembly(),
        ServicesAssembly(),
        CheckoutAssembly(),
        ViewModelAssembly(),
    ])
    private var coordinator: AppCoordinator?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let viewModel = assembler.resolver.resolve(CatalogViewModel.self)!
        let navigationController = UINavigationController()
        let coordinator = AppCoordinator(resolver: assembler.resolver, navigationController: navigationController)
        navigationController.viewControllers = [CatalogViewController(viewModel: viewModel, coordinator: coordinator)]
        self.coordinator = coordinator

        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = navigationController
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
