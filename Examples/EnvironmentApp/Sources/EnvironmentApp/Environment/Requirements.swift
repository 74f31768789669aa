/// One protocol per dependency: a consumer composes the ones it needs
/// (`typealias Dependencies = HasAPIClient & HasLogger`) and says nothing about where they come from.
protocol HasLogger { var logger: Logger { get } }
protocol HasAPIClient { var apiClient: APIClient { get } }
protocol HasUserSession { var userSession: UserSession { get } }
protocol HasImageCache { var imageCache: ImageCache { get } }
protocol HasTracker { var tracker: Tracker { get } }
protocol HasCartStore { var cartStore: CartStore { get } }
protocol HasPricing { var pricing: Pricing { get } }
protocol HasFeatureFlags { var featureFlags: FeatureFlags { get } }

/// What the app environment provides, composed from the requirements.
protocol AppDependencies: HasLogger, HasAPIClient, HasUserSession, HasImageCache, HasTracker, HasCartStore, HasPricing {}
