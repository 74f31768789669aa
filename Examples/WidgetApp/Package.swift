// swift-tools-version: 6.1
// An app, its widget and the app's tests, sharing one library: three programs with containers of
// their own. digraph reads this file (never runs it) to tell them apart.
import PackageDescription

let package = Package(
    name: "WidgetApp",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0")
    ],
    targets: [
        .target(name: "ShopCore"),
        .executableTarget(
            name: "ShopApp",
            dependencies: ["ShopCore", .product(name: "Swinject", package: "Swinject")]),
        .executableTarget(
            name: "ShopWidget",
            dependencies: ["ShopCore", .product(name: "Swinject", package: "Swinject")]),
        .testTarget(
            name: "ShopAppTests",
            dependencies: ["ShopApp", .product(name: "Swinject", package: "Swinject")]),
    ]
)
