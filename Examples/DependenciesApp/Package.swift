// swift-tools-version: 6.0
import PackageDescription

// A command-line app in the swift-dependencies style. It builds and runs on Linux: each scenario
// shows at run time one finding `digraph check` reports statically (see README.md).
let package = Package(
    name: "DependenciesApp",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1")
    ],
    targets: [
        .executableTarget(
            name: "DependenciesApp",
            dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]
        )
    ]
)
