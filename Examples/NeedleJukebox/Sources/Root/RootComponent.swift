import NeedleFoundation
import UIKit

/// The root of the component tree: what it builds once (`shared`) lives as long as it does.
final class RootComponent: BootstrapComponent {
    public var analytics: Analytics {
        shared { AnalyticsClient(endpoint: "https://analytics.example.com") }
    }

    public var tokenStore: TokenStore {
        KeychainTokenStore(service: "jukebox")
    }

    public var session: Session {
        shared { UserSession(tokenStore: tokenStore) }
    }

    public var apiClient: APIClient {
        shared { HTTPAPIClient(session: session, analytics: analytics) }
    }

    var rootViewController: UIViewController {
        RootViewController(
            analytics: analytics, libraryBuilder: libraryComponent, playerBuilder: playerComponent,
            searchBuilder: searchComponent, settingsBuilder: settingsComponent)
    }

    var libraryComponent: LibraryComponent { LibraryComponent(parent: self) }
    var playerComponent: PlayerComponent { PlayerComponent(parent: self) }
    var searchComponent: SearchComponent { SearchComponent(parent: self) }
    var settingsComponent: SettingsComponent { SettingsComponent(parent: self) }
}
