import Dependencies

struct FeatureFlags: Sendable {
    var isNewCheckoutEnabled: @Sendable () -> Bool
}

/// Only a test value: nothing gives the app a live one.
extension FeatureFlags: TestDependencyKey {
    static let testValue = FeatureFlags(isNewCheckoutEnabled: { false })
    static let previewValue = FeatureFlags(isNewCheckoutEnabled: { true })
}

struct RemoteConfig: Sendable {
    var banner: String
    static let live = RemoteConfig(banner: "Welcome back")
}

/// No live value either, but the app assigns one at its root (`prepareDependencies`).
enum RemoteConfigKey: TestDependencyKey {
    static let testValue = RemoteConfig(banner: "test")
}

extension DependencyValues {
    var featureFlags: FeatureFlags {
        get { self[FeatureFlags.self] }
        set { self[FeatureFlags.self] = newValue }
    }

    var remoteConfig: RemoteConfig {
        get { self[RemoteConfigKey.self] }
        set { self[RemoteConfigKey.self] = newValue }
    }
}
