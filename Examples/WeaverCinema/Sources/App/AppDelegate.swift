import UIKit

/// The root: nothing registers `AppDelegate`, so what it registers `.container` lives for the run.
@UIApplicationMain
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    // Must be created before any other annotation is read (Weaver's generated container).
    private let dependencies = MainDependencyContainer.appDelegateDependencyResolver()

    // weaver: logger = Logger

    // weaver: dateFormatter = DateFormatter
    // weaver: dateFormatter.scope = .transient

    // weaver: movieManager = MovieManager <- MovieManaging

    // weaver: downloadManager = DownloadManager <- DownloadManaging
    // weaver: downloadManager.scope = .lazy

    @Weaver(.registration, type: HomeViewController.self)
    private var homeViewController: UIViewController

    func applicationDidFinishLaunching(_ application: UIApplication) {
        window = UIWindow()
        window?.rootViewController = UINavigationController(rootViewController: homeViewController)
        window?.makeKeyAndVisible()
    }
}
