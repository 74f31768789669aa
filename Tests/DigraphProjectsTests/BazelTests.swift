import DigraphCore
import DigraphProjects
import Foundation
import Testing

@Suite struct BazelTests {
    static func shop() throws -> Fixture {
        let fixture = try Fixture()
        try BazelFixture.writeBazel(to: fixture)
        return fixture
    }

    @Test func eachBundleIsAProgramWithTheLibrariesItDependsOn() throws {
        let map = try Self.shop().discover()
        #expect(map.names.sorted() == ["//App/Widget:Widget", "//App:Shop", "//App:ShopUITests", "//submodules/Cart:CartTests"])
        let app = try #require(map.program("//App:Shop"))
        #expect(app.kind == .app)
        #expect(app.source == "bazel")
        #expect(app.descriptionPath == "MODULE.bazel")
        // Through the filegroup (less its exclude), the library, the short label `//submodules/Network`
        // and both branches of the select; never the nested package's files.
        #expect(app.files == [
            "App/Sources/AppDelegate.swift", "App/Sources/Screens/CartScreen.swift",
            "submodules/Cart/Sources/CartStore.swift", "submodules/Debug/DebugMenu.swift",
            "submodules/Network/Sources/Client.swift",
        ])
        let widget = try #require(map.program("//App/Widget:Widget"))
        #expect(widget.kind == .extension)
        #expect(widget.files == ["App/Widget/Timeline/Provider.swift", "App/Widget/Views/WidgetView.swift", "submodules/Network/Sources/Client.swift"])
    }

    /// A test rule takes no sources: the macro's `"%s_tests_lib" % name` library is the tests'
    /// own code, folded into them, and the bundle sees its `test_host`. UI tests see nothing.
    @Test func testsCompileTheirTestOnlyLibraryAndSeeTheirHost() throws {
        let map = try Self.shop().discover()
        let tests = try #require(map.program("//submodules/Cart:CartTests"))
        #expect(tests.kind == .tests)
        #expect(tests.files == [
            "submodules/Cart/Sources/CartStore.swift", "submodules/Cart/Tests/CartStoreTests.swift",
            "submodules/Network/Sources/Client.swift",
        ])
        #expect(tests.sees == ["//App:Shop"])
        #expect(map.program("//submodules/Cart:Cart_tests_lib") == nil)
        let ui = try #require(map.program("//App:ShopUITests"))
        #expect(ui.sees.isEmpty)
        // A file no target compiles, in a workspace read whole, is in no program.
        #expect(map.uncompiled.contains("tools/generate.swift"))
        #expect(map.undescribed.isEmpty)
    }

    /// A macro loaded from a repository digraph cannot read, given Swift sources: the workspace
    /// is read in part, so the files nothing else compiles fall back rather than vanish.
    @Test func anUnknownMacroWithSwiftSourcesIsANoteAndItsFilesFallBack() throws {
        let fixture = try Self.shop()
        try fixture.write("tools/BUILD", """
            load("@company_rules//:swift.bzl", "company_swift_tool")
            company_swift_tool(name = "generate", srcs = ["generate.swift"])
            """)
        let map = try fixture.discover()
        #expect(map.notes.contains { $0.message.contains("not read: 'company_swift_tool' of @company_rules//:swift.bzl") && $0.location.file == "tools/BUILD" })
        #expect(map.undescribed.contains("tools/generate.swift"))
    }

    /// mastodon-ios: the app's SDK is a local SwiftPM package that rules_swift_package_manager
    /// names `@swiftpkg_mastodonsdk//:MastodonSDKDynamic`; `swift_deps_index.json` says where.
    @Test func aLocalSwiftPackageThroughRulesSwiftPackageManager() throws {
        let fixture = try Self.shop()
        try fixture.write("swift_deps_index.json", """
            {"packages": [{"name": "swiftpkg_shopsdk", "identity": "shopsdk", "local": {"path": "ShopSDK"}}]}
            """)
        try fixture.write("ShopSDK/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "ShopSDK", products: [.library(name: "ShopSDKDynamic", type: .dynamic, targets: ["ShopCore"])],
                                  targets: [.target(name: "ShopCore")])
            """)
        try fixture.swiftFiles(["ShopSDK/Sources/ShopCore/Session.swift"])
        let cart = try String(contentsOf: fixture.root.appendingPathComponent("submodules/Cart/BUILD"), encoding: .utf8)
        try fixture.write("submodules/Cart/BUILD", cart.replacingOccurrences(of: "\"@swinject//:Swinject\"", with: "\"@swiftpkg_shopsdk//:ShopSDKDynamic\""))
        let app = try #require(try fixture.discover().program("//App:Shop"))
        #expect(app.files.contains("ShopSDK/Sources/ShopCore/Session.swift"))
    }

    @Test func aMalformedBuildFileIsOneErrorAtItsPosition() throws {
        let fixture = try Self.shop()
        try fixture.write("submodules/Network/BUILD", """
            load("//build-system:defs.bzl", "shop_module")
            shop_module(name = "Network", deps = [":a" ":b")
            """)
        let error = try #require(projectError { () throws(ProjectError) in try fixture.discover() })
        #expect(error.description == "submodules/Network/BUILD:2:48: expected ']', found ')'")
        try fixture.write("submodules/Network/BUILD", "shop_module(name = 'Network')\n  x = 1\n")
        let indented = try #require(projectError { () throws(ProjectError) in try fixture.discover() })
        #expect(indented.description == "submodules/Network/BUILD:2:3: unexpected indentation")
    }

    @Test func aMalformedExtensionIsAnErrorInThatFile() throws {
        let fixture = try Self.shop()
        try fixture.write("build-system/defs.bzl", "def shop_module(name:\n    pass\n")
        let error = try #require(projectError { () throws(ProjectError) in try fixture.discover() })
        #expect(error.description == "build-system/defs.bzl:1:21: expected ')', found ':'")
    }

    /// Telegram's 2020 Buck build: `apple_bundle(extension: "app", binary:)` over an `apple_binary`,
    /// flavored labels, a macro's `read_config`, and `fail()` guarding a setting only the command
    /// line gives (a build that succeeds took the other branch).
    @Test func aBuckWorkspace() throws {
        let fixture = try Fixture()
        try BazelFixture.writeBuck(to: fixture)
        let map = try fixture.discover()
        #expect(map.names.sorted() == ["//:ShareExtension", "//:Shop"])
        let app = try #require(map.program("//:Shop"))
        #expect(app.kind == .app)
        #expect(app.source == "buck")
        #expect(app.files == ["Libraries/Core/Sources/Session.swift", "Shop/Application.swift", "SupportFiles/Empty.swift"])
        let share = try #require(map.program("//:ShareExtension"))
        #expect(share.kind == .extension)
        #expect(share.files == ["Libraries/Core/Sources/Session.swift", "Share/ShareViewController.swift"])
        #expect(map.notes.isEmpty)
    }

    /// A monorepo whose Bazel build is the backend's: with no Swift target, the workspace says
    /// nothing about the app's Swift files, which fall back as without any description.
    @Test func aWorkspaceWithoutSwiftTargetsDescribesNothing() throws {
        let fixture = try Fixture()
        try fixture.write("WORKSPACE", "workspace(name = \"backend\")\n")
        try fixture.write("server/BUILD.bazel", """
            load("@io_bazel_rules_go//go:def.bzl", "go_binary")
            go_binary(name = "server", srcs = ["main.go"])
            """)
        try fixture.swiftFiles(["ios/App/AppDelegate.swift", "ios/AppTests/AppTests.swift"])
        let map = try fixture.discover()
        // Undescribed: the caller splits them into test code and the rest.
        #expect(map.programs.isEmpty)
        #expect(map.undescribed == ["ios/App/AppDelegate.swift", "ios/AppTests/AppTests.swift"])
    }
}
