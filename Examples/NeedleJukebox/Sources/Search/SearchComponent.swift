import NeedleFoundation
import UIKit

protocol SearchDependency: Dependency {
    var analytics: Analytics { get }
    var apiClient: APIClient { get }
}

final class SearchComponent: Component<SearchDependency>, SearchBuilder {
    var searchViewController: UIViewController {
        SearchViewController(viewModel: searchViewModel, analytics: dependency.analytics)
    }

    var searchViewModel: SearchViewModel {
        SearchViewModel(api: dependency.apiClient, analytics: dependency.analytics)
    }
}
