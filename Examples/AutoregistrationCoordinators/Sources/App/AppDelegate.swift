import Swinject
import SwinjectAutoregistration
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    let assembler = Assembler([ServicesAssembly(), ViewModelsAssembly()])
    private var coordinator: AppCoordinator?

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        (assembler.resolver as? Container)?.registerCoordinators()
        coordinator = assembler.resolver ~> AppCoordinator.self
        let artist = assembler.resolver ~> (ArtistCoordinator.self, argument: "artist-42")
        let model = assembler.resolver ~> (ArtistViewModel.self, argument: "artist-42")
        _ = (artist, model)
        return true
    }
}
