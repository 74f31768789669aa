import Foundation

protocol MovieManaging: AnyObject {
    func movies(_ completion: @escaping ([Movie]) -> Void)
}

final class MovieManager: MovieManaging {
    // weaver: logger <- Logger
    // weaver: dateFormatter <- DateFormatter

    private let dependencies: MovieManagerDependencyResolver
    private let formatter: DateFormatter

    init(injecting dependencies: MovieManagerDependencyResolver) {
        self.dependencies = dependencies
        formatter = dependencies.dateFormatter
    }

    func movies(_ completion: @escaping ([Movie]) -> Void) {
        dependencies.logger.log("fetching movies released before \(formatter.string(from: Date()))")
        completion([])
    }
}
