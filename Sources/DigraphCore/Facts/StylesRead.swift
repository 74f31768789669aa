/// The dependency-injection styles digraph reads, as a user would name them: one list for
/// `digraph --help` and the README's opening (a test holds the README to it, another checks that
/// every style the scanner reports is in it), so that neither names fewer than are read.
public enum StylesRead {
    public struct Group: Sendable {
        /// `Swinject, Resolver, Dip and DITranquillity containers`.
        public var phrase: String
        /// The report's `style` strings the phrase covers (``Registry/style``, and `singleton`).
        public var styles: [String]
    }

    public static let groups: [Group] = [
        Group(
            phrase: "Swinject, Resolver, Dip and DITranquillity containers",
            styles: [Registry.swinject, .resolver, .dip, .ditranquillity].map(\.style)),
        Group(phrase: "Needle components", styles: [Registry.needle.style]),
        Group(phrase: "Weaver annotations", styles: [Registry.weaver.style]),
        Group(phrase: "the Factory library", styles: [Registry.factory.style]),
        Group(phrase: "swift-dependencies", styles: [Registry.swiftDependencies.style]),
        Group(phrase: "key-path containers", styles: [Registry.keyPathContainer.style]),
        Group(phrase: "`Has…` environments", styles: [Registry.hasEnvironment.style]),
        Group(
            phrase: "hand-written service locators, factories and containers",
            styles: [Registry.serviceLocator, .composition].map(\.style)),
        Group(phrase: "protocol injectors", styles: [Registry.injector.style]),
        Group(phrase: "`static let shared` singletons", styles: [singletonStyle]),
    ]

    /// The style of services reached through `Type.shared` (no registry: the type is its own).
    public static let singletonStyle = "singleton"

    /// The groups' phrases as one English list: `A, B, … and Z`.
    public static var sentence: String {
        let phrases = groups.map(\.phrase)
        return phrases.dropLast().joined(separator: ", ") + " and " + phrases.last!
    }
}
