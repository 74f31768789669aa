import UIKit

final class HomeViewController: UIViewController {
    @Weaver(.reference)
    private var logger: Logger

    @Weaver(.reference)
    private var movieManager: MovieManaging

    @WeaverP1(.registration, type: MovieViewController.self, scope: .transient)
    private var movieController: (UInt) -> UIViewController

    // weaver: searchController = SearchViewController <- UIViewController
    // weaver: searchController.scope = .transient

    // weaver: profileController = ProfileViewController <- UIViewController
    // weaver: profileController.scope = .weak

    // weaver: settingsController = SettingsViewController <- UIViewController
    // weaver: settingsController.scope = .transient

    required init(injecting _: HomeViewControllerDependencyResolver) {
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        logger.log("home loaded")
        movieManager.movies { [weak self] movies in
            guard let self, let first = movies.first else { return }
            self.navigationController?.pushViewController(self.movieController(first.id), animated: true)
        }
    }
}

final class SearchViewController: UIViewController {
    // weaver: logger <- Logger
    // weaver: movieManager <- MovieManaging

    required init(injecting _: SearchViewControllerDependencyResolver) {
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
}
