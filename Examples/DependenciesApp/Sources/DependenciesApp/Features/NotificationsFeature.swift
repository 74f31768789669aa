import Dependencies

struct NotificationsFeature {
    @Dependency(\.logger) var logger

    func run() { logger.log("Notifications") }
}
