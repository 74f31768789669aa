/// A test or preview environment provides only what the profile needs.
struct PreviewEnvironment: HasUserSession, HasImageCache {
    let userSession: UserSession
    let imageCache: ImageCache
}

final class ProfileViewModel {
    typealias Dependencies = HasUserSession & HasImageCache

    private let dependencies: Dependencies

    init(dependencies: Dependencies = AppEnvironment.shared) {
        self.dependencies = dependencies
    }

    var title: String { dependencies.userSession.currentUser.name }
}
