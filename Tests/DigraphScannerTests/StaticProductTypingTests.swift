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
}
