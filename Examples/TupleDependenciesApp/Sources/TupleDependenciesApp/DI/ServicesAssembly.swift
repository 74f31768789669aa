import Swinject

/// The services, one instance each for the app's life.
final class ServicesAssembly: Assembly {
    func assemble(container: Container) {
        container.register(LoggerProtocol.self) { _ in Logger() }.inObjectScope(.container)
        container.register(APIClientProtocol.self) { resolver in
            let dependency = (resolver.resolve(SessionStoreProtocol.self)!, resolver.resolve(LoggerProtocol.self)!)
            return APIClient(dependency: dependency)
        }.inObjectScope(.container)
        container.register(SessionStoreProtocol.self) { resolver in
            let dependency = (resolver.resolve(APIClientProtocol.self)!, resolver.resolve(LoggerProtocol.self)!)
            return SessionStore(dependency: dependency)
        }.inObjectScope(.container)
        container.register(UserSession.self) { _ in UserSession(userID: "current") }.inObjectScope(.transient)
        container.register(Analytics.self) { resolver in
            Analytics(dependency: (resolver.resolve(UserSession.self)!, resolver.resolve(LoggerProtocol.self)!))
        }.inObjectScope(.container)
    }
}
