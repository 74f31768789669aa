final class NotificationsViewModel {
    @Dependency(\.logger) var logger

    func appear() { logger.log("Notifications") }
}
