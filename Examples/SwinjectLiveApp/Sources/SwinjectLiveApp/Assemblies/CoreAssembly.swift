import Swinject

extension ObjectScope {
    /// Instances live until the user signs out (`container.resetObjectScope(.session)`).
    static let session = ObjectScope(storageFactory: PermanentStorage.init, description: "session")
}

/// Logging, storage, networking: the app's infrastructure.
final class CoreAssembly: Assembly {
    func assemble(container: Container) {
        container.register(ConsoleLogger.self) { _ in ConsoleLogger() }
            .inObjectScope(.container)
            .implements(Logging.self)
        container.register(RequestLogger.self) { r in
            RequestLogger(logger: r.resolve(Logging.self)!)
        }.inObjectScope(.transient)
        container.register(Database.self, name: "primary") { _ in Database(name: "primary") }
            .inObjectScope(.container)
        container.register(HTTPClient.self) { r in
            HTTPClient(logger: r.resolve(Logging.self)!)
        }.inObjectScope(.container)
        // Planted: a singleton keeps a transient RequestLogger for ever.
        container.register(ImageCache.self) { r in
            ImageCache(
                client: r.resolve(HTTPClient.self)!,
                requestLogger: r.resolve(RequestLogger.self)!
            )
        }.inObjectScope(.container)
        container.register(UserSession.self) { _ in UserSession() }
            .inObjectScope(.session)
        // Planted: a singleton keeps the first user's session after sign-out.
        container.register(AnalyticsReporter.self) { r in
            AnalyticsReporter(session: r.resolve(UserSession.self)!)
        }.inObjectScope(.container)
    }
}
