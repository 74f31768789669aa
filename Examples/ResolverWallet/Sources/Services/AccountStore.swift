import Resolver

/// An application-wide store of the user's accounts.
final class AccountStore {
    @Injected private var storage: SecureStorage
    // Planted: the application-scoped store keeps the token of the session it was built in.
    @Injected private var token: SessionToken

    func refresh() {
        _ = token.value
    }
}
