import DigraphCore
import Testing

/// What a factory makes with a static member of a type, typed from that member's declaration in
/// any file of the scan (``StaticProductTypes``), and left unknown when no declaration says.
@Suite struct StaticProductTypingTests {
    static func implementation(of service: String, _ files: [(String, String)]) -> [String]? {
        graph(files).service(service)?.implementation
    }

    static let registrations = """
        container.register(Feed.self) { _ in FeedController.make() }
        container.register(Settings.self) { _ in
            let controller = UIStoryboard.instantiate(of: SettingsController.self)
            return controller
        }
        container.register(Theme.self) { _ in Palette.current }
        container.register(Client.self) { _ in ClientFactory.live() }
        """

    @Test func selfMetatypeArgumentsNamedTypesAndStaticProperties() {
        let files = [
            ("Assembly.swift", Self.registrations),
            ("FeedController.swift", "final class FeedController { static func make() -> Self { Self() } }"),
            ("UIStoryboard+Make.swift", """
            extension UIStoryboard {
                static func instantiate<T: UIViewController>(of type: T.Type, name: String = "") -> T { fatalError() }
            }
            """),
            ("Palette.swift", "enum Palette { static var current: DarkTheme { DarkTheme() } }"),
            ("ClientFactory.swift", "enum ClientFactory { static func live() -> LiveClient? { LiveClient() } }"),
        ]
        #expect(Self.implementation(of: "Feed", files) == ["FeedController"])
        #expect(Self.implementation(of: "Settings", files) == ["SettingsController"])
        #expect(Self.implementation(of: "Theme", files) == ["DarkTheme"])
        #expect(Self.implementation(of: "Client", files) == ["LiveClient"])
    }

    /// No declaration in the scan, overloads that disagree, a generic result not fixed by a
    /// metatype: unknown, never a guess (and never a token in the output). A conventional
    /// self-typed member (`Palette.current`, like `URLSession.shared`) declared nowhere in the scan
    /// holds its own type.
    @Test func whatNoDeclarationSaysStaysUnknown() {
        let files = [
            ("Assembly.swift", Self.registrations),
            ("FeedController.swift", """
            final class FeedController {
                static func make() -> FeedController { FeedController() }
                static func make() -> LegacyFeedController { LegacyFeedController() }
            }
            """),
            ("ClientFactory.swift", "enum ClientFactory { static func live<T>() -> T { fatalError() } }"),
        ]
        #expect(Self.implementation(of: "Feed", files) == [])
        #expect(Self.implementation(of: "Settings", files) == [])
        #expect(Self.implementation(of: "Theme", files) == ["Palette"])
        #expect(Self.implementation(of: "Client", files) == [])
    }

    /// The same typing for every style's values: a Factory factory, a swift-dependencies
    /// `liveValue` (`Self.live()`, `.live` on its declared type), a Needle provider.
    @Test func everyStyleTypesItsValuesTheSameWay() {
        let files = [
            ("Container.swift", """
            import Factory
            extension Container {
                var api: Factory<APIClient> { self { APIClient.live } }
            }
            """),
            ("APIClient.swift", """
            protocol APIClient {}
            extension APIClient { static let live = LiveAPIClient() }
            """),
            ("FeedClient.swift", """
            import Dependencies
            struct FeedClient { var load: () -> [String] }
            extension FeedClient: DependencyKey {
                static let liveValue = Self.live()
                static func live() -> Self { FeedClient(load: { [] }) }
            }
            struct SearchClient { var find: () -> [String] }
            extension SearchClient: DependencyKey {
                static let liveValue: SearchClient = .live
            }
            extension SearchClient { static let live = SearchClient(find: { [] }) }
            extension DependencyValues {
                var feed: FeedClient { get { self[FeedClient.self] } set { self[FeedClient.self] = newValue } }
                var search: SearchClient { get { self[SearchClient.self] } set { self[SearchClient.self] = newValue } }
            }
            """),
            ("RootComponent.swift", """
            import NeedleFoundation
            final class RootComponent: BootstrapComponent {
                var store: Store { shared { StoreFactory.makeStore() } }
            }
            enum StoreFactory { static func makeStore() -> DiskStore { DiskStore() } }
            """),
        ]
        let g = graph(files)
        #expect(g.service("Container.api")?.implementation == ["LiveAPIClient"])
        #expect(g.service("DependencyValues.feed")?.implementation == ["FeedClient"])
        #expect(g.service("DependencyValues.search")?.implementation == ["SearchClient"])
        #expect(g.service("RootComponent.store")?.implementation == ["DiskStore"])
    }

    /// COOKID: `SignInViewController.instantiate(storyboardID:)` is declared `-> Self` in an
    /// extension of a protocol the controller conforms to (in another file).
    @Test func aStaticMemberOfAProtocolTheTypeConformsTo() {
        let files = [
            ("Assembly.swift", """
            container.register(SignIn.self) { _ in
                let controller = SignInViewController.instantiate(storyboardID: "SignIn")
                return controller
            }
            """),
            ("StoryboardBased.swift", """
            protocol StoryboardBased { static func instantiate(storyboardID: String) -> Self }
            extension StoryboardBased where Self: UIViewController {
                static func instantiate(storyboardID: String) -> Self { fatalError() }
            }
            """),
            ("SignInViewController.swift", "class SignInViewController: BaseViewController {}"),
            ("BaseViewController.swift", "class BaseViewController: UIViewController, StoryboardBased {}"),
        ]
        #expect(Self.implementation(of: "SignIn", files) == ["SignInViewController"])
    }

    /// `let x = self.x ?? Impl(…)`, `let x: P = …`: each side of `??` is what the value may hold.
    @Test func bothSidesOfNilCoalescingAndAnnotatedLocals() {
        let files = [
            ("Assembly.swift", """
            final class AppAssembly {
                var cachedStore: Store?
                func assemble(container: Container) {
                    container.register(Store.self) { _ in
                        let store = self.cachedStore ?? DiskStore()
                        return store
                    }
                    container.register(Feed.self) { _ in
                        let feed: Feed = RemoteFeed()
                        return feed
                    }
                }
            }
            """),
        ]
        #expect(Self.implementation(of: "Store", files) == ["DiskStore"])
        #expect(Self.implementation(of: "Feed", files) == ["RemoteFeed"])
    }
}
