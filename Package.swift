// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "digraph",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "digraph", targets: ["digraph"]),
        .library(name: "DigraphCore", targets: ["DigraphCore"]),
        .library(name: "DigraphScanner", targets: ["DigraphScanner"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // The model, the link phase, the graph and the rules. No SwiftSyntax, no Graphviz:
        // rules are testable on hand-built facts and graphs.
        .target(name: "DigraphCore"),
        // Swift source -> per-file facts. One folder per DI style under Extractors/.
        .target(
            name: "DigraphScanner",
            dependencies: [
                "DigraphCore",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // One type per output format.
        .target(name: "DigraphReporters", dependencies: ["DigraphCore"]),
        // Commands, configuration loading, file discovery.
        .target(
            name: "DigraphCLI",
            dependencies: [
                "DigraphCore", "DigraphScanner", "DigraphReporters",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(name: "digraph", dependencies: ["DigraphCLI"]),
        .executableTarget(
            name: "digraph-bench",
            dependencies: [.product(name: "SwiftParser", package: "swift-syntax")]
        ),
        .testTarget(name: "DigraphCoreTests", dependencies: ["DigraphCore"]),
        .testTarget(name: "DigraphScannerTests", dependencies: ["DigraphCore", "DigraphScanner"]),
        .testTarget(
            name: "DigraphReportersTests", dependencies: ["DigraphCore", "DigraphReporters", "JSONSchemaCheck"],
            exclude: ["Fixtures"]),
        // A small JSON Schema validator (the keywords digraph's schemas use), for tests only.
        .target(name: "JSONSchemaCheck", path: "Tests/Support/JSONSchemaCheck"),
        .testTarget(
            name: "DigraphCLITests",
            dependencies: ["DigraphCLI", "DigraphCore", "DigraphScanner", "DigraphReporters", "JSONSchemaCheck"],
            resources: [.copy("Fixtures")]
        ),
    ]
)
