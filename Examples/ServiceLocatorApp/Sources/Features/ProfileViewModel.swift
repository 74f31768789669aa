import Foundation
import UIKit

/// Stored properties filled straight from the locator.
final class ProfileViewModel {
    private let userSession: UserSessionProtocol = ServiceLocator.shared.autoResolve()
    private let userService: UserService
    @Dependency var analytics: AnalyticsTracking

    private(set) var userName: String?

    init(userService: UserService = UserService()) {
        self.userService = userService
    }

    func load(avatarInto imageView: UIImageView) {
        analytics.track(screen: "profile")
        guard userSession.isValid else { return }
        userService.getUserData { [weak self] result in
            self?.userName = try? result.get().name
        }
        imageView.setImageFromURL(URL(string: "https://www.someapi.com/avatar.png")!)
    }
}

final class LoginViewController: UIViewController {
    private let viewModel = LoginViewModel()
    private let profile = ProfileViewModel()
    private let avatar = UIImageView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(avatar)
        viewModel.login(username: "demo", password: "demo") { [weak self] loggedIn in
            guard loggedIn, let self else { return }
            profile.load(avatarInto: avatar)
        }
    }
}
