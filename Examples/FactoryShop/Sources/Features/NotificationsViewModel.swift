import FactoryKit

final class NotificationsViewModel {
    @Injected(\.logger) private var logger

    func appear() {
        logger.log("Notifications appeared")
    }
}
