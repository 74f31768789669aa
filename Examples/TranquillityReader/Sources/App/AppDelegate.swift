import DITranquillity
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    let container = DIContainer()

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        container.append(framework: AppFramework.self)
        let readme: ReadmePresenter = container.resolve()
        let history: HistoryPresenter = container.resolve()
        let coordinator: ReaderCoordinator = container.resolve()
        _ = (readme, history, coordinator)
        return true
    }
}
