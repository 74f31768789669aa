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

    static let examples = ["SwinjectShop", "ServiceLocatorApp", "FactoryShop", "DependenciesApp", "KeyPathContainerApp"]

    @Test(arguments: Self.examples)
    func reportsValidateAgainstTheProjectsSchema(example: String) throws {
        let schema = try JSONSchema(contentsOf: DigraphProcess.packageRoot.appendingPathComponent("docs/schemas/report.schema.json"))
        let (_, _, json) = try Self.findings(example)
        #expect(try schema.validate(data: Data(json.utf8)) == [])
        // And against the shared contract, when this checkout sits beside it.
        let shared = DigraphProcess.packageRoot.appendingPathComponent("../shared/spec/report.schema.json")
        if FileManager.default.fileExists(atPath: shared.path) {
            #expect(try JSONSchema(contentsOf: shared).validate(data: Data(json.utf8)) == [])
        }
    }

    @Test func xcodeFormatIsTheDefaultOnAPipe() throws {
        let r = try DigraphProcess.run(["check", "Examples/ServiceLocatorApp"])
        #expect(r.stdout == """
            Examples/ServiceLocatorApp/Sources/Features/ProfileViewModel.swift:8:21: error: no registration for `AnalyticsTracking` (requested by `ProfileViewModel`) [missing_registration]

            """)
        #expect(r.stderr.hasPrefix("1 error in 7 files, "))
    }

    /// The README of each example shows the exact output: it must stay true.
    @Test(arguments: Self.examples)
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
