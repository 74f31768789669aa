import Foundation
import Swinject

final class NetworkAssembly: Assembly {
    func assemble(container: Container) {
        container.register(URLSessionProtocol.self) { _ in
            let configuration = URLSessionConfiguration.default
            configuration.timeoutIntervalForRequest = 20
            return URLSession(configuration: configuration)
        }.inObjectScope(.container)

        container.register(APIClient.self) { r in
            HTTPAPIClient(session: r.resolve(URLSessionProtocol.self)!)
        }.inObjectScope(.container)

        // A new logger for every consumer: loggers carry their own start time.
        container.register(RequestLogging.self) { _ in
            ConsoleRequestLogger()
        }.inObjectScope(.transient)

        container.register(ImageLoading.self) { r in
            ImageLoader(
                apiClient: r.resolve(APIClient.self)!,
                logger: r.resolve(RequestLogging.self)!
            )
        }.inObjectScope(.container)
    }
}
