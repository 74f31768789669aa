import Dip
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let pilots = try! container.resolve() as PilotsViewModel
        let hangar = try! container.resolve() as HangarViewModel
        _ = (pilots, hangar)
        return true
    }
}
