// swift-tools-version: 6.1
// A package that checks itself with digraph's SwiftPM plugin:
//   swift package digraph-check
import PackageDescription

let package = Package(
    name: "PluginDemo",
    dependencies: [.package(path: "../..")],
    targets: [
        // Never compiled by the plugin run: digraph only reads the sources.
        .target(name: "Shop")
    ]
)
