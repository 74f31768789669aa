// swift-tools-version: 6.1
// A package whose build runs digraph through its SwiftPM build-tool plugin:
//   swift build     # the planted cycle is a build error at Sources/Shop/Store.swift:6:29
import PackageDescription

let package = Package(
    name: "BuildPluginDemo",
    dependencies: [.package(name: "digraph", path: "../..")],
    targets: [
        .target(name: "Shop", plugins: [.plugin(name: "DigraphBuildPlugin", package: "digraph")])
    ]
)
