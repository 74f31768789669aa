import ShopCore
import Swinject

/// The widget runs in its own process with its own container: it registers what it needs.
final class WidgetContainer {
    static let shared = WidgetContainer()
    let container = Container()

    init() {
        container.register(APIClient.self) { _ in HTTPAPIClient() }.inObjectScope(.container)
        container.register(Store.self, name: StoreName.primary) { _ in DiskStore(directory: "primary") }
    }
}
