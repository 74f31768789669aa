import NeedleFoundation
import UIKit

protocol LibraryDependency: Dependency {
    var analytics: Analytics { get }
    var apiClient: APIClient { get }
}

final class LibraryComponent: Component<LibraryDependency>, LibraryBuilder {
    var libraryViewController: UIViewController {
        LibraryViewController(viewModel: libraryViewModel, analytics: dependency.analytics, playlistBuilder: playlistComponent)
    }

    var libraryViewModel: LibraryViewModel {
        LibraryViewModel(api: dependency.apiClient, analytics: dependency.analytics)
    }

    var playlistComponent: PlaylistComponent { PlaylistComponent(parent: self) }
}
