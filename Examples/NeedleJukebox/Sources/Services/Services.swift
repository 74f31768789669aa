import UIKit

protocol Analytics: AnyObject { func track(_ event: String) }
protocol TokenStore: AnyObject { var token: String? { get } }
protocol Session: AnyObject { var isSignedIn: Bool { get } }
protocol APIClient: AnyObject { func get(_ path: String) async throws -> Data }
struct FeatureFlags { var lyrics: Bool }

final class AnalyticsClient: Analytics {
    init(endpoint: String) {}
    func track(_ event: String) {}
}

final class KeychainTokenStore: TokenStore {
    let service: String
    private var cached: String?
    init(service: String) { self.service = service }
    var token: String? { cached }
}

final class UserSession: Session {
    private let tokenStore: TokenStore
    init(tokenStore: TokenStore) { self.tokenStore = tokenStore }
    var isSignedIn: Bool { tokenStore.token != nil }
}

final class HTTPAPIClient: APIClient {
    init(session: Session, analytics: Analytics) {}
    func get(_ path: String) async throws -> Data { Data() }
}

final class AudioPlayer {
    init(queue: PlayQueue, session: Session, analytics: Analytics) {}
}

final class PlayQueue {
    init(player: AudioPlayer) {}
}
