import UIKit

protocol LibraryBuilder { var libraryViewController: UIViewController { get } }
protocol PlaylistBuilder { var playlistViewController: UIViewController { get } }
protocol PlayerBuilder { var playerViewController: UIViewController { get } }
protocol SearchBuilder { var searchViewController: UIViewController { get } }
protocol SettingsBuilder { var settingsViewController: UIViewController { get } }

final class RootViewController: UIViewController {
    init(
        analytics: Analytics, libraryBuilder: LibraryBuilder, playerBuilder: PlayerBuilder, searchBuilder: SearchBuilder,
        settingsBuilder: SettingsBuilder
    ) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}

final class LibraryViewModel { init(api: APIClient, analytics: Analytics) {} }
final class PlaylistViewModel { init(api: APIClient, analytics: Analytics) {} }
final class SearchViewModel { init(api: APIClient, analytics: Analytics) {} }
final class SettingsViewModel { init(session: Session, analytics: Analytics) {} }

final class LibraryViewController: UIViewController {
    init(viewModel: LibraryViewModel, analytics: Analytics, playlistBuilder: PlaylistBuilder) {
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}

final class PlaylistViewController: UIViewController {
    init(viewModel: PlaylistViewModel, analytics: Analytics) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}

final class PlayerViewController: UIViewController {
    init(player: AudioPlayer, analytics: Analytics) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}

final class SearchViewController: UIViewController {
    init(viewModel: SearchViewModel, analytics: Analytics) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}

final class SettingsViewController: UIViewController {
    init(viewModel: SettingsViewModel, flags: FeatureFlags, analytics: Analytics) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}
