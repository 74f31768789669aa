import NeedleFoundation
import UIKit

/// Two levels below the root: Needle walks up through `LibraryComponent` to `RootComponent`.
protocol PlaylistDependency: Dependency {
    var analytics: Analytics { get }
    var apiClient: APIClient { get }
}

final class PlaylistComponent: Component<PlaylistDependency>, PlaylistBuilder {
    var playlistViewController: UIViewController {
        PlaylistViewController(viewModel: playlistViewModel, analytics: dependency.analytics)
    }

    var playlistViewModel: PlaylistViewModel {
        PlaylistViewModel(api: dependency.apiClient, analytics: dependency.analytics)
    }
}
