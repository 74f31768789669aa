import Swinject
import SwinjectAutoregistration

final class ViewModelsAssembly: Assembly {
    func assemble(container: Container) {
        container.autoregister(SignInViewModel.self, initializer: SignInViewModel.init)
        container.autoregister(DashboardViewModel.self, initializer: DashboardViewModel.init)
        container.register(ArtistViewModel.self) { (resolver, artistID: String) in
            ArtistViewModel(id: artistID, dataManager: resolver ~> DataManager.self, player: resolver ~> Player.self)
        }
    }
}
