// swift-tools-version: 5.10
import PackageDescription

// `Has…` protocol environments (seeds 000 and 004) written out in plain Swift: it builds on Linux
// with no dependency. Meant to be scanned; running it walks into the planted cycle.
let package = Package(
    name: "EnvironmentApp",
    targets: [.executableTarget(name: "EnvironmentApp")]
)
