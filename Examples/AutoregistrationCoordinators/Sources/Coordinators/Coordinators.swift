import UIKit

class BaseCoordinator {
    let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }
}

final class AppCoordinator {
    init(sessionService: SessionService, signIn: SignInCoordinator, dashboard: DashboardCoordinator) {}
}

final class SignInCoordinator {
    init(viewModel: SignInViewModel) {}
}

final class DashboardCoordinator {
    // Planted: nothing registers `Analytics`.
    init(viewModel: DashboardViewModel, dataManager: DataManager, analytics: Analytics) {}
}

final class ArtistCoordinator {
    init(artistID: String, dataManager: DataManager) {}
}

protocol Analytics {}
