import DigraphCore
import DigraphProjects
import Testing

/// A description whose sources are the disk above the project (`path: "/"`, `sources: [..]`) is
/// noted, never walked: digraph must not read a whole file system because a project says so.
@Suite struct OutsideTheProjectTests {
    @Test func aPackageTargetOutsideThePackageIsNotRead() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Evil",
                targets: [
                    .target(name: "Disk", path: "/"),
                    .target(name: "Above", path: "../.."),
                    .target(name: "Core", sources: ["../../..", "Cart.swift"]),
                ]
            )
            """)
        try fixture.swiftFiles(["Sources/Core/Cart.swift"])
        let map = try fixture.discover()
        #expect(map.notes.map(\.message) == [
            "target 'Disk': path '/' is outside the package: not read",
            "target 'Above': path '../..' is outside the package: not read",
        ])
        #expect(map.program("Core")?.files == ["Sources/Core/Cart.swift"])
    }

    @Test func anXcodeGenSourceHoldingTheProjectIsNotRead() throws {
        let fixture = try Fixture()
        try fixture.write("App/project.yml", """
            name: App
            targets:
              App:
                type: application
                sources: [.., Sources]
            """)
        try fixture.swiftFiles(["App/Sources/AppDelegate.swift"])
        let map = try fixture.discover()
        #expect(map.notes.map(\.message) == ["target 'App': source '..' holds the whole project: not read"])
        #expect(map.program("App")?.files == ["App/Sources/AppDelegate.swift"])
    }

    /// Brace groups multiply: thirty `{a,b}` would be a billion patterns. Past 256 the rest stay as
    /// written; `**/**/…` is one `**`.
    @Test func pathologicalPatternsStayCheap() throws {
        let fixture = try Fixture()
        let braces = String(repeating: "{a,b}", count: 30)
        let stars = Array(repeating: "**", count: 40).joined(separator: "/")
        try fixture.write("project.yml", """
            name: App
            targets:
              App:
                type: application
                sources:
                  - path: Sources
                    excludes: ["\(braces)", "\(stars)/Legacy.swift"]
            """)
        try fixture.swiftFiles(["Sources/A/B/C/D/E/F/G/H/App.swift", "Sources/A/B/C/D/E/F/G/H/Legacy.swift"])
        let map = try fixture.discover()
        #expect(map.program("App")?.files == ["Sources/A/B/C/D/E/F/G/H/App.swift"])
    }
}
