/// The app's one environment: built once, its lazy properties live as long as the app.
final class AppEnvironment: AppDependencies {
    static let shared = AppEnvironment()

    let logger: Logger = Logger(prefix: "shop")
    lazy var apiClient: APIClient = APIClient(baseURL: "https://shop.example", logger: logger)
    lazy var imageCache: ImageCache = ImageCache(apiClient: apiClient)
    lazy var userSession: UserSession = UserSession(apiClient: apiClient)
    lazy var tracker: Tracker = Tracker(session: makeSession(), logger: logger)
    lazy var cartStore: CartStore = CartStore(pricing: pricing, logger: logger)
    lazy var pricing: Pricing = Pricing(cartStore: cartStore)

    /// A session for the user signed in now: each caller gets its own.
    func makeSession() -> Session {
        Session(user: userSession.currentUser)
    }

    private init() {}
}
