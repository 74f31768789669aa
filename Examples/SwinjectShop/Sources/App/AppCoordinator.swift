import UIKit
import Swinject

/// Pushes screens; resolves each screen's view model when the screen is shown.
final class AppCoordinator {
    private let resolver: Resolver
    private let navigationController: UINavigationController

    init(resolver: Resolver, navigationController: UINavigationController) {
        self.resolver = resolver
        self.navigationController = navigationController
    }

    func showProduct(id: String) {
        let viewModel = resolver.resolve(ProductDetailViewModel.self, argument: id)!
        navigationController.pushViewController(ProductDetailViewController(viewModel: viewModel), animated: true)
    }

    func showCart() {
        let viewModel = resolver.resolve(CartViewModel.self)!
        navigationController.pushViewController(CartViewController(viewModel: viewModel), animated: true)
    }
}
