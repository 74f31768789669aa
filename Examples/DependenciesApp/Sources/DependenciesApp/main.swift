import Dependencies

// The app root gives `remoteConfig` its live value before anything reads it.
prepareDependencies { $0.remoteConfig = .live }

let scenario = CommandLine.arguments.dropFirst().first ?? "features"
switch scenario {
case "features":
    HomeFeature().run()
    CatalogFeature().run()
    ProductFeature().run()
    WishlistFeature().run()
    OrdersFeature().run()
    AccountFeature().run()
    AddressesFeature().run()
    NotificationsFeature().run()
    HelpFeature().run()
    SearchFeature().run()
    print(try await ProfileFeature().run())
case "missing":
    // `featureFlags` has no live value: swift-dependencies reports it and falls back.
    print(SettingsFeature().run())
case "cycle":
    // Building the session builds the refresher, which builds the session…
    print(SessionFeature().run())
default:
    print("usage: DependenciesApp [features|missing|cycle]")
}
