// swift-tools-version: 5.10
import PackageDescription

// Seed 004's key-path dependency container, written out in plain Swift: it builds and runs on
// Linux with no dependency, and each scenario shows at run time one finding of `digraph check`.
let package = Package(
    name: "KeyPathContainerApp",
    targets: [.executableTarget(name: "KeyPathContainerApp")]
)
