import DigraphCore
import DigraphScanner
import Testing

/// Weaver (scribd/Weaver): `// weaver:` annotations read from comments (trivia, never text
/// elsewhere) and `@Weaver` property wrappers; references resolved by the types that register the
/// annotated type.
@Suite struct WeaverExtractorTests {
    /// The shape of Weaver's sample: `AppDelegate` registers, the screens reference, a screen
    /// registered `.weak` with parameters references what the root registers two levels up.
    static let sample: [(String, String)] = [
        ("Sample/AppDelegate.swift", """
        import UIKit
        import API

        @UIApplicationMain
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            private let dependencies = MainDependencyContainer.appDelegateDependencyResolver()

            @Weaver(.registration, type: Logger.self, scope: .container)
            private var logger: Logger

            @Weaver(.registration, type: MovieManager.self, builder: AppDelegate.makeMovieManager)
            private var movieManager: MovieManaging

            @Weaver(.registration, type: HomeViewController.self)
            @objc private var homeViewController: UIViewController

            // weaver: reviewManager = ReviewManager <- ReviewManaging
            // weaver: reviewManager.scope = .lazy
            // weaver: reviewManager.objc = true

            func applicationDidFinishLaunching(_ application: UIApplication) {
                window?.rootViewController = homeViewController
            }
        }
        """),
        ("Sample/HomeViewController.swift", """
        import UIKit

        final class HomeViewController: UIViewController {
            @Weaver(.reference, platforms: [.iOS])
            private var logger: Logger

            @Weaver(.reference)
            private var movieManager: MovieManaging

            @WeaverP2(.registration, type: MovieViewController.self, scope: .weak)
            private var movieController: (UInt, String) -> UIViewController
        }
        """),
        ("Sample/MovieViewController.swift", """
        import UIKit

        final class MovieViewController: UIViewController {
            // weaver: logger <- Logger
            // weaver: movieID <= UInt
            // weaver: movieTitle <= String

            // weaver: reviewManager <- ReviewManaging

            private let dependencies: MovieViewControllerDependencyResolver

            required init(injecting dependencies: MovieViewControllerDependencyResolver) {
                self.dependencies = dependencies
                super.init(nibName: nil, bundle: nil)
            }

            override func viewDidLoad() {
                dependencies.logger.log(.debug, "loaded \\(dependencies.movieTitle)")
            }
        }
        """),
        ("Sample/ReviewManager.swift", """
        final class ReviewManager: ReviewManaging {
            // weaver: self.isIsolated = false
            @Weaver(.reference)
            private var logger: Logger
        }
        """),
    ]

    @Test func commentsAndPropertyWrappers() throws {
        let app = facts(Self.sample[0].1, path: "Sample/AppDelegate.swift").weaver
        let byName = Dictionary(uniqueKeysWithValues: app.annotations.map { ($0.name, $0) })
        let logger = try #require(byName["logger"])
        #expect(logger.kind == .registration && logger.concreteType == "Logger" && logger.scope == "container")
        #expect(logger.isPropertyWrapper && logger.location.line == 8)
        let manager = try #require(byName["movieManager"])
        #expect(manager.type == "MovieManaging" && manager.concreteType == "MovieManager" && manager.hasBuilder)
        let review = try #require(byName["reviewManager"])
        #expect(review.kind == .registration && review.type == "ReviewManaging" && review.concreteType == "ReviewManager")
        #expect(review.scope == "lazy" && !review.isPropertyWrapper)
        // At the comment itself, not at the declaration after it.
        #expect(review.location.line == 17 && review.location.column == 5)
        #expect(app.types.map(\.name) == ["AppDelegate"])

        let home = facts(Self.sample[1].1).weaver.annotations
        let controller = try #require(home.first { $0.name == "movieController" })
        #expect(controller.kind == .registration && controller.scope == "weak")
        #expect(controller.type == "UIViewController" && controller.concreteType == "MovieViewController")
        #expect(controller.closureParameters == ["UInt", "String"])
        #expect(home.filter { $0.kind == .reference }.map(\.name).sorted() == ["logger", "movieManager"])

        let movie = facts(Self.sample[2].1).weaver
        #expect(movie.annotations.map { "\($0.kind.rawValue) \($0.name): \($0.type)" } == [
            "reference logger: Logger", "parameter movieID: UInt", "parameter movieTitle: String",
            "reference reviewManager: ReviewManaging",
        ])
        #expect(movie.reads.map(\.name) == ["logger", "movieTitle"])
        #expect(movie.reads.allSatisfy { $0.owner == "MovieViewController" && $0.timing == .deferred })
    }

    @Test func referencesResolveThroughTheTypesThatBuildThem() throws {
        let g = graph(Self.sample)
        // Two levels up: MovieViewController <- HomeViewController <- AppDelegate.
        let logger = try #require(g.edge("HomeViewController.movieController", "AppDelegate.logger"))
        #expect(logger.timing == .deferred && !logger.retained)
        #expect(g.edge("HomeViewController.movieController", "AppDelegate.reviewManager") != nil)
        #expect(g.edge("AppDelegate.homeViewController", "AppDelegate.movieManager") != nil)
        #expect(g.edge("AppDelegate.homeViewController", "HomeViewController.movieController")?.timing == .deferred)
        // The root's container builds its `.container` registrations when it is created.
        #expect(g.edge("AppDelegate", "AppDelegate.logger")?.timing == .eager)
        #expect(g.edge("AppDelegate", "AppDelegate.reviewManager")?.timing == .deferred)
        // Lifetimes: a root's container lives for the run; a screen registered `.weak` is weak.
        #expect(g.service("AppDelegate.logger")?.lifetime == .singleton)
        #expect(g.service("AppDelegate.reviewManager")?.lifetime == .singleton)
        #expect(g.service("HomeViewController.movieController")?.lifetime == .weak)
        #expect(g.service("HomeViewController.movieController")?.arguments == ["UInt", "String"])
        #expect(!g.allRequestsForTests.contains { $0.missing })
        #expect(!diagnostics(Self.sample).contains { $0.severity >= .warning })
    }

    @Test func aReferenceNobodyAboveRegistersIsMissing() throws {
        var files = Self.sample
        files[2].1 = files[2].1.replacingOccurrences(
            of: "// weaver: reviewManager <- ReviewManaging", with: "// weaver: reviewManager <- ReviewManaging\n    // weaver: imageCache <- ImageCache")
        let d = diagnostics(files).filter { $0.rule == "missing_registration" }
        let miss = try #require(d.first)
        #expect(d.count == 1)
        #expect(miss.services == ["MovieViewController.imageCache"])
        #expect(miss.message.contains("`AppDelegate -> HomeViewController -> MovieViewController`"), "\(miss.message)")
        #expect(miss.location.line == 9)
        // A type of that name but another type is no provider either.
        files = Self.sample
        files[2].1 = files[2].1.replacingOccurrences(of: "// weaver: logger <- Logger", with: "// weaver: logger <- Logging")
        #expect(diagnostics(files).filter { $0.rule == "missing_registration" }.map(\.services) == [["MovieViewController.logger"]])
    }

    @Test func rootsMustBeRegisteredPublicIsolatedOrTests() {
        let root = """
            final class Orphan {
                // weaver: logger <- Logger
            }
            """
        #expect(diagnostics([("App/Orphan.swift", root)]).map(\.services) == [["Orphan.logger"]])
        for quiet in [
            root.replacingOccurrences(of: "final class", with: "public final class"),
            root.replacingOccurrences(of: "{\n", with: "{\n    // weaver: self.isIsolated = true\n"),
        ] {
            #expect(diagnostics([("App/Orphan.swift", quiet)]).filter { $0.severity >= .warning }.isEmpty, "\(quiet)")
        }
        // Built by hand in a test, with a stub resolver.
        #expect(diagnostics([("AppTests/OrphanTests.swift", "import XCTest\n" + root)]).filter { $0.severity >= .warning }.isEmpty)
    }

    @Test func typesRegisteringEachOtherRecurseAndInitializersKeepWhatTheyStore() throws {
        let d = diagnostics([
            ("Root.swift", """
            final class AppDelegate {
                // weaver: session = Session
                // weaver: formatter = Formatter
                // weaver: formatter.scope = .transient
            }
            """),
            ("Session.swift", """
            final class Session {
                // weaver: player = Player
                // weaver: formatter <- Formatter
                private let formatter: Formatter
                init(injecting dependencies: SessionDependencyResolver) {
                    formatter = dependencies.formatter
                }
            }
            final class Player {
                // weaver: session = Session
            }
            """),
        ])
        let cycle = try #require(d.first { $0.rule == "dependency_cycle" })
        #expect(cycle.services.sorted() == ["Player.session", "Session.player"])
        let captive = try #require(d.first { $0.rule == "scope_mismatch" })
        #expect(captive.services.first == "AppDelegate.session" && captive.services.last == "AppDelegate.formatter")
    }

    @Test(arguments: [
        // In a string literal, not a comment.
        "final class A { let help = \"// weaver: logger <- Logger\" }",
        // Prose in a comment that merely mentions Weaver.
        "final class A {\n    // Weaver: the graph is generated at build time\n}",
        // Outside any type.
        "// weaver: logger <- Logger\nlet x = 1",
        // Another library's `@Weaver` with a key type.
        "final class A { @Weaver(LoggerKey.self) var logger: Logger }",
        // Weaver's generated container and resolvers carry no annotation.
        """
        final class MainDependencyContainer {
            var logger: Logger { return loggerBuilder(nil) }
            fileprivate func appDelegateDependencyResolver() -> AppDelegateDependencyResolver {
                let _self = MainDependencyContainer(provider: provider.copy())
                _ = _self.logger
                return _self
            }
        }
        protocol MovieViewControllerDependencyResolver: AnyObject { var logger: Logger { get } }
        """,
    ])
    func lookAlikes(source: String) {
        let f = facts(source)
        #expect(f.weaver.annotations.isEmpty, "\(f.weaver.annotations)")
        #expect(!diagnostics([("App.swift", source)]).contains { $0.severity >= .warning })
    }
}
