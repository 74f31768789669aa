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
}
