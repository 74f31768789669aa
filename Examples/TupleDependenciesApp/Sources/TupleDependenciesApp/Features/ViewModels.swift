/// Seed 002: each view model's dependencies are one tuple; its registration resolves the elements.
final class FeedViewModel {
    typealias Dependency = (APIClientProtocol, LoggerProtocol, DatabaseProtocol)
    let (apiClient, logger, database): Dependency
    let id: String
    init(dependency: Dependency, id: String) {
        (apiClient, logger, database) = dependency
        self.id = id
    }
}

final class HomeViewModel {
    typealias Dependency = (APIClientProtocol, LoggerProtocol)
    let (apiClient, logger): Dependency
    init(dependency: Dependency) { (apiClient, logger) = dependency }
}

final class SearchViewModel {
    typealias Dependency = (APIClientProtocol, LoggerProtocol)
    let (apiClient, logger): Dependency
    init(dependency: Dependency) { (apiClient, logger) = dependency }
}

final class ProfileViewModel {
    typealias Dependency = (APIClientProtocol, LoggerProtocol)
    let (apiClient, logger): Dependency
    init(dependency: Dependency) { (apiClient, logger) = dependency }
}

final class SettingsViewModel {
    typealias Dependency = (APIClientProtocol, LoggerProtocol)
    let (apiClient, logger): Dependency
    init(dependency: Dependency) { (apiClient, logger) = dependency }
}

final class OrdersViewModel {
    typealias Dependency = (APIClientProtocol, LoggerProtocol)
    let (apiClient, logger): Dependency
    init(dependency: Dependency) { (apiClient, logger) = dependency }
}

final class CartViewModel {
    typealias Dependency = (APIClientProtocol, LoggerProtocol)
    let (apiClient, logger): Dependency
    init(dependency: Dependency) { (apiClient, logger) = dependency }
}

final class WishlistViewModel {
    typealias Dependency = (APIClientProtocol, LoggerProtocol)
    let (apiClient, logger): Dependency
    init(dependency: Dependency) { (apiClient, logger) = dependency }
}

final class HelpViewModel {
    typealias Dependency = (LoggerProtocol, UserSession)
    let (logger, session): Dependency
    init(dependency: Dependency) { (logger, session) = dependency }
}

final class NotificationsViewModel {
    typealias Dependency = (LoggerProtocol, UserSession)
    let (logger, session): Dependency
    init(dependency: Dependency) { (logger, session) = dependency }
}
