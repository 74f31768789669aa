final class ProfileViewModel {
    @Dependency(\.session) var session
    @Dependency(\.analytics) var analytics

    func appear() -> String {
        analytics.track("profile")
        return session.user
    }
}
