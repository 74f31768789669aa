protocol APIClientProtocol { }
class APIClient: APIClientProtocol { }
protocol LoggerProtocol { }
class Logger: LoggerProtocol { }
protocol DatabaseProtocol { }
class Database: DatabaseProtocol { }

class MyViewModel {
    typealias Dependency = (
        APIClientProtocol,
        LoggerProtocol,
        DatabaseProtocol
    )
    let (apiClient, logger, database): Dependency
    let id: String
    init(dependency: Dependency, id: String) {
        (apiClient, logger, database) = dependency
        self.id = id
    }
}
