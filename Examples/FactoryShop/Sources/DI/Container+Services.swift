import FactoryKit

extension Scope {
    /// One instance per signed-in user: reset on sign-out.
    static let session = Cached()
}

extension Container {
    var logger: Factory<Logger> {
        self { ConsoleLogger() }.singleton
    }

    var httpClient: Factory<HTTPClient> {
        self { URLSessionHTTPClient(logger: self.logger()) }.singleton
    }

    var currentUser: Factory<CurrentUser> {
        self { CurrentUser() }.scope(.session)
    }

    var imageCache: Factory<ImageCache> {
        self { ImageCache(owner: self.currentUser(), client: self.httpClient()) }.singleton
    }

    var cartService: Factory<CartService> {
        self { CartService(pricing: self.pricingService()) }
    }

    var pricingService: Factory<PricingService> {
        self { PricingService(cart: self.cartService()) }
    }

    var analytics: Factory<AnalyticsTracking?> {
        promised()
    }

    var crashReporter: Factory<CrashReporting?> {
        promised()
    }

    var profileStore: Factory<ProfileStore> {
        self { ProfileStore() }.shared
    }

    var settingsStore: Factory<SettingsStore> {
        self { SettingsStore() }.shared
    }

    var search: ParameterFactory<String, SearchModel> {
        self { SearchModel(query: $0, client: self.httpClient()) }
            .onPreview { _ in SearchModel(query: "preview", client: StubHTTPClient()) }
    }
}

extension Container: @retroactive AutoRegistering {
    public func autoRegister() {
        crashReporter.register { ConsoleCrashReporter() }
    }
}
