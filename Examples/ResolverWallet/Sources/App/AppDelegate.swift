import Resolver
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    @Injected private var pincode: PincodeStorage

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let home: HomeViewModel = Resolver.resolve()
        let send: SendViewModel = Resolver.resolve()
        _ = (home, send)
        // Look-alikes: a table view's `register` and a collection's `resolve` are not Resolver's.
        UITableView().register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        return true
    }
}
