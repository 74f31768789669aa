import DigraphCore
import DigraphProjects
import Testing

@Suite struct PackageManifestTests {
    @Test func defaultFoldersTestsAndExecutables() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Shop",
                targets: [
                    .target(name: "Core"),
                    .executableTarget(name: "Tool", dependencies: ["Core"]),
                    .testTarget(name: "CoreTests", dependencies: [.target(name: "Core")]),
                    .testTarget(name: "ToolTests", dependencies: ["Tool"]),
                ]
            )
            """)
        try fixture.swiftFiles([
            "Sources/Core/Cart.swift", "Sources/Core/Models/Item.swift", "Sources/Tool/main.swift",
            "Tests/CoreTests/CartTests.swift", "Tests/ToolTests/ToolTests.swift", "Sources/Stale/Old.swift",
        ])
        let map = try fixture.discover()

        #expect(map.names == ["CoreTests", "Tool", "ToolTests"])
        let tool = try #require(map.program("Tool"))
        #expect(tool.kind == .tool)
        #expect(tool.source == "Package.swift")
        #expect(tool.descriptionPath == "Package.swift")
        #expect(tool.files == ["Sources/Core/Cart.swift", "Sources/Core/Models/Item.swift", "Sources/Tool/main.swift"])
        #expect(tool.sees == [])
        let coreTests = try #require(map.program("CoreTests"))
        #expect(coreTests.kind == .tests)
        #expect(coreTests.files == ["Sources/Core/Cart.swift", "Sources/Core/Models/Item.swift", "Tests/CoreTests/CartTests.swift"])
        #expect(coreTests.sees == [])
        // Tests of an executable run its code: they see the tool, and compile only their own files.
        let toolTests = try #require(map.program("ToolTests"))
        #expect(toolTests.files == ["Tests/ToolTests/ToolTests.swift"])
        #expect(toolTests.sees == ["Tool"])
        // The manifest and a folder no target names are under the package but compiled by nobody.
        #expect(map.uncompiled == ["Package.swift", "Sources/Stale/Old.swift"])
        #expect(map.undescribed == [])
        #expect(map.notes == [])
    }

    @Test func pathSourcesAndExclude() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            import PackageDescription
            let package = Package(
                name: "Lib",
                targets: [
                    .executableTarget(
                        name: "Server",
                        path: "Code/Server",
                        sources: ["API", "Extra.swift"],
                        exclude: ["API/Generated", "API/Legacy.swift"]
                    ),
                    .target(name: "Support", path: "Code/Support", exclude: ["Fixtures"]),
                ]
            )
            """)
        try fixture.swiftFiles([
            "Code/Server/API/Routes.swift", "Code/Server/API/Legacy.swift", "Code/Server/API/Generated/Client.swift",
            "Code/Server/Extra.swift", "Code/Server/Unlisted.swift",
            "Code/Support/Log.swift", "Code/Support/Fixtures/Sample.swift",
        ])
        let map = try fixture.discover()

        #expect(map.names == ["Server", "Support"])
        #expect(map.program("Server")?.files == ["Code/Server/API/Routes.swift", "Code/Server/Extra.swift"])
        // Nothing links Support: it is analysed on its own.
        #expect(map.program("Support")?.kind == .library)
        #expect(map.program("Support")?.files == ["Code/Support/Log.swift"])
        #expect(map.uncompiled == [
            "Code/Server/API/Generated/Client.swift", "Code/Server/API/Legacy.swift", "Code/Server/Unlisted.swift",
            "Code/Support/Fixtures/Sample.swift", "Package.swift",
        ])
    }

    @Test func librariesAreCompiledIntoEveryProgramThatLinksThemTransitively() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            import PackageDescription
            let package = Package(
                name: "Chain",
                dependencies: [.package(url: "https://example.com/remote.git", from: "1.0.0")],
                targets: [
                    .executableTarget(name: "App", dependencies: ["Feature", .product(name: "Remote", package: "remote")]),
                    .executableTarget(name: "Admin", dependencies: [.byName(name: "Core")]),
                    .target(name: "Feature", dependencies: ["Core"]),
                    .target(name: "Core", dependencies: ["Util", "CSQLite"]),
                    .target(name: "Util"),
                    .target(name: "TestSupport"),
                    .target(name: "Orphan"),
                    .systemLibrary(name: "CSQLite"),
                    .testTarget(name: "FeatureTests", dependencies: ["Feature", "TestSupport"]),
                ]
            )
            """)
        try fixture.swiftFiles([
            "Sources/App/main.swift", "Sources/Admin/main.swift", "Sources/Feature/Feature.swift",
            "Sources/Core/Core.swift", "Sources/Util/Util.swift", "Sources/TestSupport/Mocks.swift",
            "Sources/Orphan/Orphan.swift", "Tests/FeatureTests/FeatureTests.swift",
        ])
        let map = try fixture.discover()

        #expect(map.names == ["Admin", "App", "FeatureTests", "Orphan", "TestSupport"])
        #expect(map.program("App")?.files == [
            "Sources/App/main.swift", "Sources/Core/Core.swift", "Sources/Feature/Feature.swift", "Sources/Util/Util.swift",
        ])
        #expect(map.program("Admin")?.files == ["Sources/Admin/main.swift", "Sources/Core/Core.swift", "Sources/Util/Util.swift"])
        #expect(map.program("FeatureTests")?.files == [
            "Sources/Core/Core.swift", "Sources/Feature/Feature.swift", "Sources/TestSupport/Mocks.swift",
            "Sources/Util/Util.swift", "Tests/FeatureTests/FeatureTests.swift",
        ])
        // Linked only by tests, or by nobody: still analysed, as libraries.
        #expect(map.program("TestSupport")?.kind == .library)
        #expect(map.program("TestSupport")?.files == ["Sources/TestSupport/Mocks.swift"])
        #expect(map.program("Orphan")?.files == ["Sources/Orphan/Orphan.swift"])
        #expect(map.notes == [])
    }

    /// AmpFin's `.targetItem(name:condition:)`: PackageDescription's conditional forms of the
    /// three dependencies link the same targets.
    @Test func conditionalDependencyItemsLinkTheirTargets() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            import PackageDescription
            let package = Package(
                name: "Kit",
                targets: [
                    .executableTarget(name: "App", dependencies: [
                        .targetItem(name: "Playback", condition: .none),
                        .byNameItem(name: "Network", condition: .when(platforms: [.iOS])),
                        .productItem(name: "Remote", package: "remote", moduleAliases: nil, condition: nil),
                    ]),
                    .target(name: "Playback"),
                    .target(name: "Network"),
                ]
            )
            """)
        try fixture.swiftFiles(["Sources/App/main.swift", "Sources/Playback/Player.swift", "Sources/Network/Client.swift"])
        let map = try fixture.discover()

        #expect(map.names == ["App"])
        #expect(map.program("App")?.files == [
            "Sources/App/main.swift", "Sources/Network/Client.swift", "Sources/Playback/Player.swift",
        ])
        #expect(map.notes == [])
    }

    @Test func targetsFromLetsConcatenationsAndMutations() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            import PackageDescription

            let core = Target.target(name: "Core")
            let libraries: [Target] = [core, .target(name: "Net", dependencies: ["Core"])]
            let tools: [Target] = [.executableTarget(name: "cli", dependencies: netDependencies)]
            let netDependencies: [Target.Dependency] = ["Net"]
            let extras: [Target]
            if ProcessInfo.processInfo.environment["FULL"] != nil {
                extras = [.executableTarget(name: "bench", dependencies: ["Core"])]
            } else {
                extras = []
            }

            let package = Package(
                name: "Composed",
                targets: libraries + tools + [
                    .plugin(name: "Lint", capability: .buildTool()),
                ] + extras
            )

            package.targets += [.testTarget(name: "NetTests", dependencies: ["Net"])]
            package.targets.append(.macro(name: "Macros"))
            #if os(macOS)
            package.targets.append(contentsOf: [.executableTarget(name: "mac-helper", path: "Helpers/mac")])
            #endif
            """)
        try fixture.swiftFiles([
            "Sources/Core/Core.swift", "Sources/Net/Client.swift", "Sources/cli/main.swift", "Plugins/Lint/Plugin.swift",
            "Tests/NetTests/ClientTests.swift", "Sources/Macros/Macro.swift", "Helpers/mac/main.swift",
            "Sources/bench/main.swift",
        ])
        let map = try fixture.discover()

        #expect(map.names == ["Lint", "Macros", "NetTests", "bench", "cli", "mac-helper"])
        // Declared in one branch of a top-level `if`: every branch is read.
        #expect(map.program("bench")?.files == ["Sources/Core/Core.swift", "Sources/bench/main.swift"])
        #expect(map.program("cli")?.files == ["Sources/Core/Core.swift", "Sources/Net/Client.swift", "Sources/cli/main.swift"])
        #expect(map.program("Lint")?.files == ["Plugins/Lint/Plugin.swift"])
        #expect(map.program("Lint")?.kind == .tool)
        #expect(map.program("Macros")?.files == ["Sources/Macros/Macro.swift"])
        #expect(map.program("mac-helper")?.files == ["Helpers/mac/main.swift"])
        #expect(map.program("NetTests")?.files == [
            "Sources/Core/Core.swift", "Sources/Net/Client.swift", "Tests/NetTests/ClientTests.swift",
        ])
        #expect(map.notes == [])
    }

    /// Movies-TCA's Presentation package: lists of targets flattened into the package, and a
    /// loop giving every target of a list the same dependencies.
    @Test func flattenedListsAndDependenciesAddedInALoop() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            import PackageDescription
            let package = Package(
                name: "Presentation",
                targets: [.target(name: "Domain"), .target(name: "Design")]
            )
            let features: [Target] = [.target(name: "Search"), .target(name: "Splash")]
            for target in features {
                target.dependencies.append(contentsOf: ["Design", "Domain"])
            }
            let navigators: [Target] = [.executableTarget(name: "Root", dependencies: ["Splash"])]
            let tools: [[Target]] = [[.executableTarget(name: "lint")]]
            package.targets.append(contentsOf: [features, navigators].flatMap { $0 })
            package.targets += Array(tools.joined())
            for target in package.targets where target.type != .test {
                target.swiftSettings = [.enableUpcomingFeature("ExistentialAny")]
            }
            """)
        try fixture.swiftFiles([
            "Sources/Domain/UseCases.swift", "Sources/Design/Theme.swift", "Sources/Search/Search.swift",
            "Sources/Splash/Splash.swift", "Sources/Root/main.swift", "Sources/lint/main.swift",
        ])
        let map = try fixture.discover()

        #expect(map.names == ["Root", "Search", "lint"])
        #expect(map.program("Root")?.files == [
            "Sources/Design/Theme.swift", "Sources/Domain/UseCases.swift", "Sources/Root/main.swift", "Sources/Splash/Splash.swift",
        ])
        #expect(map.notes == [])
    }

    @Test func whatCannotBeReadIsANoteAtItsPosition() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            import PackageDescription

            func feature(_ name: String) -> Target { let made = Target.target(name: name); return made }
            let suffix = ProcessInfo.processInfo.environment["SUFFIX"] ?? ""

            let package = Package(
                name: "Dynamic",
                targets: [
                    .executableTarget(name: "App", dependencies: ["Known", "Missing"]),
                    .target(name: "Known"),
                    feature("Search"),
                    .target(name: "Gen" + suffix),
                    .target(name: "Moved", path: computedPath()),
                    .testTarget(name: "AppTests", dependencies: [.target(name: "Ghost")]),
                ] + extraTargets()
            )
            """)
        try fixture.swiftFiles(["Sources/App/main.swift", "Sources/Known/K.swift", "Sources/Search/S.swift",
                                "Tests/AppTests/T.swift"])
        let map = try fixture.discover()

        #expect(map.notes.map(\.location.description) == [
            "Package.swift:11:9", "Package.swift:12:23", "Package.swift:13:38", "Package.swift:14:54", "Package.swift:15:9",
        ])
        #expect(map.notes[0].message.contains("'feature(\"Search\")'"))
        #expect(map.notes[1].message.contains("name '\"Gen\" + suffix' is not a string literal"))
        #expect(map.notes[2].message.contains("target 'Moved': 'path:' is not a string literal"))
        #expect(map.notes[3].message == "'Ghost' names no target of this project")
        #expect(map.notes[4].message.contains("'extraTargets()' is computed"))
        // What was read still works; "Missing" may be a product of a dependency: not a note.
        #expect(map.program("App")?.files == ["Sources/App/main.swift", "Sources/Known/K.swift"])
        // A target not read may compile what no target read compiles: analysed, never dropped.
        #expect(map.uncompiled == ["Package.swift"])
        #expect(map.undescribed == ["Sources/Search/S.swift"])
    }

    @Test func nestedPackagesOwnTheirFilesAndCollidingNamesAreQualified() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            import PackageDescription
            let package = Package(
                name: "Outer",
                dependencies: [.package(path: "Packages/Kit")],
                targets: [
                    .executableTarget(name: "App", dependencies: [.product(name: "KitProduct", package: "Kit")]),
                    .target(name: "Everything", path: "."),
                ]
            )
            """)
        try fixture.write("Packages/Kit/Package.swift", """
            import PackageDescription
            let package = Package(
                name: "Kit",
                products: [.library(name: "KitProduct", targets: ["KitCore"])],
                targets: [.target(name: "KitCore"), .target(name: "KitExtras")]
            )
            """)
        try fixture.write("Examples/Demo/Package.swift", """
            import PackageDescription
            let package = Package(name: "Demo", targets: [.executableTarget(name: "App")])
            """)
        try fixture.swiftFiles([
            "Sources/App/main.swift", "Packages/Kit/Sources/KitCore/Kit.swift", "Packages/Kit/Sources/KitExtras/Extra.swift",
            "Examples/Demo/Sources/App/main.swift", "Top.swift",
        ])
        let map = try fixture.discover()

        #expect(map.names == ["Everything", "Examples/Demo/Package.swift:App", "KitExtras", "Package.swift:App"])
        // The outer App links the local package's product, so the package's library is compiled into it.
        #expect(map.program("Package.swift:App")?.files == ["Packages/Kit/Sources/KitCore/Kit.swift", "Sources/App/main.swift"])
        #expect(map.program("Examples/Demo/Package.swift:App")?.files == ["Examples/Demo/Sources/App/main.swift"])
        #expect(map.program("Examples/Demo/Package.swift:App")?.descriptionPath == "Examples/Demo/Package.swift")
        // A target at the package root does not reach into nested packages.
        #expect(map.program("Everything")?.files == ["Sources/App/main.swift", "Top.swift"])
        #expect(map.program("KitExtras")?.descriptionPath == "Packages/Kit/Package.swift")
        #expect(map.uncompiled == ["Examples/Demo/Package.swift", "Package.swift", "Packages/Kit/Package.swift"])
    }

    @Test func aRootInsideAPackageFindsThePackageAbove() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            import PackageDescription
            let package = Package(name: "P", targets: [
                .executableTarget(name: "App", dependencies: ["Core"]), .target(name: "Core"),
            ])
            """)
        try fixture.swiftFiles(["Sources/App/main.swift", "Sources/Core/Core.swift"])
        let map = try fixture.discover(roots: ["Sources/Core"])

        #expect(map.names == ["App"])
        #expect(map.program("App")?.files == ["Sources/Core/Core.swift"])
        #expect(map.uncompiled == [] && map.undescribed == [])
    }

    @Test func aManifestThatDoesNotParseIsAnErrorAtItsPosition() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            import PackageDescription
            let package = Package(
                name: "Broken",
                targets: [.target(name: "A"),, .target(name: "B")]
            )
            """)
        let error = projectError { () throws(ProjectError) in try fixture.discover() }
        #expect(error?.file == "Package.swift")
        #expect(error?.line == 4)
        #expect(error?.column == 34)
        #expect(error?.message == "syntax error: expected an expression")
    }

    /// gertrude: targets made by the manifest's own helper (`.checkedTarget(name:dependencies:)`
    /// returning a `.target(…)`), dependencies through its static members (`.dependencies`) and an
    /// operator it declares (`"x-kit" => "XCore"`, a product of a local package).
    @Test func targetsAndDependenciesThroughTheManifestsOwnHelpers() throws {
        let fixture = try Fixture()
        try fixture.write("App/Package.swift", """
            // swift-tools-version: 5.7
            import PackageDescription

            let package = Package(
              name: "App",
              dependencies: [.package(path: "../x-kit")],
              targets: [
                .checkedTarget(name: "App", dependencies: [.dependencies, "x-kit" => "XCore", "Core"]),
                .checkedTarget(name: "Core", dependencies: [.dependencies]),
                .testTarget(name: "AppTests", dependencies: ["App"]),
              ]
            )

            infix operator =>
            private func => (lhs: String, rhs: String) -> Target.Dependency {
              .product(name: rhs, package: lhs)
            }

            extension Target {
              static func checkedTarget(name: String, dependencies: [Target.Dependency], linkerSettings: [LinkerSetting] = []) -> Target {
                .target(name: name, dependencies: dependencies, swiftSettings: [.unsafeFlags(["-Xfrontend", "-warn-concurrency"])],
                        linkerSettings: linkerSettings)
              }
            }

            extension Target.Dependency {
              static let dependencies: Self = .product(name: "Dependencies", package: "swift-dependencies")
            }
            """)
        try fixture.write("x-kit/Package.swift", """
            // swift-tools-version: 5.7
            import PackageDescription
            let package = Package(name: "x-kit", products: [.library(name: "XCore", targets: ["XCore"])], targets: [.target(name: "XCore")])
            """)
        try fixture.swiftFiles([
            "App/Sources/App/App.swift", "App/Sources/Core/Store.swift", "App/Tests/AppTests/AppTests.swift",
            "x-kit/Sources/XCore/Extensions.swift",
        ])
        let map = try fixture.discover()
        #expect(map.notes == [], "\(map.notes.map(\.message))")
        let tests = try #require(map.program("AppTests"))
        #expect(tests.files == [
            "App/Sources/App/App.swift", "App/Sources/Core/Store.swift", "App/Tests/AppTests/AppTests.swift",
            "x-kit/Sources/XCore/Extensions.swift",
        ])
    }

    /// Shoppy: dependencies named by computed statics of one expression, a product or a bare
    /// target name (`static var foundation: Self { "ShoppyFoundation" }`), and a list concatenated
    /// with string literals.
    @Test func dependenciesThroughComputedStaticAliases() throws {
        let fixture = try Fixture()
        try fixture.write("Base/Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
              name: "Base",
              products: [.library(name: "ShoppyUI", targets: ["ShoppyUI"])],
              targets: [
                .target(name: "ShoppyFoundation"),
                .target(name: "ShoppyUI", dependencies: [.foundation]),
              ]
            )
            extension Target.Dependency {
              static var foundation: Self { "ShoppyFoundation" }
            }
            """)
        try fixture.write("Features/Package.swift", """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
              name: "Features",
              products: [.library(name: "Root", targets: ["Root"])],
              dependencies: [.package(path: "../Base")],
              targets: [
                .target(name: "ProductList", dependencies: [.ui]),
                .target(name: "Root", dependencies: [.ui] + ["ProductList"]),
                .executableTarget(name: "Shop", dependencies: ["Root"]),
              ]
            )
            extension Target.Dependency {
              static var ui: Self { .product(name: "ShoppyUI", package: "Base") }
            }
            """)
        try fixture.swiftFiles([
            "Base/Sources/ShoppyFoundation/Logger.swift", "Base/Sources/ShoppyUI/ImageLoader.swift",
            "Features/Sources/ProductList/ProductCard.swift", "Features/Sources/Root/Root.swift", "Features/Sources/Shop/main.swift",
        ])
        let map = try fixture.discover()
        #expect(map.notes == [], "\(map.notes.map(\.message))")
        #expect(map.program("Shop")?.files == [
            "Base/Sources/ShoppyFoundation/Logger.swift", "Base/Sources/ShoppyUI/ImageLoader.swift",
            "Features/Sources/ProductList/ProductCard.swift", "Features/Sources/Root/Root.swift", "Features/Sources/Shop/main.swift",
        ])
    }

    /// MyAuto: every feature says `.package(path: "../../Locator")` for `Features/Locator`, a
    /// folder that does not exist; Xcode builds it with the local package of the same identity.
    /// Its twin: a path naming a folder that has a manifest is taken as written.
    @Test func aLocalPathNamingNoPackageIsThePackageOfItsIdentity() throws {
        let fixture = try Fixture()
        try fixture.write("Features/Locator/Package.swift", """
            // swift-tools-version: 5.5
            import PackageDescription
            let package = Package(name: "Locator", products: [.library(name: "Locator", targets: ["Locator"])],
                                  targets: [.target(name: "Locator")])
            """)
        try fixture.write("Features/Documents/Package.swift", """
            // swift-tools-version: 5.5
            import PackageDescription
            let package = Package(
              name: "Documents",
              products: [.library(name: "Documents", targets: ["Documents"])],
              dependencies: [.package(name: "Locator", path: "../../Locator")],
              targets: [.target(name: "Documents", dependencies: ["Locator"])]
            )
            """)
        try fixture.write("Features/Cart/Package.swift", """
            // swift-tools-version: 5.5
            import PackageDescription
            let package = Package(
              name: "Cart",
              products: [.library(name: "Cart", targets: ["Cart"])],
              dependencies: [.package(name: "Locator", path: "../Locator")],
              targets: [.target(name: "Cart", dependencies: ["Locator"])]
            )
            """)
        try fixture.swiftFiles([
            "Features/Locator/Sources/Locator/Locator.swift", "Features/Documents/Sources/Documents/Assembly.swift",
            "Features/Cart/Sources/Cart/Assembly.swift",
        ])
        let map = try fixture.discover()
        #expect(map.program("Documents")?.files == [
            "Features/Documents/Sources/Documents/Assembly.swift", "Features/Locator/Sources/Locator/Locator.swift",
        ])
        #expect(map.program("Cart")?.files == [
            "Features/Cart/Sources/Cart/Assembly.swift", "Features/Locator/Sources/Locator/Locator.swift",
        ])
    }
}
