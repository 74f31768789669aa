import Foundation
import JSONSchemaCheck
import Testing

/// The bundled examples report exactly their planted defects, nothing else at warning or error.
@Suite struct ExampleProjectTests {
    struct Finding: Hashable, CustomStringConvertible {
        var rule: String
        var severity: String
        var file: String
        var line: Int
        var services: [String]
        var description: String { "\(file):\(line) \(severity) \(rule) \(services)" }
    }

    static func findings(_ example: String) throws -> (exit: Int32, findings: [Finding], json: String) {
        let r = try DigraphProcess.run(["check", "Examples/\(example)", "--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let diagnostics = doc["diagnostics"] as? [[String: Any]] ?? []
        let findings = diagnostics.map { d in
            let location = d["location"] as! [String: Any]
            return Finding(
                rule: d["rule"] as! String, severity: d["severity"] as! String,
                file: (location["file"] as! String).replacingOccurrences(of: "Examples/\(example)/", with: ""),
                line: location["line"] as! Int, services: d["services"] as! [String])
        }
        return (r.exitCode, findings, r.stdout)
    }

    @Test func swinjectShopReportsExactlyItsPlantedDefects() throws {
        let (exit, findings, _) = try Self.findings("SwinjectShop")
        #expect(exit == 1)
        let serious = Set(findings.filter { $0.severity != "note" })
        #expect(serious == [
            Finding(rule: "dependency_cycle", severity: "error", file: "Sources/Assemblies/CheckoutAssembly.swift", line: 9,
                    services: ["CartService", "PricingService"]),
            Finding(rule: "missing_registration", severity: "error", file: "Sources/Assemblies/ServicesAssembly.swift", line: 25,
                    services: ["Database#analytics", "AnalyticsTracking"]),
            Finding(rule: "scope_mismatch", severity: "warning", file: "Sources/Assemblies/NetworkAssembly.swift", line: 24,
                    services: ["ImageLoading", "RequestLogging"]),
        ], "\(serious)")
    }

    @Test func serviceLocatorAppReportsItsMissingRegistration() throws {
        let (exit, findings, _) = try Self.findings("ServiceLocatorApp")
        #expect(exit == 1)
        #expect(findings.filter { $0.severity != "note" } == [
            Finding(rule: "missing_registration", severity: "error", file: "Sources/Features/ProfileViewModel.swift", line: 8,
                    services: ["AnalyticsTracking", "ProfileViewModel"])
        ])
    }

    /// Three programs from `Package.swift`: the widget's miss is found, the look-alikes (the same
    /// service in four containers, run-time alternatives, constant names, a test override, a
    /// factory used but not kept, a stale test copy) stay silent.
    @Test func widgetAppReportsTheCrossProgramMissAndNothingElse() throws {
        let (exit, findings, json) = try Self.findings("WidgetApp")
        #expect(exit == 1)
        #expect(findings.filter { $0.severity != "note" } == [
            Finding(rule: "missing_registration", severity: "error", file: "Sources/ShopWidget/main.swift", line: 6,
                    services: ["PriceFormatter"])
        ])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let programs = try #require(doc["programs"] as? [[String: Any]])
        #expect(programs.map { $0["name"] as? String } == ["ShopApp", "ShopAppTests", "ShopWidget"])
        #expect(programs.map { $0["source"] as? String } == ["Package.swift", "Package.swift", "Package.swift"])
        #expect(programs.map { $0["kind"] as? String } == ["tool", "tests", "tool"])
        #expect(programs[1]["sees"] as? [String] == ["ShopApp"])
        let diagnostics = try #require(doc["diagnostics"] as? [[String: Any]])
        let miss = try #require(diagnostics.first { $0["rule"] as? String == "missing_registration" })
        #expect(miss["program"] as? String == "ShopWidget")
        #expect((miss["message"] as? String)?.hasSuffix("registered in `ShopApp`, not in `ShopWidget`") == true)
        // The stale copy is not analysed at all.
        let files = diagnostics.compactMap { ($0["location"] as? [String: Any])?["file"] as? String }
        #expect(!files.contains { $0.contains("Legacy") })
    }

    @Test func programFilterChecksOneProgramAndRejectsUnknownNames() throws {
        let app = try DigraphProcess.run(["check", "Examples/WidgetApp", "--program", "ShopApp", "--format", "xcode"])
        #expect(app.exitCode == 0)
        #expect(app.stdout == "")
        let widget = try DigraphProcess.run(["check", "Examples/WidgetApp", "--program", "ShopWidget", "--format", "xcode"])
        #expect(widget.exitCode == 1)
        let unknown = try DigraphProcess.run(["check", "Examples/WidgetApp", "--program", "ShopWidgt"])
        #expect(unknown.exitCode == 2)
        #expect(
            unknown.stderr
                == "digraph: error: --program: no program named 'ShopWidgt'; did you mean 'ShopWidget'? (found: ShopApp, ShopAppTests, ShopWidget)\n")
    }

    @Test func resolverWalletReportsExactlyItsPlantedDefects() throws {
        let (exit, findings, _) = try Self.findings("ResolverWallet")
        #expect(exit == 1)
        #expect(Set(findings.filter { $0.severity != "note" }) == [
            Finding(rule: "dependency_cycle", severity: "error", file: "Sources/Injection/Resolver+Wallet.swift", line: 11,
                    services: ["SendService", "TransactionHistory"]),
            Finding(rule: "scope_mismatch", severity: "error", file: "Sources/Services/AccountStore.swift", line: 7,
                    services: ["AccountStore", "SessionToken"]),
            Finding(rule: "missing_registration", severity: "error", file: "Sources/ViewModels/HomeViewModel.swift", line: 9,
                    services: ["PriceProviding", "HomeViewModel"]),
        ])
    }

    @Test func autoregistrationCoordinatorsReportsExactlyItsPlantedDefects() throws {
        let (exit, findings, _) = try Self.findings("AutoregistrationCoordinators")
        #expect(exit == 1)
        #expect(Set(findings.filter { $0.severity != "note" }) == [
            Finding(rule: "missing_registration", severity: "error", file: "Sources/Assemblies/CoordinatorsAssembly.swift",
                    line: 8, services: ["Analytics", "DashboardCoordinator"]),
            Finding(rule: "scope_mismatch", severity: "warning", file: "Sources/Assemblies/ServicesAssembly.swift", line: 9,
                    services: ["SessionService", "RequestBuilding"]),
            Finding(rule: "dependency_cycle", severity: "error", file: "Sources/Assemblies/ServicesAssembly.swift", line: 12,
                    services: ["Player", "Playlist"]),
        ])
    }

    @Test func routerLocatorAppReportsExactlyItsPlantedDefects() throws {
        let (exit, findings, _) = try Self.findings("RouterLocatorApp")
        #expect(exit == 1)
        #expect(Set(findings.filter { $0.severity != "note" }) == [
            Finding(rule: "duplicate_registration", severity: "warning", file: "Sources/App/SceneDelegate.swift", line: 11,
                    services: ["HTTPClientProtocol"]),
            Finding(rule: "missing_registration", severity: "error", file: "Sources/FeatureProfile/ProfileFeature.swift",
                    line: 6, services: ["AnalyticsProtocol", "ProfileFeature"]),
        ])
    }

    @Test func dipStarshipsReportsExactlyItsPlantedDefects() throws {
        let (exit, findings, _) = try Self.findings("DipStarships")
        #expect(exit == 1)
        #expect(Set(findings.filter { $0.severity != "note" }) == [
            Finding(rule: "dependency_cycle", severity: "error", file: "Sources/App/DependencyContainers.swift", line: 27,
                    services: ["CrewViewModel", "HangarViewModel"]),
            Finding(rule: "scope_mismatch", severity: "warning", file: "Sources/Providers/Providers.swift", line: 10,
                    services: ["NetworkLayer", "RequestCounter"]),
            Finding(rule: "missing_registration", severity: "error", file: "Sources/Providers/Providers.swift", line: 39,
                    services: ["Analytics", "FavouritesStore"]),
        ])
    }

    @Test func tranquillityReaderReportsExactlyItsPlantedDefects() throws {
        let (exit, findings, _) = try Self.findings("TranquillityReader")
        #expect(exit == 1)
        #expect(Set(findings.filter { $0.severity != "note" }) == [
            Finding(rule: "dependency_cycle", severity: "error", file: "Sources/App/AppFramework.swift", line: 10,
                    services: ["BookmarksPresenter", "HistoryPresenter"]),
            Finding(rule: "missing_registration", severity: "error", file: "Sources/App/AppFramework.swift", line: 10,
                    services: ["Analytics", "BookmarksPresenter"]),
            Finding(rule: "scope_mismatch", severity: "warning", file: "Sources/Server/ServerPart.swift", line: 5,
                    services: ["ServerImpl", "RequestSigner"]),
        ])
    }

    @Test func factoryShopReportsExactlyItsPlantedDefects() throws {
        let (exit, findings, _) = try Self.findings("FactoryShop")
        #expect(exit == 1)
        #expect(Set(findings.filter { $0.severity != "note" }) == [
            Finding(rule: "dependency_cycle", severity: "error", file: "Sources/DI/Container+Services.swift", line: 26,
                    services: ["Container.cartService", "Container.pricingService"]),
            Finding(rule: "missing_registration", severity: "error", file: "Sources/Features/CheckoutViewModel.swift", line: 5,
                    services: ["Container.analytics", "CheckoutViewModel"]),
            Finding(rule: "scope_mismatch", severity: "error", file: "Sources/DI/Container+Services.swift", line: 22,
                    services: ["Container.imageCache", "Container.currentUser"]),
            Finding(rule: "god_singleton", severity: "warning", file: "Sources/DI/Container+Services.swift", line: 9,
                    services: ["Container.logger", "AccountViewModel", "AddressesViewModel", "CatalogViewModel",
                               "CheckoutViewModel", "HelpViewModel", "HomeViewModel", "NotificationsViewModel",
                               "OrderDetailViewModel", "OrdersViewModel", "ProductDetailViewModel", "WishlistViewModel"]),
        ], "\(findings)")
    }

    @Test func dependenciesAppReportsExactlyItsPlantedDefects() throws {
        let (exit, findings, _) = try Self.findings("DependenciesApp")
        #expect(exit == 1)
        let sources = "Sources/DependenciesApp/"
        #expect(Set(findings.filter { $0.severity != "note" }) == [
            Finding(rule: "dependency_cycle", severity: "error", file: sources + "Clients/Session.swift", line: 15,
                    services: ["DependencyValues.sessionStore", "DependencyValues.tokenRefresher"]),
            Finding(rule: "missing_registration", severity: "error", file: sources + "Features/SettingsFeature.swift",
                    line: 4, services: ["DependencyValues.featureFlags", "SettingsFeature"]),
            Finding(rule: "god_singleton", severity: "warning", file: sources + "Clients/Logger.swift", line: 13,
                    services: ["DependencyValues.logger", "AccountFeature", "AddressesFeature", "CatalogFeature",
                               "DependencyValues.apiClient", "HelpFeature", "HomeFeature", "NotificationsFeature",
                               "OrdersFeature", "ProductFeature", "SearchFeature", "WishlistFeature"]),
        ], "\(findings)")
    }

    @Test func keyPathContainerAppReportsExactlyItsPlantedDefects() throws {
        let (exit, findings, _) = try Self.findings("KeyPathContainerApp")
        #expect(exit == 1)
        let sources = "Sources/KeyPathContainerApp/"
        #expect(Set(findings.filter { $0.severity != "note" }) == [
            Finding(rule: "dependency_cycle", severity: "error", file: sources + "Services/Services.swift", line: 21,
                    services: ["DependencyContainer.catalog", "DependencyContainer.pricing"]),
            Finding(rule: "missing_registration", severity: "error", file: sources + "Features/ProfileViewModel.swift",
                    line: 3, services: ["DependencyContainer.analytics", "ProfileViewModel"]),
            Finding(rule: "god_singleton", severity: "warning", file: sources + "DI/Keys.swift", line: 23,
                    services: ["DependencyContainer.logger", "AccountViewModel", "AddressesViewModel", "BrowseViewModel",
                               "HelpViewModel", "HomeViewModel", "NotificationsViewModel", "OrdersViewModel",
                               "ProductViewModel", "SearchViewModel", "WishlistViewModel"]),
        ], "\(findings)")
    }

    @Test func needleJukeboxReportsExactlyItsPlantedDefects() throws {
        let (exit, findings, _) = try Self.findings("NeedleJukebox")
        #expect(exit == 1)
        #expect(Set(findings.filter { $0.severity != "note" }) == [
            Finding(rule: "dependency_cycle", severity: "error", file: "Sources/Player/PlayerComponent.swift", line: 15,
                    services: ["PlayerComponent.player", "PlayerComponent.queue"]),
            Finding(rule: "god_singleton", severity: "warning", file: "Sources/Root/RootComponent.swift", line: 6,
                    services: ["RootComponent.analytics", "LibraryComponent.libraryViewController",
                               "LibraryComponent.libraryViewModel", "PlayerComponent.player",
                               "PlayerComponent.playerViewController", "PlaylistComponent.playlistViewController",
                               "PlaylistComponent.playlistViewModel", "SearchComponent.searchViewController",
                               "SearchComponent.searchViewModel", "SettingsComponent.settingsViewController",
                               "SettingsComponent.settingsViewModel"]),
            Finding(rule: "scope_mismatch", severity: "warning", file: "Sources/Root/RootComponent.swift", line: 15,
                    services: ["RootComponent.session", "RootComponent.tokenStore"]),
            Finding(rule: "missing_registration", severity: "error", file: "Sources/Settings/SettingsComponent.swift", line: 7,
                    services: ["SettingsDependency.featureFlags"]),
        ], "\(findings)")
    }

    @Test func weaverCinemaReportsExactlyItsPlantedDefects() throws {
        let (exit, findings, _) = try Self.findings("WeaverCinema")
        #expect(exit == 1)
        #expect(Set(findings.filter { $0.severity != "note" }) == [
            Finding(rule: "god_singleton", severity: "warning", file: "Sources/App/AppDelegate.swift", line: 11,
                    services: ["AppDelegate.logger", "AppDelegate.downloadManager", "AppDelegate.homeViewController",
                               "AppDelegate.movieManager", "HomeViewController.movieController",
                               "HomeViewController.profileController", "HomeViewController.searchController",
                               "HomeViewController.settingsController", "MovieViewController.player",
                               "PlayerController.subtitles", "SubtitlesController.player"]),
            Finding(rule: "scope_mismatch", severity: "warning", file: "Sources/Movies/MovieManager.swift", line: 16,
                    services: ["AppDelegate.movieManager", "AppDelegate.dateFormatter"]),
            Finding(rule: "missing_registration", severity: "error", file: "Sources/Movies/MovieViewController.swift", line: 8,
                    services: ["MovieViewController.reviewManager"]),
            Finding(rule: "dependency_cycle", severity: "error", file: "Sources/Player/PlayerController.swift", line: 16,
                    services: ["PlayerController.subtitles", "SubtitlesController.player"]),
        ], "\(findings)")
    }

    /// Hand-written composition (seeds 000, 001 and 003): a cycle between two enum factories, a
    /// container's singleton keeping what a factory method makes per call, a singleton eleven
    /// factory methods pass on, and an injected requirement nothing sets. The helper factories,
    /// the scene container and the deferred screens stay silent.
    @Test func factoriesAppReportsExactlyItsPlantedDefects() throws {
        let (exit, findings, json) = try Self.findings("FactoriesApp")
        #expect(exit == 1)
        #expect(Set(findings.filter { $0.severity != "note" }) == [
            Finding(rule: "dependency_cycle", severity: "error", file: "Sources/DI/CheckoutFactory.swift", line: 6,
                    services: ["CheckoutFactory.make", "PaymentFactory.make"]),
            Finding(rule: "missing_registration", severity: "error", file: "Sources/Features/Screens.swift", line: 42,
                    services: ["StoreInjectable.theme", "OrdersViewController"]),
            Finding(rule: "scope_mismatch", severity: "warning", file: "Sources/DI/AppContainer.swift", line: 10,
                    services: ["AppContainer.analytics", "AppContainer.makeSession"]),
            Finding(rule: "god_singleton", severity: "warning", file: "Sources/DI/AppContainer.swift", line: 6,
                    services: ["AppContainer.logger", "AppContainer.makeAccountViewModel", "AppContainer.makeAddressesViewModel",
                               "AppContainer.makeCartViewModel", "AppContainer.makeCatalogViewModel",
                               "AppContainer.makeHelpViewModel", "AppContainer.makeNotificationsViewModel",
                               "AppContainer.makeOrdersViewModel", "AppContainer.makeProductViewModel",
                               "AppContainer.makeSearchViewModel", "AppContainer.makeSettingsViewModel",
                               "AppContainer.makeWishlistViewModel"]),
        ], "\(findings)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let services = Dictionary(
            uniqueKeysWithValues: (doc["services"] as? [[String: Any]] ?? []).map { ($0["id"] as! String, $0) })
        #expect(services["SceneContainer.router"]?["lifetime"] as? String == "scoped")
        #expect(services["AppContainer.api"]?["lifetime"] as? String == "singleton")
        #expect(services["DateFormatterFactory.makeShortDate"] == nil && services["BadgeViewFactory.makeBadge"] == nil)
    }

    /// `Has…` environments: the environment's lazy properties compose (a cycle, a captive
    /// session), a requirement it lacks behind a force cast is a miss, and both the logger and the
    /// environment every consumer defaults to are god singletons.
    @Test func environmentAppReportsExactlyItsPlantedDefects() throws {
        let (exit, findings, _) = try Self.findings("EnvironmentApp")
        #expect(exit == 1)
        let sources = "Sources/EnvironmentApp/"
        let consumers = [
            "AccountViewModel", "AddressesViewModel", "CartViewModel", "CatalogViewModel", "HelpViewModel", "HomeViewModel",
            "NotificationsViewModel", "OrdersViewModel", "ProductViewModel", "ProfileViewModel", "SearchViewModel",
            "SettingsViewModel", "WishlistViewModel",
        ]
        #expect(Set(findings.filter { $0.severity != "note" }) == [
            Finding(rule: "dependency_cycle", severity: "error", file: sources + "Environment/AppEnvironment.swift", line: 10,
                    services: ["AppEnvironment.cartStore", "AppEnvironment.pricing"]),
            Finding(rule: "missing_registration", severity: "error", file: sources + "Features/SettingsViewModel.swift",
                    line: 17, services: ["AppEnvironment.featureFlags", "SettingsViewModel"]),
            Finding(rule: "scope_mismatch", severity: "warning", file: sources + "Environment/AppEnvironment.swift", line: 9,
                    services: ["AppEnvironment.tracker", "AppEnvironment.makeSession"]),
            Finding(rule: "god_singleton", severity: "warning", file: sources + "Environment/AppEnvironment.swift", line: 5,
                    services: ["AppEnvironment.logger"] + consumers.filter { $0 != "ProfileViewModel" }),
            Finding(rule: "god_singleton", severity: "warning", file: sources + "Environment/AppEnvironment.swift", line: 3,
                    services: ["AppEnvironment.shared"] + consumers),
        ], "\(findings)")
    }

    /// Seed 002's tuples over Swinject: an element the closure resolves is one edge, an element
    /// nothing registers is missing once.
    @Test func tupleDependenciesAppReportsExactlyItsPlantedDefects() throws {
        let (exit, findings, _) = try Self.findings("TupleDependenciesApp")
        #expect(exit == 1)
        let di = "Sources/TupleDependenciesApp/DI/"
        #expect(Set(findings.filter { $0.severity != "note" }) == [
            Finding(rule: "dependency_cycle", severity: "error", file: di + "ServicesAssembly.swift", line: 8,
                    services: ["APIClientProtocol", "SessionStoreProtocol"]),
            Finding(rule: "missing_registration", severity: "error", file: di + "FeaturesAssembly.swift", line: 11,
                    services: ["DatabaseProtocol", "FeedViewModel(String)"]),
            Finding(rule: "scope_mismatch", severity: "warning", file: di + "ServicesAssembly.swift", line: 17,
                    services: ["Analytics", "UserSession"]),
            Finding(rule: "god_singleton", severity: "warning", file: di + "ServicesAssembly.swift", line: 6,
                    services: ["LoggerProtocol", "CartViewModel", "FeedViewModel(String)", "HelpViewModel", "HomeViewModel",
                               "NotificationsViewModel", "OrdersViewModel", "ProfileViewModel", "SearchViewModel",
                               "SettingsViewModel", "WishlistViewModel"]),
        ], "\(findings)")
    }

    static let examples = [
        "SwinjectShop", "ServiceLocatorApp", "WidgetApp", "ResolverWallet", "AutoregistrationCoordinators", "RouterLocatorApp",
        "DipStarships", "TranquillityReader", "FactoryShop", "DependenciesApp", "KeyPathContainerApp", "NeedleJukebox",
        "WeaverCinema", "FactoriesApp", "EnvironmentApp", "TupleDependenciesApp",
    ]

    @Test(arguments: examples)
    func reportsValidateAgainstTheProjectsSchema(example: String) throws {
        let schema = try JSONSchema(contentsOf: DigraphProcess.packageRoot.appendingPathComponent("docs/schemas/report.schema.json"))
        let (_, _, json) = try Self.findings(example)
        #expect(try schema.validate(data: Data(json.utf8)) == [])
    }

    static let sharedSchema = DigraphProcess.packageRoot.appendingPathComponent("../shared/spec/report.schema.json")

    /// The contract lives beside a developer's checkout, not in every clone: a skip says so.
    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: sharedSchema.path), "../shared/spec is not beside this checkout"),
        arguments: ["SwinjectShop", "ServiceLocatorApp"])
    func reportsValidateAgainstTheSharedContract(example: String) throws {
        let (_, _, json) = try Self.findings(example)
        #expect(try JSONSchema(contentsOf: Self.sharedSchema).validate(data: Data(json.utf8)) == [])
    }

    @Test func xcodeFormatIsTheDefaultOnAPipe() throws {
        let r = try DigraphProcess.run(["check", "Examples/ServiceLocatorApp"])
        #expect(r.stdout == """
            Examples/ServiceLocatorApp/Sources/Features/ProfileViewModel.swift:8:21: error: no registration for `AnalyticsTracking` (requested by `ProfileViewModel`) [missing_registration]

            """)
        #expect(r.stderr.hasPrefix("1 error in 7 files, "))
    }

    /// The README of each example shows the exact output: it must stay true.
    @Test(arguments: examples)
    func readmeShowsTheRealOutput(example: String) throws {
        let readme = try String(
            contentsOf: DigraphProcess.packageRoot.appendingPathComponent("Examples/\(example)/README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Expected `digraph check` output").last)
        let block = section.components(separatedBy: "```")[1]
        let r = try DigraphProcess.run(["check", "Examples/\(example)"])
        let expected = "\n$ digraph check Examples/\(example)\n\(r.stdout)$ echo $?\n\(r.exitCode)\n"
        #expect(block == expected)
    }
}
