import DigraphCore
import DigraphProjects
import Testing

@Suite struct XcodeProjectTests {
    /// The shop app of `shopProjectFile` on disk, with a stale file or two nobody compiles.
    static func shop() throws -> Fixture {
        let fixture = try Fixture()
        try fixture.write("Shop.xcodeproj/project.pbxproj", shopProjectFile(vendorFolder: fixture.path + "/Vendor"))
        try fixture.write("Packages/Payments/Package.swift", """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Payments",
                products: [.library(name: "Payments", targets: ["Payments"])],
                targets: [.target(name: "Payments")]
            )
            """)
        try fixture.swiftFiles([
            "App/AppDelegate.swift", "App/ContentView.swift", "App/Features/Profile/ProfileView.swift",
            "App/Features/Profile/ProfileViewModel.swift", "App/Features/Checkout/CheckoutView.swift",
            "App/en.lproj/Localized.swift", "App/Old/Legacy.swift", "Shared/Logging.swift", "Vendor/Analytics.swift",
            "SharedKit/Store.swift", "SharedKit/Container+Shared.swift", "SharedKit/Unused.swift",
            "ShopWidget/ShopWidget.swift", "ShopWidget/Timeline/Provider.swift", "ShopWidget/Preview/PreviewData.swift",
            "ShopWidget/WidgetSharedModels.swift", "AppTests/AppTests.swift", "AppTests/CartTests.swift",
            "AppUITests/AppUITests.swift", "Packages/Payments/Sources/Payments/Pay.swift",
        ])
        try fixture.write("App/Info.plist", "<plist/>")
        return fixture
    }

    @Test func appExtensionFrameworkAndTestBundles() throws {
        let fixture = try Self.shop()
        let map = try fixture.discover()

        #expect(map.names == ["App", "AppTests", "AppUITests", "ShopWidget"])
        let app = try #require(map.program("App"))
        #expect(app.kind == .app)
        #expect(app.source == "project.pbxproj")
        #expect(app.descriptionPath == "Shop.xcodeproj")
        // Groups three deep, a SOURCE_ROOT group and file, an absolute path, a variant group, the
        // linked framework, the local package's library and a file of the widget's synchronized
        // folder that the app's exception set adds. The build-product file is not on disk here.
        #expect(app.files == [
            "App/AppDelegate.swift", "App/ContentView.swift", "App/Features/Checkout/CheckoutView.swift",
            "App/Features/Profile/ProfileView.swift", "App/Features/Profile/ProfileViewModel.swift",
            "App/en.lproj/Localized.swift", "Packages/Payments/Sources/Payments/Pay.swift", "Shared/Logging.swift",
            "SharedKit/Container+Shared.swift", "SharedKit/Store.swift", "ShopWidget/WidgetSharedModels.swift",
            "Vendor/Analytics.swift",
        ])
        #expect(app.sees == [])

        let widget = try #require(map.program("ShopWidget"))
        #expect(widget.kind == .extension)
        #expect(widget.files == [
            "SharedKit/Container+Shared.swift", "SharedKit/Store.swift", "ShopWidget/ShopWidget.swift",
            "ShopWidget/Timeline/Provider.swift", "ShopWidget/WidgetSharedModels.swift",
        ])
        #expect(widget.sees == [])

        let tests = try #require(map.program("AppTests"))
        #expect(tests.kind == .tests)
        #expect(tests.files == ["AppTests/AppTests.swift", "AppTests/CartTests.swift"])
        #expect(tests.sees == ["App"])

        // UI tests drive the app from outside: they see none of its registrations.
        let uiTests = try #require(map.program("AppUITests"))
        #expect(uiTests.kind == .tests)
        #expect(uiTests.files == ["AppUITests/AppUITests.swift"])
        #expect(uiTests.sees == [])

        #expect(map.uncompiled == [
            "App/Old/Legacy.swift", "Packages/Payments/Package.swift", "SharedKit/Unused.swift",
            "ShopWidget/Preview/PreviewData.swift",
        ])
        #expect(map.undescribed == [])
    }

    @Test func anUnknownProductTypeIsANoteAtItsTarget() throws {
        let fixture = try Self.shop()
        let text = shopProjectFile(vendorFolder: fixture.path + "/Vendor")
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.hasSuffix("/* ShopResources */ = {") }) + 1
        let map = try fixture.discover()

        #expect(map.notes == [ProgramNote(
            message: "target 'ShopResources': product type 'com.apple.product-type.bundle' is not known; analysed as a program of its own",
            location: SourceLocation(file: "Shop.xcodeproj/project.pbxproj", line: line, column: 50))])
    }

    @Test func aFrameworkNoAppLinksIsAnalysedOnItsOwn() throws {
        let fixture = try Self.shop()
        // Only the framework's folder is scanned: the app is still found (walk up) and still
        // compiles the framework, so its files stay in the app rather than in a program of their own.
        let map = try fixture.discover(roots: ["SharedKit"])
        #expect(map.names == ["App", "ShopWidget"])
        #expect(map.program("App")?.files == ["SharedKit/Container+Shared.swift", "SharedKit/Store.swift"])
        #expect(map.uncompiled == ["SharedKit/Unused.swift"])
    }

    /// A framework built by a sub-project and linked by the app (a `PBXReferenceProxy` in its
    /// frameworks phase) is compiled into the app, as one in the same project would be.
    @Test func aSubProjectsFrameworkIsCompiledIntoTheAppThatLinksIt() throws {
        let fixture = try Fixture()
        try fixture.write("App.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tP = {isa = PBXProject; mainGroup = G; targets = (A); };
            \t\tG = {isa = PBXGroup; children = (F, Sub); sourceTree = "<group>"; };
            \t\tSub = {isa = PBXFileReference; path = Toolkit/Toolkit.xcodeproj; sourceTree = "<group>"; };
            \t\tF = {isa = PBXFileReference; path = App/AppDelegate.swift; sourceTree = "<group>"; };
            \t\tBF = {isa = PBXBuildFile; fileRef = F; };
            \t\tS = {isa = PBXSourcesBuildPhase; files = (BF); };
            \t\tX = {isa = PBXContainerItemProxy; containerPortal = Sub; proxyType = 2; remoteInfo = Toolkit; };
            \t\tR = {isa = PBXReferenceProxy; path = Toolkit.framework; remoteRef = X; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tBR = {isa = PBXBuildFile; fileRef = R; };
            \t\tFW = {isa = PBXFrameworksBuildPhase; files = (BR); };
            \t\tA = {isa = PBXNativeTarget; name = App; buildPhases = (S, FW);
            \t\t\tproductType = "com.apple.product-type.application"; };
            \t};
            \trootObject = P;
            }
            """)
        try fixture.write("Toolkit/Toolkit.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tP = {isa = PBXProject; mainGroup = G; targets = (T); };
            \t\tG = {isa = PBXGroup; children = (F); sourceTree = "<group>"; };
            \t\tF = {isa = PBXFileReference; path = Toolkit/Analytics.swift; sourceTree = "<group>"; };
            \t\tBF = {isa = PBXBuildFile; fileRef = F; };
            \t\tS = {isa = PBXSourcesBuildPhase; files = (BF); };
            \t\tT = {isa = PBXNativeTarget; name = Toolkit; buildPhases = (S);
            \t\t\tproductType = "com.apple.product-type.framework"; };
            \t};
            \trootObject = P;
            }
            """)
        try fixture.swiftFiles(["App/AppDelegate.swift", "Toolkit/Toolkit/Analytics.swift"])
        let map = try fixture.discover()
        #expect(map.names == ["App"])
        #expect(map.program("App")?.files == ["App/AppDelegate.swift", "Toolkit/Toolkit/Analytics.swift"])
        #expect(map.notes.isEmpty)
    }

    /// A CocoaPods-style workspace: the app's project links `Feature.framework` from the built
    /// products by name, and the workspace's other project builds it (an implicit dependency). The
    /// framework is compiled into the app, not analysed alone against a container only the app
    /// fills; an SDK framework and a pod's framework (the Pods project is never scanned) link nothing.
    @Test func aWorkspaceSiblingsFrameworkLinkedByNameIsCompiledIntoTheApp() throws {
        let fixture = try Fixture()
        try fixture.write("Shop.xcworkspace/contents.xcworkspacedata", """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:App.xcodeproj"></FileRef>
               <FileRef location = "group:Feature/Feature.xcodeproj"></FileRef>
               <FileRef location = "group:Pods/Pods.xcodeproj"></FileRef>
            </Workspace>
            """)
        try fixture.write("App.xcodeproj/project.pbxproj", Self.appLinkingFeatureByName)
        try fixture.write("Feature/Feature.xcodeproj/project.pbxproj", Self.featureFramework(source: "Feature/FeatureAssembly.swift"))
        try fixture.swiftFiles(["App/AppDelegate.swift", "Feature/Feature/FeatureAssembly.swift"])
        let map = try fixture.discover()
        #expect(map.names == ["App"])
        #expect(map.program("App")?.files == ["App/AppDelegate.swift", "Feature/Feature/FeatureAssembly.swift"])
        #expect(map.notes.isEmpty)
    }

    /// An app's project linking `Feature.framework` from the built products by name (and an SDK
    /// framework and a pod's, which link nothing).
    static let appLinkingFeatureByName = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tP = {isa = PBXProject; mainGroup = G; targets = (A); };
        \t\tG = {isa = PBXGroup; children = (F); sourceTree = "<group>"; };
        \t\tF = {isa = PBXFileReference; path = App/AppDelegate.swift; sourceTree = "<group>"; };
        \t\tBF = {isa = PBXBuildFile; fileRef = F; };
        \t\tS = {isa = PBXSourcesBuildPhase; files = (BF); };
        \t\tR = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = Feature.framework; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tU = {isa = PBXFileReference; lastKnownFileType = wrapper.framework; path = System/Library/Frameworks/UIKit.framework; sourceTree = SDKROOT; };
        \t\tQ = {isa = PBXFileReference; path = Pods_App.framework; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tBR = {isa = PBXBuildFile; fileRef = R; };
        \t\tBU = {isa = PBXBuildFile; fileRef = U; };
        \t\tBQ = {isa = PBXBuildFile; fileRef = Q; };
        \t\tFW = {isa = PBXFrameworksBuildPhase; files = (BR, BU, BQ); };
        \t\tA = {isa = PBXNativeTarget; name = App; buildPhases = (S, FW);
        \t\t\tproductType = "com.apple.product-type.application"; };
        \t};
        \trootObject = P;
        }
        """

    /// A project whose framework target builds `Feature.framework` from `source`.
    static func featureFramework(source: String) -> String {
        """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tP = {isa = PBXProject; mainGroup = G; targets = (T); };
            \t\tG = {isa = PBXGroup; children = (F); sourceTree = "<group>"; };
            \t\tF = {isa = PBXFileReference; path = \(source); sourceTree = "<group>"; };
            \t\tBF = {isa = PBXBuildFile; fileRef = F; };
            \t\tS = {isa = PBXSourcesBuildPhase; files = (BF); };
            \t\tO = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = Feature.framework; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tT = {isa = PBXNativeTarget; name = Feature; buildPhases = (S); productReference = O;
            \t\t\tproductType = "com.apple.product-type.framework"; };
            \t};
            \trootObject = P;
            }
            """
    }

    /// A workspace limits who builds a framework linked by name: a project producing a
    /// `Feature.framework` in another workspace (a legacy copy, an example) is not the app's.
    @Test func aFrameworkLinkedByNameIsBuiltInTheLinkingProjectsWorkspace() throws {
        let fixture = try Fixture()
        try fixture.write("Shop.xcworkspace/contents.xcworkspacedata", """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <Group location = "container:Modules" name = "Modules">
                  <FileRef location = "group:Feature/Feature.xcodeproj"></FileRef>
               </Group>
               <FileRef location = "group:App.xcodeproj"></FileRef>
            </Workspace>
            """)
        try fixture.write("Legacy/Legacy.xcworkspace/contents.xcworkspacedata", """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0"><FileRef location = "group:Feature.xcodeproj"></FileRef></Workspace>
            """)
        try fixture.write("App.xcodeproj/project.pbxproj", Self.appLinkingFeatureByName)
        try fixture.write("Modules/Feature/Feature.xcodeproj/project.pbxproj", Self.featureFramework(source: "Sources/FeatureAssembly.swift"))
        try fixture.write("Legacy/Feature.xcodeproj/project.pbxproj", Self.featureFramework(source: "Old/FeatureAssembly.swift"))
        try fixture.swiftFiles(["App/AppDelegate.swift", "Modules/Feature/Sources/FeatureAssembly.swift", "Legacy/Old/FeatureAssembly.swift"])
        let map = try fixture.discover()
        #expect(map.program("App")?.files == ["App/AppDelegate.swift", "Modules/Feature/Sources/FeatureAssembly.swift"])
        // The legacy framework, linked by nothing in its workspace, is analysed alone.
        #expect(map.program("Feature")?.files == ["Legacy/Old/FeatureAssembly.swift"])
    }

    @Test func crossProjectDependenciesAndUnknownHostsAreNotes() throws {
        let fixture = try Fixture()
        try fixture.write("Tool.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tP = {isa = PBXProject; mainGroup = G; targets = (T, U); };
            \t\tG = {isa = PBXGroup; children = (F, K, Sub); sourceTree = "<group>"; };
            \t\tSub = {isa = PBXFileReference; path = Engine/Engine.xcodeproj; sourceTree = "<group>"; };
            \t\tF = {isa = PBXFileReference; path = main.swift; sourceTree = "<group>"; };
            \t\tK = {isa = PBXFileReference; path = ToolTests.swift; sourceTree = "<group>"; };
            \t\tBF = {isa = PBXBuildFile; fileRef = F; };
            \t\tBK = {isa = PBXBuildFile; fileRef = K; };
            \t\tS = {isa = PBXSourcesBuildPhase; files = (BF); };
            \t\tSK = {isa = PBXSourcesBuildPhase; files = (BK); };
            \t\tX = {isa = PBXContainerItemProxy; containerPortal = Sub; remoteGlobalIDString = E; remoteInfo = EngineKit; };
            \t\tD = {isa = PBXTargetDependency; name = EngineKit; targetProxy = X; };
            \t\tT = {isa = PBXNativeTarget; name = tool; buildPhases = (S); dependencies = (D);
            \t\t\tproductType = "com.apple.product-type.tool"; };
            \t\tU = {isa = PBXNativeTarget; name = ToolTests; buildPhases = (SK); buildConfigurationList = L;
            \t\t\tproductType = "com.apple.product-type.bundle.unit-test"; };
            \t\tL = {isa = XCConfigurationList; buildConfigurations = (C); };
            \t\tC = {isa = XCBuildConfiguration; name = Debug; buildSettings = {TEST_HOST = "$(BUILT_PRODUCTS_DIR)/Gone.app/Gone"; }; };
            \t};
            \trootObject = P;
            }
            """)
        try fixture.swiftFiles(["main.swift", "ToolTests.swift"])
        let map = try fixture.discover()

        #expect(map.names == ["ToolTests", "tool"])
        #expect(map.program("tool")?.kind == .tool)
        #expect(map.program("ToolTests")?.sees == [])
        #expect(map.notes.map { "\($0.location):\($0.message)" } == [
            "Tool.xcodeproj/project.pbxproj:14:7:'EngineKit' of Engine.xcodeproj is linked, but Engine.xcodeproj is not in the scan: its files are not analysed",
            "Tool.xcodeproj/project.pbxproj:17:7:target 'ToolTests': TEST_HOST names 'Gone.app', which no target of this project builds",
        ])
    }

    @Test func aMalformedProjectIsAnErrorAtItsExactPosition() throws {
        let fixture = try Fixture()
        try fixture.write("Broken.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjects = {
            \t\tAA0000000000000000000001 /* App */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tname = App
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            \t};
            }
            """)
        let error = projectError { () throws(ProjectError) in try fixture.discover() }
        #expect(error == ProjectError(
            file: "Broken.xcodeproj/project.pbxproj", line: 8, column: 4,
            message: "malformed project file: expected ';' after the value of 'name', found 'p'"))
        #expect(error?.description.hasPrefix("Broken.xcodeproj/project.pbxproj:8:4: malformed project file") == true)
    }

    @Test func anUnterminatedStringPointsAtItsOpeningQuote() throws {
        let fixture = try Fixture()
        try fixture.write("Broken.xcodeproj/project.pbxproj", "{\n  objects = {\n    A = { path = \"App/Main.swift; };\n  };\n}\n")
        let error = projectError { () throws(ProjectError) in try fixture.discover() }
        #expect(error == ProjectError(file: "Broken.xcodeproj/project.pbxproj", line: 3, column: 18,
                                      message: "malformed project file: unterminated string"))
    }

    @Test func aProjectWithoutObjectsIsAnError() throws {
        let fixture = try Fixture()
        try fixture.write("Empty.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n}\n")
        let error = projectError { () throws(ProjectError) in try fixture.discover() }
        #expect(error?.line == 2 && error?.column == 1)
        #expect(error?.message == "not an Xcode project: no 'objects' dictionary")
    }
}
