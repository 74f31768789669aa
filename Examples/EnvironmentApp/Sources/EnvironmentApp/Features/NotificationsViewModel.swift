final class NotificationsViewModel {
    typealias Dependencies = HasLogger

    private let dependencies: Dependencies

    init(dependencies: Dependencies = AppEnvironment.shared) {
        self.dependencies = dependencies
    }

    func load() {
        dependencies.logger.log("Notifications appears")
    }
}
