import DigraphCore
import DigraphReporters
import Foundation

/// A hand-built analysis for the CI formats (SARIF, GitHub): a two-hop cycle, a missing
/// registration with a near miss, a finding suppressed in the source, a baselined one, and a
/// finding on a line with multi-byte characters before its column.
enum CISample {
    static let checkout = "Sources/Assemblies/CheckoutAssembly.swift"
    static let services = "Sources/Assemblies/ServicesAssembly.swift"
    static let legacy = "Sources/Legacy/Légacy Cache.swift"

    static func at(_ file: String, _ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    /// `é` is 2 UTF-8 bytes and 1 UTF-16 unit; `🛒` is 4 bytes and 2 units.
    static let sourceLines: [String: [Int: String]] = [
        checkout: [
            9: "                pricing: r.resolve(PricingService.self)!",
            14: "        let café = r.resolve(Café.self)!  // 🛒 r.resolve(Cart.self)!",
        ],
        services: [
            20: "                cart: r.resolve(CartService.self)!",
            25: "            AnalyticsService(database: r.resolve(Database.self, name: \"analytics\")!)",
            6: "        container.register(Database.self, name: \"primary\") { _ in SQLiteDatabase() }",
        ],
    ]

    static func context(baselineUsed: Bool = false, summary: Bool = true) -> ReportContext {
        ReportContext(
            inputs: [ReportInput(kind: .source, path: "Sources", files: 3)], files: 3,
            sourceLine: { file, line in sourceLines[file]?[line] }, includeSummary: summary, baselineUsed: baselineUsed)
    }

    static let cycle = Diagnostic(
        rule: "dependency_cycle", severity: .error,
        message: "dependency cycle: `CartService` -> `PricingService` -> `CartService`",
        location: at(checkout, 9, 26), services: ["CartService", "PricingService"],
        path: ["CartService", "PricingService", "CartService"],
        notes: [
            .init(message: "`CartService` needs `PricingService` while being built", location: at(checkout, 9, 26)),
            .init(message: "`PricingService` needs `CartService` while being built", location: at(services, 20, 23)),
            .init(message: "make one edge deferred, e.g. with initCompleted"),
        ])

    static let missing = Diagnostic(
        rule: "missing_registration", severity: .error,
        message: "no registration for `Database#analytics` (requested by `AnalyticsTracking`); near miss: `Database#primary`",
        location: at(services, 25, 40), services: ["Database#analytics", "AnalyticsTracking"],
        notes: [.init(message: "`Database#primary` is registered here", location: at(services, 6, 9))])

    /// Byte column 53 is the `r` of the second resolve: after two `é` (1 extra byte each) and `🛒`
    /// (2 extra) it is UTF-16 column 49.
    static let multiByte = Diagnostic(
        rule: "scope_mismatch", severity: .warning,
        message: "`Café` (singleton, container) keeps `Cart` (transient)",
        location: at(checkout, 14, 53), services: ["Café", "Cart"])

    static var inSource: Diagnostic {
        var d = Diagnostic(
            rule: "unused_registration", severity: .note, message: "`LegacyCache` is registered but never resolved",
            location: at(legacy, 3, 9), services: ["LegacyCache"])
        d.suppress(.inSource)
        return d
    }

    static var baselined: Diagnostic {
        var d = Diagnostic(
            rule: "god_singleton", severity: .warning, message: "`Logger.shared` has 12 dependents",
            location: at("/opt/shared code/Logger.swift", 2, 16), services: ["Logger.shared"])
        d.suppress(.baseline)
        return d
    }

    static var diagnostics: [Diagnostic] {
        [cycle, missing, multiByte, inSource, baselined].sorted(by: Diagnostic.reportOrder)
    }

    static var analysis: Analysis {
        Analysis(graph: DependencyGraph(services: [], edges: []), diagnostics: diagnostics)
    }
}
