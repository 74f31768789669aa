import Swinject
import SwinjectAutoregistration

final class ServicesAssembly: Assembly {
    func assemble(container: Container) {
        container.autoregister(Configuration.self, initializer: Configuration.init).inObjectScope(.container)
        container.autoregister(RequestBuilding.self, initializer: RequestBuilder.init).inObjectScope(.transient)
        container.autoregister(Networking.self, initializer: Networking.init).inObjectScope(.container)
        container.autoregister(SessionService.self, initializer: SessionService.init).inObjectScope(.container)
        container.autoregister(DataManager.self, initializer: UserDataManager.init(configuration:networking:))
            .inObjectScope(.container)
        container.autoregister(Player.self, initializer: Player.init)
        container.autoregister(Playlist.self, initializer: Playlist.init)
    }
}
