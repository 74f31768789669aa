import DigraphCore
import DigraphProjects
import Testing

@Suite struct PlaygroundTests {
    @Test func eachPageIsAProgramSharingOnlyThePlaygroundSources() throws {
        let fixture = try Fixture()
        try fixture.swiftFiles([
            "Tour.playground/Pages/Intro.xcplaygroundpage/Contents.swift",
            "Tour.playground/Pages/Containers.xcplaygroundpage/Contents.swift",
            "Tour.playground/Pages/Containers.xcplaygroundpage/Sources/PageHelpers.swift",
            "Tour.playground/Sources/Shared.swift",
            "Tour.playground/Resources/Notes.swift",
            "Sketch.playground/Contents.swift",
            "Sketch.playground/Sources/Support.swift",
        ])
        try fixture.write("Tour.playground/contents.xcplayground", "<playground version='6.0'/>")
        let map = try fixture.discover()

        #expect(map.names == ["Sketch", "Tour/Containers", "Tour/Intro"])
        #expect(map.programs.allSatisfy { $0.kind == .playgroundPage && $0.source == "playground" })
        #expect(map.program("Tour/Intro")?.files == [
            "Tour.playground/Pages/Intro.xcplaygroundpage/Contents.swift", "Tour.playground/Sources/Shared.swift",
        ])
        #expect(map.program("Tour/Containers")?.files == [
            "Tour.playground/Pages/Containers.xcplaygroundpage/Contents.swift",
            "Tour.playground/Pages/Containers.xcplaygroundpage/Sources/PageHelpers.swift",
            "Tour.playground/Sources/Shared.swift",
        ])
        #expect(map.program("Tour/Intro")?.descriptionPath == "Tour.playground")
        #expect(map.program("Sketch")?.files == ["Sketch.playground/Contents.swift", "Sketch.playground/Sources/Support.swift"])
        #expect(map.uncompiled == ["Tour.playground/Resources/Notes.swift"])
    }

    @Test func aPlaygroundInsideAPackageIsItsOwnScope() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            import PackageDescription
            let package = Package(name: "Lib", targets: [.target(name: "Lib", path: ".")])
            """)
        try fixture.swiftFiles(["Lib.swift", "Docs/Demo.playground/Contents.swift"])
        let map = try fixture.discover()
        #expect(map.names == ["Demo", "Lib"])
        #expect(map.program("Lib")?.files == ["Lib.swift"])
        #expect(map.program("Demo")?.files == ["Docs/Demo.playground/Contents.swift"])
    }
}

@Suite struct ScopeTests {
    @Test func filesUnderNoDescriptionAreLeftToTheFallback() throws {
        let fixture = try Fixture()
        try fixture.write("Service/Package.swift", """
            import PackageDescription
            let package = Package(name: "Service", targets: [.executableTarget(name: "Service")])
            """)
        try fixture.swiftFiles([
            "Service/Sources/Service/main.swift", "Service/Sources/Service/Routes.swift", "Service/Scratch.swift",
            "Scripts/release.swift", "Tests/ScriptTests/ReleaseTests.swift",
        ])
        let map = try fixture.discover()

        #expect(map.names == ["Service"])
        #expect(map.program("Service")?.files == ["Service/Sources/Service/Routes.swift", "Service/Sources/Service/main.swift"])
        #expect(map.uncompiled == ["Service/Package.swift", "Service/Scratch.swift"])
        #expect(map.undescribed == ["Scripts/release.swift", "Tests/ScriptTests/ReleaseTests.swift"])
    }

    @Test func aScannedFolderThePackageAboveDoesNotCompileIsNotThePackages() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            import PackageDescription
            let package = Package(name: "Tool", targets: [.executableTarget(name: "Tool")])
            """)
        try fixture.swiftFiles(["Sources/Tool/main.swift", "Examples/Shop/App.swift", "Examples/Shop/Services.swift"])

        // Scanned on its own, the examples folder is loose code: the fallback groups it.
        let examples = try fixture.discover(roots: ["Examples/Shop"])
        #expect(examples == ProgramMap.undescribed(["Examples/Shop/App.swift", "Examples/Shop/Services.swift"]))
        // Scanned with the package, the same files are inside it and compiled by none of its targets.
        let whole = try fixture.discover()
        #expect(whole.names == ["Tool"])
        #expect(whole.uncompiled == ["Examples/Shop/App.swift", "Examples/Shop/Services.swift", "Package.swift"])
    }

    @Test func withoutAnyDescriptionEverythingIsUndescribed() throws {
        let fixture = try Fixture()
        try fixture.swiftFiles(["main.swift", "Sources/Container.swift"])
        let map = try fixture.discover()
        #expect(map == ProgramMap.undescribed(["Sources/Container.swift", "main.swift"]))
    }

    @Test func theWalkUpStopsAtTheRepositoryRoot() throws {
        let outer = try Fixture()
        try outer.write("Package.swift", """
            import PackageDescription
            let package = Package(name: "Outer", targets: [.target(name: "Outer", path: ".")])
            """)
        // A checkout inside the outer folder: its own `.git` ends the walk before the outer package.
        try outer.write("checkout/.git/HEAD", "ref: refs/heads/main\n")
        try outer.swiftFiles(["checkout/Tool/main.swift"])
        let map = try outer.discover(roots: ["checkout/Tool"])
        #expect(map.programs == [])
        #expect(map.undescribed == ["checkout/Tool/main.swift"])
    }

    @Test func buildAndVendorFoldersAreNotSearchedForDescriptions() throws {
        let fixture = try Fixture()
        try fixture.write(".build/checkouts/Dep/Package.swift", "import PackageDescription\nlet package = Package(name: \"Dep\")\n")
        try fixture.write("Pods/Thing/project.yml", "name: [unclosed\n")
        try fixture.swiftFiles(["main.swift"])
        let map = try fixture.discover(roots: ["."], files: ["main.swift"])
        #expect(map == ProgramMap.undescribed(["main.swift"]))
    }

    @Test func aFileCompiledIntoSeveralProgramsIsInEach() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            import PackageDescription
            let package = Package(name: "Two", targets: [
                .executableTarget(name: "api", dependencies: ["Shared"]),
                .executableTarget(name: "worker", dependencies: ["Shared"]),
                .target(name: "Shared"),
            ])
            """)
        try fixture.swiftFiles(["Sources/api/main.swift", "Sources/worker/main.swift", "Sources/Shared/Container.swift"])
        let map = try fixture.discover()
        #expect(map.program("api")?.files == ["Sources/Shared/Container.swift", "Sources/api/main.swift"])
        #expect(map.program("worker")?.files == ["Sources/Shared/Container.swift", "Sources/worker/main.swift"])
        #expect(map.program("api")?.sees == [] && map.program("worker")?.sees == [])
    }
}
