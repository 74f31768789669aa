protocol LoggerProtocol: AnyObject { func log(_ message: String) }
final class Logger: LoggerProtocol {
    func log(_ message: String) { print(message) }
}

protocol APIClientProtocol: AnyObject { func get(_ path: String) -> String }
final class APIClient: APIClientProtocol {
    typealias Dependency = (SessionStoreProtocol, LoggerProtocol)
    let (sessionStore, logger): Dependency
    init(dependency: Dependency) { (sessionStore, logger) = dependency }
    func get(_ path: String) -> String {
        logger.log("GET \(path) as \(sessionStore.token)")
        return "{}"
    }
}

/// Refreshes its token through the API: the API client needs the store, the store needs the client.
protocol SessionStoreProtocol: AnyObject { var token: String { get } }
final class SessionStore: SessionStoreProtocol {
    typealias Dependency = (APIClientProtocol, LoggerProtocol)
    let (apiClient, logger): Dependency
    var token = "anonymous"
    init(dependency: Dependency) { (apiClient, logger) = dependency }
}

protocol DatabaseProtocol: AnyObject { func save(_ value: String) }
final class Database: DatabaseProtocol {
    func save(_ value: String) {}
}

/// The signed-in user's session: one per resolve.
final class UserSession {
    let userID: String
    var isExpired = false
    init(userID: String) { self.userID = userID }
}

final class Analytics {
    typealias Dependency = (UserSession, LoggerProtocol)
    let (session, logger): Dependency
    init(dependency: Dependency) { (session, logger) = dependency }
    func track(_ event: String) { logger.log("\(session.userID): \(event)") }
}
