import UIKit

final class MovieViewController: UIViewController {
    // weaver: movieID <= UInt

    // weaver: logger <- Logger

    // weaver: reviewManager <- ReviewManaging

    // weaver: player = PlayerController

    private let dependencies: MovieViewControllerDependencyResolver

    required init(injecting dependencies: MovieViewControllerDependencyResolver) {
        self.dependencies = dependencies
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        dependencies.logger.log("movie \(dependencies.movieID)")
        dependencies.reviewManager.reviews(for: dependencies.movieID) { _ in }
    }
}
