import Dependencies

/// The session and the token refresher each read the other while their live values are built.
struct SessionStore: Sendable {
    var token: String
}

struct TokenRefresher: Sendable {
    var userID: Int
    var currentToken: @Sendable () -> String
}

enum SessionStoreKey: DependencyKey {
    static var liveValue: SessionStore {
        @Dependency(\.tokenRefresher) var refresher
        return SessionStore(token: refresher.currentToken())
    }
}

enum TokenRefresherKey: DependencyKey {
    static var liveValue: TokenRefresher {
        @Dependency(\.sessionStore) var session
        let userID = session.token.count
        return TokenRefresher(userID: userID, currentToken: { "token-\(userID)" })
    }
}

extension DependencyValues {
    var sessionStore: SessionStore {
        get { self[SessionStoreKey.self] }
        set { self[SessionStoreKey.self] = newValue }
    }

    var tokenRefresher: TokenRefresher {
        get { self[TokenRefresherKey.self] }
        set { self[TokenRefresherKey.self] = newValue }
    }
}
