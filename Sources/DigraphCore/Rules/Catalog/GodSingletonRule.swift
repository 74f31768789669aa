public struct GodSingletonRule: Rule {
    public static let defaultThreshold = 10

    public static let description = RuleDescription(
        id: "god_singleton", name: "God singleton", defaultSeverity: .warning,
        summary: "A singleton that too many distinct services and types depend on.",
        rationale: """
            Fan-in counts distinct services and types that reach the singleton, through DI edges and \
            direct `Type.shared` uses; uses from the singleton's own file do not count, and neither do \
            uses from test code unless `count_tests: true`. A wrapped property declared and never read in its \
            type (`@Injected(\\.logger) var logger` and no `logger` after it) is not a use. Tune with `threshold` (default 10) and \
            exempt reviewed singletons with `allow`. A registration that only forwards to the \
            singleton is another name for it, and reaching a container's singleton only to resolve \
            from it (`DIContainer.shared.resolve()`) is a use of what is resolved: neither counts.
            """,
        defaultThreshold: defaultThreshold,
        triggeringExamples: [
            RuleExample(
                files: [
                    ("Logger.swift", "final class Logger {\n    static let ↓shared = Logger()\n}"),
                    ("Features.swift", """
                    final class Cart { let log = Logger.shared }
                    final class Checkout { let log = Logger.shared }
                    final class Profile { func save() { Logger.shared.write() } }
                    """),
                ], options: RuleOptions(threshold: 3)),
            // Twin of the never-read wrappers below: each type reads the logger.
            RuleExample(
                files: [
                    ("Container.swift", """
                    extension Container {
                        var ↓logger: Factory<Logger> { self { Logger() }.singleton }
                    }
                    """),
                    ("Features.swift", """
                    final class Cart { @Injected(\\.logger) private var logger; func add() { logger.log("add") } }
                    final class Checkout { @Injected(\\.logger) private var logger; func pay() { logger.log("pay") } }
                    final class Profile { @Injected(\\.logger) private var logger; func save() { logger.log("save") } }
                    """),
                ], options: RuleOptions(threshold: 3)),
            // Twin of molio's locator below: the types keep the container itself.
            RuleExample(
                files: [
                    ("DIContainer.swift", """
                    final class DIContainer {
                        static let ↓shared = DIContainer()
                        private var factories: [String: () -> Any] = [:]
                        func register<T>(_ type: T.Type, factory: @escaping () -> Any) { factories["\\(type)"] = factory }
                        func resolve<T>() -> T { factories["\\(T.self)"]!() as! T }
                    }
                    """),
                    ("Features.swift", """
                    final class Cart { let api: APIClient = DIContainer.shared.api }
                    final class Checkout { let api: APIClient = DIContainer.shared.api }
                    final class Profile { let api: APIClient = DIContainer.shared.api }
                    """),
                ], options: RuleOptions(threshold: 3)),
            // Twin of trackee's bridge below: each factory builds its own use case with it.
            RuleExample(
                files: [
                    ("KMPDependency.swift", """
                    extension Container {
                        var ↓kmp: Factory<KoinBridge> { self { KoinBridge() }.singleton }
                    }
                    """),
                    ("KMPUseCases.swift", """
                    extension Container {
                        var addProject: Factory<AddProjectUseCase> { self { AddProjectUseCase(bridge: self.kmp()) } }
                        var listProjects: Factory<ListProjectsUseCase> { self { ListProjectsUseCase(bridge: self.kmp()) } }
                        var deleteProject: Factory<DeleteProjectUseCase> { self { DeleteProjectUseCase(bridge: self.kmp()) } }
                    }
                    final class ProjectsView {
                        @Injected(\\.addProject) var add
                        @Injected(\\.listProjects) var list
                        @Injected(\\.deleteProject) var delete
                        func load() { add.run(); list.run(); delete.run() }
                    }
                    """),
                ], options: RuleOptions(threshold: 3)),
            // Twin of ios-monorepo's key below: with a `liveValue` the library builds one, once.
            RuleExample(
                files: [
                    ("APIClient.swift", """
                    struct APIClient { var fetch: () -> Void }
                    enum APIClientKey: DependencyKey {
                        static let liveValue = APIClient(fetch: {})
                        static let testValue = APIClient(fetch: {})
                    }
                    extension DependencyValues {
                        var ↓api: APIClient { get { self[APIClientKey.self] } set { self[APIClientKey.self] = newValue } }
                    }
                    """),
                    ("Features.swift", """
                    struct Feed: Reducer { @Dependency(\\.api) var api; func load() { api.fetch() } }
                    struct Profile: Reducer { @Dependency(\\.api) var api; func load() { api.fetch() } }
                    struct Search: Reducer { @Dependency(\\.api) var api; func load() { api.fetch() } }
                    """),
                ], options: RuleOptions(threshold: 3)),
            // Three reducers, each reading the key in its `State` too: three dependents.
            RuleExample(
                files: [
                    ("Tips.swift", tipsKey(marked: true)),
                    ("Features.swift", """
                    struct Games: Reducer {
                        struct State { @Dependency(\\.tips) var tips; var hint: Bool { tips.show() } }
                        @Dependency(\\.tips) var tips; func load() { _ = tips.show() }
                    }
                    struct Series: Reducer { @Dependency(\\.tips) var tips; func load() { _ = tips.show() } }
                    struct Stats: Reducer { @Dependency(\\.tips) var tips; func load() { _ = tips.show() } }
                    """),
                ], options: RuleOptions(threshold: 3)),
        ],
        nonTriggeringExamples: [
            // A type nested in another is part of it: a reducer and its `State` reading the key
            // are one dependent (approach's lists and their states), two in all here.
            RuleExample(
                files: [
                    ("Tips.swift", tipsKey(marked: false)),
                    ("Features.swift", """
                    struct Games: Reducer {
                        struct State { @Dependency(\\.tips) var tips; var hint: Bool { tips.show() } }
                        @Dependency(\\.tips) var tips; func load() { _ = tips.show() }
                    }
                    struct Series: Reducer {
                        struct State { @Dependency(\\.tips) var tips; var hint: Bool { tips.show() } }
                        @Dependency(\\.tips) var tips; func load() { _ = tips.show() }
                    }
                    """),
                ], options: RuleOptions(threshold: 3)),
            // A wrapped property declared and never read is not a use: these types do not depend
            // on the logger, whatever they declare.
            RuleExample(
                files: [
                    ("Container.swift", """
                    extension Container {
                        var logger: Factory<Logger> { self { Logger() }.singleton }
                    }
                    """),
                    ("Features.swift", """
                    final class Cart { @Injected(\\.logger) private var logger; func add() {} }
                    final class Checkout { @Injected(\\.logger) private var logger; func pay() {} }
                    final class Profile { @Injected(\\.logger) private var logger; func save() {} }
                    """),
                ], options: RuleOptions(threshold: 3)),
            RuleExample(
                files: [
                    ("Logger.swift", """
                    final class Logger {
                        static let shared = Logger()
                    }
                    final class LogFormatter { let log = Logger.shared }
                    final class LogRotation { let log = Logger.shared }
                    """),
                    ("Features.swift", "final class Cart { let log = Logger.shared }"),
                ], options: RuleOptions(threshold: 3)),
            RuleExample(
                files: [
                    ("Logger.swift", "final class Logger {\n    static let shared = Logger()\n}"),
                    ("Features.swift", """
                    final class Cart { let log = Logger.shared }
                    final class Checkout { let log = Logger.shared }
                    final class Profile { let log = Logger.shared }
                    """),
                ], options: RuleOptions(threshold: 3, allow: ["Logger"])),
            // Tests touching the singleton are not dependents of the product.
            RuleExample(
                files: [
                    ("Sources/Favorites.swift", "final class Favorites {\n    static let shared = Favorites()\n}"),
                    ("Sources/Screens.swift", "final class ListScreen { let favorites = Favorites.shared }"),
                    ("Tests/FavoritesTests.swift", """
                    import XCTest
                    final class AddTests: XCTestCase { func testAdd() { Favorites.shared.add(1) } }
                    final class RemoveTests: XCTestCase { func testRemove() { Favorites.shared.remove(1) } }
                    final class ClearTests: XCTestCase { func testClear() { Favorites.shared.clear() } }
                    """),
                ], options: RuleOptions(threshold: 3)),
            // SwiftUI previews run in Xcode's canvas, never in the app (sentinel's `*_Previews`); a
            // registration nothing resolves never runs (Ritualist). Twin: the first triggering example.
            RuleExample(
                files: [
                    ("Logger.swift", "final class Logger {\n    static let shared = Logger()\n}"),
                    ("Features.swift", """
                    import SwiftUI
                    final class Cart { let log = Logger.shared }
                    struct CartView_Previews: PreviewProvider {
                        static var previews: some View { CartView(log: Logger.shared) }
                    }
                    #Preview { CheckoutView(log: Logger.shared) }
                    container.register(Profile.self) { _ in Profile(log: Logger.shared) }
                    """),
                ], options: RuleOptions(threshold: 3)),
            // A Factory container's own `shared` is where its services live, not a singleton service.
            RuleExample(
                files: [
                    ("ShopContainer.swift", """
                    final class ShopContainer: SharedContainer {
                        static let shared = ShopContainer()
                        let manager = ContainerManager()
                        var cart: Factory<Cart> { self { Cart() } }
                    }
                    """),
                    ("Features.swift", """
                    final class CartView { let cart = ShopContainer.shared.cart() }
                    final class CheckoutView { let cart = ShopContainer.shared.cart() }
                    final class BadgeView { let cart = ShopContainer.shared.cart() }
                    """),
                ], options: RuleOptions(threshold: 3)),
            // molio: reaching the locator's singleton only to resolve from it.
            RuleExample(
                files: [
                    ("DIContainer.swift", """
                    final class DIContainer {
                        static let shared = DIContainer()
                        private var factories: [String: () -> Any] = [:]
                        func register<T>(_ type: T.Type, factory: @escaping () -> Any) { factories["\\(type)"] = factory }
                        func resolve<T>() -> T { factories["\\(T.self)"]!() as! T }
                    }
                    """),
                    ("Features.swift", """
                    final class Cart { let api: APIClient = DIContainer.shared.resolve() }
                    final class Checkout { let api: APIClient = DIContainer.shared.resolve() }
                    final class Profile { let api: APIClient = DIContainer.shared.resolve() }
                    """),
                ], options: RuleOptions(threshold: 3)),
            // trackee: registrations forwarding to a bridge to another container are other names
            // for what it hands out.
            RuleExample(
                files: [
                    ("KMPDependency.swift", """
                    extension Container {
                        var kmp: Factory<KoinBridge> { self { KoinBridge() }.singleton }
                    }
                    """),
                    ("KMPUseCases.swift", """
                    extension Container {
                        var addProject: Factory<AddProjectUseCase> { self { self.kmp().getAddProjectUseCase() } }
                        var listProjects: Factory<ListProjectsUseCase> { self { self.kmp().getListProjectsUseCase() } }
                        var deleteProject: Factory<DeleteProjectUseCase> { self { self.kmp().getDeleteProjectUseCase() } }
                    }
                    final class ProjectsView {
                        @Injected(\\.addProject) var add
                        @Injected(\\.listProjects) var list
                        @Injected(\\.deleteProject) var delete
                        func load() { add.run(); list.run(); delete.run() }
                    }
                    """),
                ], options: RuleOptions(threshold: 3)),
            // ios-monorepo: a key with only a `testValue`, given its live value in the root reducer's
            // `.transformDependency(\.self)`, which TCA runs on every action: not one shared value.
            RuleExample(
                files: [
                    ("APIClient.swift", """
                    struct APIClient { var fetch: () -> Void }
                    enum APIClientKey: TestDependencyKey {
                        static let testValue = APIClient(fetch: {})
                    }
                    extension DependencyValues {
                        var api: APIClient { get { self[APIClientKey.self] } set { self[APIClientKey.self] = newValue } }
                    }
                    """),
                    ("Features.swift", """
                    struct Feed: Reducer { @Dependency(\\.api) var api; func load() { api.fetch() } }
                    struct Profile: Reducer { @Dependency(\\.api) var api; func load() { api.fetch() } }
                    struct Search: Reducer { @Dependency(\\.api) var api; func load() { api.fetch() } }
                    """),
                    ("App.swift", """
                    struct AppReducer: Reducer {
                        var body: some ReducerOf<Self> {
                            Root().transformDependency(\\.self) { $0.api = APIClient(fetch: { URLSession.shared.load() }) }
                        }
                    }
                    """),
                ], options: RuleOptions(threshold: 3)),
        ])

    /// The key the nested-type twins share: a swift-dependencies value, its accessor marked in
    /// the triggering twin.
    private static func tipsKey(marked: Bool) -> String {
        """
        struct Tips { var show: () -> Bool }
        extension Tips: DependencyKey { static let liveValue = Tips(show: { true }) }
        extension DependencyValues {
            var \(marked ? RuleExample.marker.description : "")tips: Tips { get { self[Tips.self] } set { self[Tips.self] = newValue } }
        }
        """
    }

    public init() {}

    public func diagnose(_ context: RuleContext) -> [Diagnostic] {
        let graph = context.graph
        let threshold = context.options.threshold ?? Self.defaultThreshold
        let allowed = Set(context.options.allow)
        let requested = UnusedRegistrationRule.requested(in: graph)
        return graph.services.compactMap { service -> Diagnostic? in
            // `allow: [Logger]` exempts `Logger`, `Logger.shared` and a service whose type is `Logger`.
            let exempt = allowed.contains { $0 == service.id || $0 == service.type || service.id.hasPrefix($0 + ".") }
            guard service.lifetime == .singleton, !exempt, let location = service.locations.first
            else { return nil }
            let ownFiles = Set(service.locations.map(\.file))
            let countTests = context.options.countTests ?? false
            let dependents = Set(
                graph.incoming(service.id).filter { edge in
                    // A wrapped property declared and never read is no use of the singleton.
                    // Nor is a SwiftUI preview: the canvas runs it, the app never does.
                    guard !edge.isNeverRead, !edge.isDesignTime else { return false }
                    guard edge.from != service.id, let file = edge.location?.file else { return edge.from != service.id }
                    return !ownFiles.contains(file) && (countTests || !graph.testFiles.contains(file))
                }.map(\.from)
            ).filter { dependent in
                // A registration nothing resolves never runs: no use of the singleton either.
                guard let user = graph.service(dependent) else { return true }
                return !UnusedRegistrationRule.isUnused(user, requested: requested)
                    && !Self.forwards(user, to: service.id, in: graph)
            }.filter { dependent in
                !Self.onlyResolvesThrough(dependent, singleton: service.id, in: graph)
            }
            .map { Self.outermostType(of: $0, in: graph) }
            .reduce(into: Set<String>()) { $0.insert($1) }
            .sorted()
            guard dependents.count >= threshold else { return nil }
            let top = dependents.prefix(5).map { "`\($0)`" }.joined(separator: ", ")
            let more = dependents.count > 5 ? " and \(dependents.count - 5) more" : ""
            return Diagnostic(
                rule: Self.description.id, severity: context.severity(default: .warning),
                message:
                    "`\(service.id)` is a god singleton: \(dependents.count) services and types depend on it "
                    + "(threshold \(threshold)): \(top)\(more)",
                location: location, services: [service.id] + dependents)
        }
    }

    /// A type nested in another is part of it: a reducer and its `State`, a view and its nested
    /// view model are one dependent (approach's `GamesList` and `GamesList.State` were two).
    /// Registrations and singletons keep their names: `Container.api` is a service of its own.
    static func outermostType(of dependent: String, in graph: DependencyGraph) -> String {
        guard let dot = dependent.firstIndex(of: "."), graph.service(dependent).map({ $0.style == "initializer" }) ?? true
        else { return dependent }
        return String(dependent[..<dot])
    }

    /// A registration that builds nothing of its own and asks for nothing else: another name for
    /// what the singleton hands out (trackee's `var useCase: Factory<X> { self { self.kmp().x() } }`,
    /// each forwarding to the bridge to another container), not a dependent of it.
    static func forwards(_ dependent: Service, to singleton: String, in graph: DependencyGraph) -> Bool {
        guard dependent.isRegistration, dependent.implementation.isEmpty else { return false }
        let asks = graph.outgoing(dependent.id).filter { $0.to != dependent.id }
        return !asks.isEmpty && asks.allSatisfy { $0.to == singleton }
    }

    /// `DIContainer.shared.resolve()`: reaching a container's singleton only to resolve from it is
    /// a use of what is resolved, not of the container (molio's 43 "dependents" of its locator).
    /// True when every use of the singleton by `dependent` is at the site of a resolve it makes.
    static func onlyResolvesThrough(_ dependent: String, singleton: String, in graph: DependencyGraph) -> Bool {
        let edges = graph.outgoing(dependent)
        let resolveSites = Set(edges.filter { $0.via == .resolve && $0.to != singleton }.compactMap(\.location))
        guard !resolveSites.isEmpty else { return false }
        let uses = edges.filter { $0.to == singleton }
        return !uses.isEmpty && uses.allSatisfy { edge in edge.location.map(resolveSites.contains) ?? false }
    }
}
