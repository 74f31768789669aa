import DigraphCore
import Foundation
import Testing

/// The contract's "must NOT report" column (`../shared/spec/rules.md`, "The four the product
/// exists for"), pinned here, outside the rule sources, one case per item. Each case runs through
/// the whole pipeline and checks three things: the rule stays silent; the pipeline sees what the
/// silence rests on (the facts, in `Seen`'s words), so a scanner that stopped reading the code
/// cannot pass; and a twin that differs only in what the item is about does make the rule report.
@Suite struct MustNotReportTests {
    /// The column as the contract words it, and the items each case covers.
    static let contract: [(rule: String, text: String, items: [String])] = [
        (
            "dependency_cycle",
            "a cycle that passes through at least one `deferred` edge (Swinject `initCompleted`, `Lazy`, Factory "
                + "`@LazyInjected`, lazily resolving property wrappers); a diamond (A->B, A->C, B->D, C->D)",
            ["Swinject `initCompleted`", "`Lazy`", "Factory `@LazyInjected`", "lazily resolving property wrappers", "a diamond"]
        ),
        (
            "missing_registration",
            "a request satisfied by a registration in another scanned file, module or Assembly; an optional resolve "
                + "(`resolve(X.self)` without `!`) written to tolerate absence (report it as a `note` at most); types "
                + "that the container framework provides itself (e.g. Swinject's `Resolver`)",
            ["another scanned file", "module", "Assembly", "an optional resolve", "the container framework provides itself"]
        ),
        (
            "scope_mismatch",
            "edges where either side is `unknown`; `scoped`/`weak` pairs; a holder that is `graph` or `transient` "
                + "(not cached across resolutions); a dependency used only while building A and not kept (a factory "
                + "whose product A keeps, `r.resolve(F.self)!.make()`, a value read once); deferred edges that "
                + "re-resolve on each use (a `Provider<T>`, a factory closure)",
            [
                "either side is `unknown`", "`scoped`/`weak` pairs", "a holder that is `graph` or `transient`",
                "a factory whose product A keeps", "`r.resolve(F.self)!.make()`", "a value read once", "a `Provider<T>`",
                "a factory closure",
            ]
        ),
        (
            "god_singleton",
            "services on the rule's `allow` list; fan-in counted from the singleton's own file only; test code "
                + "(counted only with the rule option `count_tests: true`)",
            ["`allow` list", "the singleton's own file", "test code"]
        ),
    ]

    struct Case: Sendable {
        var rule: String
        /// The contract's words for what this case is about (one of `contract`'s items).
        var item: String
        var example: RuleExample
        /// What the silence rests on, in `Seen`'s words; `edges`: the scanner saw any edge at all.
        var relies: [String]
        /// Severities the contract still allows (`note` for an optional resolve).
        var allowed: Set<Severity> = []
        /// Text replacements (in every file) and options that turn the case into one the rule reports.
        var twin: [(String, String)] = []
        var twinOptions: RuleOptions?
        /// Why the pipeline cannot see the case yet: the facts are expected to be missing.
        var knownIssue: String?
    }

    static let cases: [String: Case] = [
        // dependency_cycle
        "cycle initCompleted": Case(
            rule: "dependency_cycle", item: "Swinject `initCompleted`",
            example: RuleExample(
                """
                container.register(Cart.self) { r in Cart(pricing: r.resolve(Pricing.self)!) }
                container.register(Pricing.self) { _ in Pricing() }
                    .initCompleted { r, pricing in pricing.cart = r.resolve(Cart.self)! }
                """),
            relies: ["Cart -> Pricing eager kept", "Pricing -> Cart deferred kept"],
            twin: [
                ("{ _ in Pricing() }", "{ r in Pricing(cart: r.resolve(Cart.self)!) }"),
                ("\n    .initCompleted { r, pricing in pricing.cart = r.resolve(Cart.self)! }", ""),
            ]),
        "cycle Lazy": Case(
            rule: "dependency_cycle", item: "`Lazy`",
            example: RuleExample(
                """
                container.register(Cart.self) { r in Cart(pricing: r.resolve(Pricing.self)!) }
                container.register(Pricing.self) { r in Pricing(cart: r.resolve(Lazy<Cart>.self)!) }
                """),
            relies: ["Cart -> Pricing eager kept", "Pricing -> Cart deferred kept"],
            twin: [("Lazy<Cart>", "Cart")]),
        "cycle LazyInjected": Case(
            rule: "dependency_cycle", item: "Factory `@LazyInjected`",
            example: RuleExample(
                """
                extension Container {
                    var cart: Factory<Cart> { self { Cart(pricing: self.pricing()) } }
                    var pricing: Factory<Pricing> { self { Pricing() } }
                }
                final class Pricing {
                    @LazyInjected(\\.cart) var cart: Cart
                }
                """),
            relies: ["Container.cart -> Container.pricing eager kept", "Container.pricing -> Container.cart deferred kept"],
            // Resolved while being built instead of on first access.
            twin: [("@LazyInjected", "@Injected")]),
        "cycle wrapper": Case(
            rule: "dependency_cycle", item: "lazily resolving property wrappers",
            example: RuleExample(
                """
                final class Cart { @Dependency var pricing: Pricing }
                final class Pricing { @Dependency var cart: Cart }
                serviceLocator.register(factory: { _ in Cart() }, forMetaType: Cart.self)
                serviceLocator.register(factory: { _ in Pricing() }, forMetaType: Pricing.self)
                """),
            relies: ["Cart -> Pricing deferred kept", "Pricing -> Cart deferred kept"],
            // Resolved while building instead of on first access.
            twin: [
                ("{ _ in Cart() }", "{ resolver in Cart(pricing: resolver.resolve(Pricing.self)!) }"),
                ("{ _ in Pricing() }", "{ resolver in Pricing(cart: resolver.resolve(Cart.self)!) }"),
            ]),
        "cycle diamond": Case(
            rule: "dependency_cycle", item: "a diamond",
            example: RuleExample(
                """
                container.register(A.self) { r in A(b: r.resolve(B.self)!, c: r.resolve(C.self)!) }
                container.register(B.self) { r in B(d: r.resolve(D.self)!) }
                container.register(C.self) { r in C(d: r.resolve(D.self)!) }
                container.register(D.self) { _ in D() }
                """),
            relies: ["A -> B eager kept", "A -> C eager kept", "B -> D eager kept", "C -> D eager kept"],
            twin: [("{ _ in D() }", "{ r in D(a: r.resolve(A.self)!) }")]),

        // missing_registration
        "missing other file": Case(
            rule: "missing_registration", item: "another scanned file",
            example: RuleExample(files: [
                ("Network.swift", "container.register(APIClient.self) { _ in HTTPAPIClient() }"),
                ("Feed.swift", "container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!) }"),
            ]),
            relies: ["Feed -> APIClient eager kept @Feed.swift", "APIClient: graph"],
            twin: [("register(APIClient.self)", "register(HTTPClient.self)")]),
        "missing other module": Case(
            rule: "missing_registration", item: "module",
            example: RuleExample(files: [
                ("Sources/Network/NetworkSetup.swift", "public func registerNetwork(_ container: Container) {\n    container.register(APIClient.self) { _ in HTTPAPIClient() }\n}"),
                ("Sources/Feed/FeedSetup.swift", "import Network\nfunc registerFeed(_ container: Container) {\n    container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!) }\n}"),
            ]),
            relies: ["Feed -> APIClient eager kept @Sources/Feed/FeedSetup.swift", "sites APIClient ×1"],
            twin: [("register(APIClient.self)", "register(HTTPClient.self)")]),
        "missing other Assembly": Case(
            rule: "missing_registration", item: "Assembly",
            example: RuleExample(
                """
                final class NetworkAssembly: Assembly {
                    func assemble(container: Container) { container.register(APIClient.self) { _ in HTTPAPIClient() } }
                }
                final class FeedAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!) }
                    }
                }
                """),
            relies: ["Feed -> APIClient eager kept", "sites APIClient ×1"],
            twin: [("register(APIClient.self)", "register(HTTPClient.self)")]),
        "missing optional": Case(
            rule: "missing_registration", item: "an optional resolve",
            example: RuleExample("let analytics = container.resolve(Analytics.self)"),
            relies: ["(root) -> Analytics eager missing optional"], allowed: [.note],
            twin: [("resolve(Analytics.self)", "resolve(Analytics.self)!")]),
        "missing Resolver": Case(
            rule: "missing_registration", item: "the container framework provides itself",
            example: RuleExample("container.register(Router.self) { r in Router(resolver: r.resolve(Resolver.self)!) }"),
            relies: ["request Resolver", "Router: graph"],
            twin: [("Resolver.self", "Resolving.self")]),

        // scope_mismatch
        "scope unknown": Case(
            rule: "scope_mismatch", item: "either side is `unknown`",
            example: RuleExample(
                """
                let scope: ObjectScope = fast ? .container : .transient
                container.register(Worker.self) { r in Worker(request: r.resolve(Request.self)!) }.inObjectScope(scope)
                container.register(Holder.self) { r in Holder(worker: r.resolve(Worker.self)!) }.inObjectScope(.container)
                container.register(Request.self) { _ in Request() }.inObjectScope(.transient)
                """),
            relies: ["Holder -> Worker eager kept", "Worker -> Request eager kept", "Worker: unknown", "Holder: singleton"],
            twin: [(".inObjectScope(scope)", ".inObjectScope(.transient)")]),
        "scope scoped weak": Case(
            rule: "scope_mismatch", item: "`scoped`/`weak` pairs",
            example: RuleExample(
                """
                extension ObjectScope { static let session = ObjectScope(storageFactory: PermanentStorage.init) }
                container.register(Session.self) { r in Session(cache: r.resolve(Cache.self)!) }.inObjectScope(.weak)
                container.register(Cache.self) { _ in Cache() }.inObjectScope(.session)
                """),
            relies: ["Session -> Cache eager kept", "Session: weak", "Cache: scoped"],
            twin: [(".inObjectScope(.weak)", ".inObjectScope(.container)")]),
        "scope graph holder": Case(
            rule: "scope_mismatch", item: "a holder that is `graph` or `transient`",
            example: RuleExample(
                """
                container.register(Checkout.self) { r in Checkout(cart: r.resolve(Cart.self)!) }
                container.register(Cart.self) { _ in Cart() }.inObjectScope(.transient)
                """),
            relies: ["Checkout -> Cart eager kept", "Checkout: graph", "Cart: transient"],
            twin: [("(cart: r.resolve(Cart.self)!) }", "(cart: r.resolve(Cart.self)!) }.inObjectScope(.container)")]),
        "scope factory product": Case(
            rule: "scope_mismatch", item: "a factory whose product A keeps",
            example: RuleExample(
                """
                container.register(SyncEngine.self) { r in
                    let factory = r.resolve(StateFactory.self)!
                    return factory.makeSyncEngine()
                }.inObjectScope(.container)
                container.register(StateFactory.self) { _ in StateFactory() }.inObjectScope(.transient)
                """),
            relies: ["SyncEngine -> StateFactory eager", "SyncEngine: singleton", "StateFactory: transient"],
            twin: [("return factory.makeSyncEngine()", "return SyncEngine(factory: factory)")]),
        "scope make": Case(
            rule: "scope_mismatch", item: "`r.resolve(F.self)!.make()`",
            example: RuleExample(
                """
                container.register(Logger.self) { r in Logger(sink: r.resolve(SinkFactory.self)!.make()) }
                    .inObjectScope(.container)
                container.register(SinkFactory.self) { _ in SinkFactory() }.inObjectScope(.transient)
                """),
            relies: ["Logger -> SinkFactory eager", "Logger: singleton", "SinkFactory: transient"],
            twin: [("r.resolve(SinkFactory.self)!.make()", "r.resolve(SinkFactory.self)!")]),
        "scope value read once": Case(
            rule: "scope_mismatch", item: "a value read once",
            example: RuleExample(
                """
                container.register(Config.self) { r in Config(timeout: r.resolve(Settings.self)!.timeout) }
                    .inObjectScope(.container)
                container.register(Settings.self) { _ in Settings() }.inObjectScope(.transient)
                """),
            relies: ["Config -> Settings eager", "Config: singleton", "Settings: transient"],
            twin: [("Config(timeout: r.resolve(Settings.self)!.timeout)", "Config(settings: r.resolve(Settings.self)!)")]),
        "scope Provider": Case(
            rule: "scope_mismatch", item: "a `Provider<T>`",
            example: RuleExample(
                """
                container.register(Feed.self) { r in Feed(makeRequest: r.resolve(Provider<Request>.self)!) }
                    .inObjectScope(.container)
                container.register(Request.self) { _ in Request() }.inObjectScope(.transient)
                """),
            relies: ["Feed -> Request deferred", "Feed: singleton", "Request: transient"],
            // A `Lazy` keeps what it built: a captive through a deferred edge.
            twin: [("Provider<Request>", "Lazy<Request>")]),
        "scope factory closure": Case(
            rule: "scope_mismatch", item: "a factory closure",
            example: RuleExample(
                """
                container.register(Store.self) { r in Store(makeRequest: { r.resolve(Request.self)! }) }
                    .inObjectScope(.container)
                container.register(Request.self) { _ in Request() }.inObjectScope(.transient)
                """),
            relies: ["Store -> Request deferred", "Store: singleton", "Request: transient"],
            twin: [("Store(makeRequest: { r.resolve(Request.self)! })", "Store(request: r.resolve(Request.self)!)")]),

        // god_singleton (threshold 3 to keep the examples small)
        "god allow": Case(
            rule: "god_singleton", item: "`allow` list",
            example: RuleExample(
                files: [
                    ("Logger.swift", "final class Logger { static let shared = Logger() }"),
                    ("Features.swift", "final class Cart { let log = Logger.shared }\nfinal class Checkout { let log = Logger.shared }\nfinal class Profile { let log = Logger.shared }"),
                ], options: RuleOptions(threshold: 3, allow: ["Logger"])),
            relies: [
                "Cart -> Logger.shared eager kept", "Checkout -> Logger.shared eager kept",
                "Profile -> Logger.shared eager kept", "Logger.shared: singleton",
            ],
            twinOptions: RuleOptions(threshold: 3)),
        "god own file": Case(
            rule: "god_singleton", item: "the singleton's own file",
            example: RuleExample(
                files: [
                    ("Logger.swift", "final class Logger { static let shared = Logger() }\nfinal class LogFormatter { let log = Logger.shared }\nfinal class LogRotation { let log = Logger.shared }"),
                    ("Features.swift", "final class Cart { let log = Logger.shared }"),
                ], options: RuleOptions(threshold: 3)),
            relies: [
                "LogFormatter -> Logger.shared eager kept @Logger.swift", "LogRotation -> Logger.shared eager kept @Logger.swift",
                "Cart -> Logger.shared eager kept @Features.swift",
            ],
            twin: [
                ("final class Cart { let log = Logger.shared }",
                 "final class Cart { let log = Logger.shared }\nfinal class Checkout { let log = Logger.shared }\nfinal class Profile { let log = Logger.shared }"),
            ]),
        "god test code": Case(
            rule: "god_singleton", item: "test code",
            example: RuleExample(
                files: [
                    ("Sources/Favorites.swift", "final class Favorites { static let shared = Favorites() }"),
                    ("Sources/Screens.swift", "final class ListScreen { let favorites = Favorites.shared }"),
                    ("Tests/FavoritesTests.swift", """
                        import XCTest
                        final class AddTests: XCTestCase { func testAdd() { Favorites.shared.add(1) } }
                        final class RemoveTests: XCTestCase { func testRemove() { Favorites.shared.remove(1) } }
                        final class ClearTests: XCTestCase { func testClear() { Favorites.shared.clear() } }
                        """),
                ], options: RuleOptions(threshold: 3)),
            relies: [
                "AddTests -> Favorites.shared deferred", "RemoveTests -> Favorites.shared deferred",
                "ClearTests -> Favorites.shared deferred", "tests Tests/FavoritesTests.swift",
            ],
            twinOptions: RuleOptions(threshold: 3, countTests: true)),
    ]

    @Test(arguments: cases.keys.sorted())
    func staysSilentWhileSeeingWhatItRestsOn(name: String) throws {
        let c = try #require(Self.cases[name])
        let seen = try Seen(c.example, ruleID: c.rule)
        let reported = seen.diagnostics.filter { $0.rule == c.rule && !c.allowed.contains($0.severity) }
        for finding in reported {
            Issue.record("\(name): \(c.rule) must not report this: \(finding.location.line):\(finding.location.column) \(finding.message)")
        }
        func checkFacts() {
            for fact in c.relies where !(fact == "edges" ? seen.edgeCount > 0 : seen.contains(fact)) {
                Issue.record("\(name): the silence rests on `\(fact)`, which the pipeline does not see")
            }
        }
        if let knownIssue = c.knownIssue {
            withKnownIssue(Comment(rawValue: knownIssue)) { checkFacts() }
            return
        }
        checkFacts()
        #expect(!c.twin.isEmpty || c.twinOptions != nil, "every case has a twin the rule reports")
        var twin = c.example
        for (from, to) in c.twin {
            #expect(twin.files.contains { $0.source.contains(from) }, "\(name): twin text `\(from)` not found")
            twin.files = twin.files.map { (name: $0.name, source: $0.source.replacingOccurrences(of: from, with: to)) }
        }
        if let options = c.twinOptions { twin.options = options }
        let twinFindings = try Seen(twin, ruleID: c.rule).diagnostics.filter {
            $0.rule == c.rule && !c.allowed.contains($0.severity)
        }
        #expect(!twinFindings.isEmpty, "\(name): the twin that differs in what the item is about should be reported")
    }

    @Test func everyItemOfTheColumnHasACase() {
        #expect(Self.contract.map(\.rule) == ["dependency_cycle", "missing_registration", "scope_mismatch", "god_singleton"])
        for (rule, text, items) in Self.contract {
            for item in items {
                #expect(text.contains(item), "`\(item)` is not in the pinned text of \(rule)")
                #expect(Self.cases.values.contains { $0.rule == rule && $0.item == item }, "no case for \(rule): \(item)")
            }
        }
        for c in Self.cases.values {
            #expect(Self.contract.contains { $0.rule == c.rule && $0.items.contains(c.item) }, "\(c.item) is not pinned")
        }
    }

    static let sharedRules = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/spec/rules.md").standardizedFileURL
    static let hasSharedRules = FileManager.default.fileExists(atPath: sharedRules.path)

    /// When the contract sits beside this checkout: the pinned column is still its words.
    @Test(.enabled(if: hasSharedRules, "../shared/spec/rules.md is not beside this checkout"))
    func thePinnedColumnIsTheContracts() throws {
        let text = try String(contentsOf: Self.sharedRules, encoding: .utf8)
        for (rule, pinned, _) in Self.contract {
            let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| `\(rule)` |") }, "\(rule)")
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells.dropLast().last == pinned, "the contract's must-NOT column for \(rule) changed: update the pinned cases")
        }
    }
}
