// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "digraph",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "digraph", targets: ["digraph"]),
        .library(name: "DigraphCore", targets: ["DigraphCore"]),
        .library(name: "DigraphScanner", targets: ["DigraphScanner"]),
        // Linked by apps: write a digraph-snapshot/1 of a live container.
        .library(name: "DigraphRecorder", targets: ["DigraphRecorder"]),
        .library(name: "DigraphSwinject", targets: ["DigraphSwinject"]),
        .plugin(name: "DigraphCheckPlugin", targets: ["DigraphCheckPlugin"]),
        .plugin(name: "DigraphBuildPlugin", targets: ["DigraphBuildPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
    ],
    targets: [
        // The model, the link phase, the graph and the rules. No SwiftSyntax, no Graphviz:
        // rules are testable on hand-built facts and graphs.
        .target(name: "DigraphCore", dependencies: ["CCrashReport"]),
        // The crash report's signal handler, in C: async-signal-safe, no Swift runtime in it.
        .target(name: "CCrashReport"),
        // The incremental cache's store (atomic, validated, bounded entries), the binary form of
        // cached values, content hashing and the build's fingerprint. No other dependency.
        .target(name: "DigraphCache"),
        // Swift source -> per-file facts. One folder per DI style under Extractors/.
        .target(
            name: "DigraphScanner",
            dependencies: [
                "DigraphCore", "DigraphCache",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // digraph-snapshot/1 documents -> the same graph model, strictly validated.
        .target(name: "DigraphSnapshot", dependencies: ["DigraphCore"]),
        // One type per output format.
        .target(name: "DigraphReporters", dependencies: ["DigraphCore"]),
        // Graphviz's C API, behind one system-library target and one small Swift target.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        .target(name: "DigraphRender", dependencies: ["DigraphCore", "CGraphviz"]),
        // Project descriptions (Package.swift, project.pbxproj, XcodeGen specs, Tuist manifests,
        // playgrounds) -> the programs of a scan. Read statically: nothing is executed.
        .target(
            name: "DigraphProjects",
            dependencies: [
                "DigraphCore", "DigraphCache",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                // Tuist manifests: their helpers' `a + b == c` is folded as Swift folds it.
                .product(name: "SwiftOperators", package: "swift-syntax"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Commands, configuration loading, file discovery.
        .target(
            name: "DigraphCLI",
            dependencies: [
                "DigraphCore", "DigraphScanner", "DigraphSnapshot", "DigraphReporters", "DigraphRender",
                "DigraphProjects", "DigraphCache",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(name: "digraph", dependencies: ["DigraphCLI"]),
        // libFuzzer targets over every input digraph reads (see `make fuzz`); in an ordinary build,
        // a replayer of their inputs.
        .executableTarget(name: "digraph-fuzz", dependencies: ["DigraphCLI", "DigraphCore"]),
        .executableTarget(
            name: "digraph-bench",
            dependencies: [
                "DigraphCore", "DigraphRender", .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        // Dependency-free snapshot writer for hand-written containers.
        .target(name: "DigraphRecorder"),
        .target(
            name: "DigraphSwinject",
            dependencies: ["DigraphRecorder", .product(name: "Swinject", package: "Swinject")]
        ),
        .plugin(
            name: "DigraphCheckPlugin",
            capability: .command(
                intent: .custom(verb: "digraph-check", description: "Check the package's targets for DI defects"),
                permissions: []
            ),
            dependencies: ["digraph"]
        ),
        // `digraph check --format xcode` in every build of the targets that apply it.
        .plugin(name: "DigraphBuildPlugin", capability: .buildTool(), dependencies: ["digraph"]),
        .testTarget(name: "DigraphCoreTests", dependencies: ["DigraphCore"]),
        .testTarget(name: "DigraphCacheTests", dependencies: ["DigraphCache", "DigraphCore", "SeededRandom"]),
        .testTarget(
            name: "DigraphScannerTests",
            dependencies: ["DigraphCore", "DigraphScanner", "DigraphSnapshot", "DigraphCache", "SeededRandom"]),
        .testTarget(
            name: "DigraphReportersTests",
            dependencies: ["DigraphCore", "DigraphReporters", "JSONSchemaCheck", "GoldenFile"],
            exclude: ["Fixtures"]),
        .testTarget(name: "DigraphProjectsTests", dependencies: ["DigraphCore", "DigraphProjects"]),
        .testTarget(name: "DigraphSnapshotTests", dependencies: ["DigraphCore", "DigraphSnapshot"]),
        .testTarget(
            name: "DigraphRenderTests", dependencies: ["DigraphCore", "DigraphRender", "GoldenFile"], exclude: ["Golden"]),
        .testTarget(
            name: "DigraphSwinjectTests",
            dependencies: [
                "DigraphSwinject", "DigraphRecorder", "DigraphSnapshot", "JSONSchemaCheck",
                .product(name: "Swinject", package: "Swinject"),
            ]),
        // A small JSON Schema validator (the keywords digraph's schemas use), for tests only.
        .target(name: "JSONSchemaCheck", path: "Tests/Support/JSONSchemaCheck"),
        // Compares test output with committed goldens; never writes them (`make goldens` does).
        .target(name: "GoldenFile", path: "Tests/Support/GoldenFile"),
        // Random numbers that are the same on every run, for tests of generated input.
        .target(name: "SeededRandom", path: "Tests/Support/SeededRandom"),
        .testTarget(
            name: "DigraphCLITests",
            dependencies: [
                "DigraphCLI", "DigraphCore", "DigraphScanner", "DigraphSnapshot", "DigraphReporters", "DigraphRender",
                "DigraphCache", "JSONSchemaCheck",
            ],
            resources: [.copy("Fixtures")]
        ),
    ]
)

// `make fuzz` sets DIGRAPH_FUZZ to libFuzzer's archive without `main`: digraph's own modules are
// then built with coverage for libFuzzer and AddressSanitizer, and digraph-fuzz links libFuzzer.
// Dependencies (swift-syntax above all) are built as usual, so the build reuses theirs.
if let libFuzzer = Context.environment["DIGRAPH_FUZZ"], !libFuzzer.isEmpty {
    let instrumented: [SwiftSetting] = [
        .unsafeFlags(["-sanitize=address", "-sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp"]),
        .define("DIGRAPH_LIBFUZZER"),
    ]
    for target in package.targets where target.name.hasPrefix("Digraph") || target.name == "digraph-fuzz" {
        guard target.type == .regular || target.type == .executable else { continue }
        target.swiftSettings = (target.swiftSettings ?? []) + instrumented
    }
    for target in package.targets where target.name == "digraph-fuzz" {
        target.linkerSettings = [.unsafeFlags(["-sanitize=address", libFuzzer, "-lstdc++"])]
    }
}
