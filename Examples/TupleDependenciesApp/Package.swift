// swift-tools-version: 5.10
import PackageDescription

// Seed 002's tuple dependencies over a Swinject container: each type takes
// `typealias Dependency = (A, B, …)` and its registration resolves the elements. Builds on Linux
// with Swinject; running it reaches the planted defects (see README.md).
let package = Package(
    name: "TupleDependenciesApp",
    dependencies: [.package(url: "https://github.com/Swinject/Swinject", from: "2.10.0")],
    targets: [
        .executableTarget(name: "TupleDependenciesApp", dependencies: [.product(name: "Swinject", package: "Swinject")])
    ]
)
