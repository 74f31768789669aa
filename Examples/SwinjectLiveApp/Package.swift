// swift-tools-version: 6.0
import PackageDescription

// A Swinject app that writes a digraph-snapshot/1 of its container (`swift run SwinjectLiveApp`),
// and a hand-written service locator that does the same through DigraphRecorder
// (`swift run LocatorLiveApp`). digraph itself is the package two folders up.
let package = Package(
    name: "SwinjectLiveApp",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "digraph", path: "../.."),
        .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "SwinjectLiveApp",
            dependencies: [
                .product(name: "DigraphSwinject", package: "digraph"),
                .product(name: "DigraphRecorder", package: "digraph"),
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
        .executableTarget(
            name: "LocatorLiveApp",
            dependencies: [.product(name: "DigraphRecorder", package: "digraph")],
            // Seed 000's locator is Swift 5 code (a non-Sendable `static let shared`).
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
