import DigraphCore
import DigraphProjects
import Testing

/// What real projects showed: a library described twice, paths whose case differs from the disk.
@Suite struct DescriptionQuirksTests {
    static func pbxproj(target: String, type: String, path: String) -> String {
        """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tP = {isa = PBXProject; mainGroup = G; targets = (T); };
        \t\tG = {isa = PBXGroup; children = (F); sourceTree = "<group>"; };
        \t\tF = {isa = PBXFileReference; path = \(path); sourceTree = "<group>"; };
        \t\tBF = {isa = PBXBuildFile; fileRef = F; };
        \t\tS = {isa = PBXSourcesBuildPhase; files = (BF); };
        \t\tT = {isa = PBXNativeTarget; name = \(target); buildPhases = (S);
        \t\t\tproductType = "com.apple.product-type.\(type)"; };
        \t};
        \trootObject = P;
        }
        """
    }

    @Test func aLibraryDescribedTwiceIsAnalysedOnce() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [.target(name: "Kit")])
            """)
        try fixture.write("Kit.xcodeproj/project.pbxproj", Self.pbxproj(target: "Kit-iOS", type: "framework", path: "Sources/Kit/Store.swift"))
        try fixture.swiftFiles(["Sources/Kit/Store.swift"])
        let map = try fixture.discover()
        #expect(map.names == ["Kit"])
        #expect(map.notes.map(\.message) == ["'Kit-iOS' compile the same files as 'Kit': analysed once, as 'Kit'"])
    }

    @Test func aPathWhoseCaseDiffersFromTheDiskStillCounts() throws {
        let fixture = try Fixture()
        try fixture.write("App.xcodeproj/project.pbxproj", Self.pbxproj(target: "App", type: "application", path: "About/Model/AboutRow.swift"))
        try fixture.swiftFiles(["About/model/AboutRow.swift"])
        let map = try fixture.discover()
        #expect(map.program("App")?.files == ["About/model/AboutRow.swift"])
        #expect(map.uncompiled.isEmpty)
    }

    /// Adamant: the packages are the workspace's (`group:CommonKit` beside `Adamant.xcodeproj` in
    /// `Adamant.xcworkspace`), not the project's; a product named without its package is looked
    /// for among them. A workspace that does not open the project lends it nothing.
    @Test func aProductOfALocalPackageOfTheWorkspaceIsLinked() throws {
        let fixture = try Fixture()
        try fixture.write("CommonKit/Package.swift", """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "CommonKit", products: [.library(name: "CommonKit", targets: ["CommonKit"])],
                                  targets: [.target(name: "CommonKit")])
            """)
        try fixture.write("Chat.xcworkspace/contents.xcworkspacedata", """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:CommonKit"></FileRef>
               <FileRef location = "group:Chat.xcodeproj"></FileRef>
            </Workspace>
            """)
        try fixture.write("Other.xcworkspace/contents.xcworkspacedata", """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0"><FileRef location = "group:Tools"></FileRef></Workspace>
            """)
        try fixture.write("Chat.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tP = {isa = PBXProject; mainGroup = G; targets = (T); };
            \t\tG = {isa = PBXGroup; children = (F); sourceTree = "<group>"; };
            \t\tF = {isa = PBXFileReference; path = Chat/App.swift; sourceTree = "<group>"; };
            \t\tBF = {isa = PBXBuildFile; fileRef = F; };
            \t\tS = {isa = PBXSourcesBuildPhase; files = (BF); };
            \t\tD1 = {isa = XCSwiftPackageProductDependency; productName = CommonKit; };
            \t\tT = {isa = PBXNativeTarget; name = Chat; buildPhases = (S); packageProductDependencies = (D1);
            \t\t\tproductType = "com.apple.product-type.application"; };
            \t};
            \trootObject = P;
            }
            """)
        try fixture.swiftFiles(["Chat/App.swift", "CommonKit/Sources/CommonKit/Storage.swift"])
        let map = try fixture.discover()
        #expect(map.program("Chat")?.files == ["Chat/App.swift", "CommonKit/Sources/CommonKit/Storage.swift"])
    }

    /// Xcode writes no `package` for a product of a local package the project holds as a folder
    /// (isowords' `App/isowords.xcodeproj` with `path = ..`) or lists among its local package
    /// references (Hex's `HexCore`): the app compiles the product's files all the same.
    @Test func aLocalPackageProductWithoutItsPackageIsStillLinked() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Game",
                products: [.library(name: "GameFeature", targets: ["GameFeature"])],
                targets: [.target(name: "GameFeature", dependencies: ["Clients"]), .target(name: "Clients")]
            )
            """)
        try fixture.write("Core/Package.swift", """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Core", products: [.library(name: "Core", targets: ["Core"])], targets: [.target(name: "Core")])
            """)
        try fixture.write("App/Game.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tP = {isa = PBXProject; mainGroup = G; targets = (T); packageReferences = (L); };
            \t\tL = {isa = XCLocalSwiftPackageReference; relativePath = ../Core; };
            \t\tG = {isa = PBXGroup; children = (F, PKG); sourceTree = "<group>"; };
            \t\tPKG = {isa = PBXFileReference; lastKnownFileType = folder; name = Game; path = ..; sourceTree = "<group>"; };
            \t\tF = {isa = PBXFileReference; path = iOS/App.swift; sourceTree = "<group>"; };
            \t\tBF = {isa = PBXBuildFile; fileRef = F; };
            \t\tS = {isa = PBXSourcesBuildPhase; files = (BF); };
            \t\tD1 = {isa = XCSwiftPackageProductDependency; productName = GameFeature; };
            \t\tD2 = {isa = XCSwiftPackageProductDependency; productName = Core; };
            \t\tT = {isa = PBXNativeTarget; name = GameApp; buildPhases = (S); packageProductDependencies = (D1, D2);
            \t\t\tproductType = "com.apple.product-type.application"; };
            \t};
            \trootObject = P;
            }
            """)
        try fixture.swiftFiles([
            "App/iOS/App.swift", "Sources/GameFeature/Game.swift", "Sources/Clients/Client.swift", "Core/Sources/Core/Core.swift",
        ])
        let map = try fixture.discover()
        #expect(map.names == ["GameApp"])
        #expect(map.program("GameApp")?.files == [
            "App/iOS/App.swift", "Core/Sources/Core/Core.swift", "Sources/Clients/Client.swift", "Sources/GameFeature/Game.swift",
        ])
        #expect(map.uncompiled == ["Core/Package.swift", "Package.swift"])
    }

    /// isowords' manifest adds most of its targets inside
    /// `if ProcessInfo.processInfo.environment["TEST_SERVER"] == nil { package.targets.append(contentsOf: …) }`:
    /// every branch of a top-level `if` is read, as every clause of an `#if` is.
    @Test func manifestChangesInsideATopLevelIfAreRead() throws {
        let fixture = try Fixture()
        try fixture.write("Package.swift", """
            // swift-tools-version: 5.9
            import Foundation
            import PackageDescription
            var package = Package(name: "Words", targets: [.target(name: "Shared")])
            if ProcessInfo.processInfo.environment["SERVER_ONLY"] == nil {
                package.targets.append(contentsOf: [.executableTarget(name: "client", dependencies: ["Shared"])])
            } else if ProcessInfo.processInfo.environment["BENCH"] != nil {
                package.targets += [.executableTarget(name: "bench", dependencies: ["Shared"])]
            } else {
                package.targets.append(.executableTarget(name: "server", dependencies: ["Shared"]))
            }
            """)
        try fixture.swiftFiles(["Sources/Shared/Shared.swift", "Sources/client/main.swift", "Sources/bench/main.swift", "Sources/server/main.swift"])
        let map = try fixture.discover()
        #expect(map.names == ["bench", "client", "server"])
        #expect(map.program("server")?.files == ["Sources/Shared/Shared.swift", "Sources/server/main.swift"])
        #expect(map.uncompiled == ["Package.swift"])
        #expect(map.notes == [])
    }
}
