import Foundation
import ShopCore
import Swinject

/// The app's composition root.
final class AppContainer {
    static let shared = AppContainer()
    let container = Container()

    init() {
        // Run-time alternatives: one branch runs, never both.
        if ProcessInfo.processInfo.arguments.contains("-ui-testing") {
            container.register(APIClient.self) { _ in StubAPIClient() }.inObjectScope(.container)
        } else {
            container.register(APIClient.self) { _ in HTTPAPIClient() }.inObjectScope(.container)
        }
        container.register(Store.self, name: StoreName.primary) { _ in DiskStore(directory: "primary") }
            .inObjectScope(.container)
        container.register(Store.self, name: StoreName.cache) { _ in DiskStore(directory: "cache") }
            .inObjectScope(.container)
        container.register(PriceFormatter.self) { _ in PriceFormatter() }
        container.register(CatalogService.self) { r in
            CatalogService(api: r.resolve(APIClient.self)!, store: r.resolve(Store.self, name: StoreName.primary)!)
        }
        // The factory is used to build the engine, not kept by it.
        container.register(SyncFactory.self) { _ in SyncFactory() }
        container.register(SyncEngine.self) { r in
            let factory = r.resolve(SyncFactory.self)!
            return factory.makeEngine(store: r.resolve(Store.self, name: StoreName.cache)!)
        }.inObjectScope(.container)
    }
}

/// SwiftUI previews build a container of their own.
enum PreviewContainer {
    static func make() -> Container {
        let container = Container()
        container.register(APIClient.self) { _ in StubAPIClient() }
        return container
    }
}
