import Dependencies

struct SettingsFeature {
    @Dependency(\.featureFlags) var flags

    func run() -> String {
        flags.isNewCheckoutEnabled() ? "new checkout" : "old checkout"
    }
}
