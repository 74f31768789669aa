import UIKit

final class ProfileViewController: UIViewController {
    @Weaver(.reference)
    private var logger: Logger

    @Weaver(.reference)
    private var downloadManager: DownloadManaging

    required init(injecting _: ProfileViewControllerDependencyResolver) {
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
}

final class SettingsViewController: UIViewController {
    // weaver: logger <- Logger

    required init(injecting _: SettingsViewControllerDependencyResolver) {
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
}
