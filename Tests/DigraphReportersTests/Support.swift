import DigraphCore
import DigraphReporters
import Foundation
import JSONSchemaCheck

/// Files of this repository, found from this source file so tests run from any directory.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // DigraphReportersTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    static func schema(_ relative: String) throws -> JSONSchema { try JSONSchema(contentsOf: url(relative)) }

    static let reportSchemaPath = "docs/schemas/report.schema.json"
    static let snapshotSchemaPath = "docs/schemas/snapshot.schema.json"
    static let sarifSchemaPath = "Tests/DigraphReportersTests/Fixtures/sarif-schema-2.1.0.json"
    /// The contract outside the repository; tests that use it skip when it is absent.
    static let sharedReportSchema = root.deletingLastPathComponent().appendingPathComponent("shared/spec/report.schema.json")
}

func parseJSON(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// A small hand-built analysis: a Swinject cycle with a captive dependency, a view model built by
/// initializer injection with an optional missing dependency, a root request, and a suppressed note.
enum Sample {
    static let assembly = "Sources/App/AppAssembly.swift"
    static let view = "Sources/App/Views/ProfileView.swift"

    static func at(_ file: String, _ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    static let sourceLines: [String: [Int: String]] = [
        assembly: [
            9: "            db: r.resolve(Database.self, name: \"primary\")!",
            13: "            api: r.resolve(APIClient.self)!",
        ],
        view: [5: "\t@Injected var analytics: Analytics?"],
    ]

    static func context(color: Bool = false, summary: Bool = true) -> ReportContext {
        ReportContext(
            inputs: [ReportInput(kind: .source, path: "Sources", files: 3)], files: 3, useColor: color,
            sourceLine: { file, line in sourceLines[file]?[line] }, includeSummary: summary)
    }

    static var graph: DependencyGraph {
        DependencyGraph(
            services: [
                Service(
                    id: "ProfileViewModel", type: "ProfileViewModel", lifetime: .transient, style: "initializer",
                    locations: [at(view, 3, 7)]),
                Service(
                    id: "APIClient", type: "APIClient", lifetime: .singleton, lifetimeDetail: "container",
                    implementation: ["URLSessionAPIClient"], style: "swinject", container: "container",
                    locations: [at(assembly, 8, 9)]),
                Service(
                    id: "Database#primary", type: "Database", name: "primary", lifetime: .graph, style: "swinject",
                    container: "container", locations: [at(assembly, 12, 9)]),
                Service(
                    id: "ImageCache(Int)", type: "ImageCache", arguments: ["Int"], lifetime: .transient,
                    lifetimeDetail: "transient", style: "swinject", container: "container",
                    locations: [at(assembly, 20, 9)]),
            ],
            edges: [
                Edge(from: "APIClient", to: "Database#primary", timing: .eager, via: .resolve, location: at(assembly, 9, 17)),
                Edge(from: "Database#primary", to: "APIClient", timing: .eager, via: .resolve, location: at(assembly, 13, 18)),
                Edge(from: "ProfileViewModel", to: "APIClient", timing: .eager, via: .initializer, location: at(view, 4, 20)),
                Edge(
                    from: "ProfileViewModel", to: "Analytics", timing: .deferred, via: .propertyWrapper, optional: true,
                    missing: true, location: at(view, 5, 2)),
            ],
            rootRequests: [
                Edge(from: "(root)", to: "ProfileViewModel", timing: .eager, via: .resolve, location: at("Sources/App/main.swift", 4, 1)),
            ])
    }

    static var diagnostics: [Diagnostic] {
        var unused = Diagnostic(
            rule: "unused_registration", severity: .note, message: "ImageCache(Int) is registered but never resolved",
            location: at(assembly, 20, 9), services: ["ImageCache(Int)"])
        unused.suppressed = true
        return [
            Diagnostic(
                rule: "scope_mismatch", severity: .warning,
                message: "singleton APIClient captures graph-scoped Database#primary",
                location: at(assembly, 9, 17), services: ["APIClient", "Database#primary"]),
            Diagnostic(
                rule: "dependency_cycle", severity: .error,
                message: "dependency cycle: APIClient -> Database#primary -> APIClient",
                location: at(assembly, 9, 17), services: ["APIClient", "Database#primary"],
                path: ["APIClient", "Database#primary", "APIClient"],
                notes: [
                    .init(message: "APIClient resolves Database#primary here", location: at(assembly, 9, 17)),
                    .init(message: "Database#primary resolves APIClient here", location: at(assembly, 13, 18)),
                    .init(message: "make one of the edges deferred, e.g. with initCompleted"),
                ]),
            Diagnostic(
                rule: "missing_registration", severity: .note,
                message: "optional request for Analytics has no registration",
                location: at(view, 5, 2), services: ["Analytics", "ProfileViewModel"]),
            unused,
        ].sorted(by: Diagnostic.reportOrder)
    }

    static var analysis: Analysis { Analysis(graph: graph, diagnostics: diagnostics) }
}
