import NeedleFoundation
import UIKit

protocol SettingsDependency: Dependency {
    var analytics: Analytics { get }
    var session: Session { get }
    var featureFlags: FeatureFlags { get }
}

final class SettingsComponent: Component<SettingsDependency>, SettingsBuilder {
    var settingsViewController: UIViewController {
        SettingsViewController(viewModel: settingsViewModel, flags: dependency.featureFlags, analytics: dependency.analytics)
    }

    var settingsViewModel: SettingsViewModel {
        SettingsViewModel(session: dependency.session, analytics: dependency.analytics)
    }
}
