final class SettingsViewModel {
    /// `AppEnvironment` provides no `featureFlags`: a default argument `= AppEnvironment.shared`
    /// would not compile, so the convenience initializer casts, which compiles and traps.
    typealias Dependencies = HasFeatureFlags & HasUserSession & HasLogger

    private let dependencies: Dependencies

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    var showsNewCheckout: Bool { dependencies.featureFlags.newCheckout }
}

extension SettingsViewModel {
    convenience init() {
        self.init(dependencies: AppEnvironment.shared as! Dependencies)
    }
}
