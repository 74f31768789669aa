import DigraphCore
import DigraphProjects
import Testing

@Suite struct XcodeGenTests {
    static let spec = """
        name: Notes
        include:
          - shared.yml
        packages:
          Sync:
            path: Packages/Sync
          Markdown:
            url: https://example.com/markdown
            from: 1.0.0
        targetTemplates:
          Feature:
            type: framework
            sources: ["Features/${target_name}"]
        targets:
          Notes:
            type: application
            platform: iOS
            sources:
              - path: Notes
                excludes:
                  - "**/*.generated.swift"
                  - Legacy
              - Shared/Formatting.swift
              - path: Templates
                buildPhase: resources
            dependencies:
              - target: NotesKit
              - target: NotesWidget
              - package: Sync
                product: SyncCore
              - package: Markdown
              - sdk: WidgetKit.framework
          NotesWidget:
            type: app-extension
            platform: iOS
            sources: [Widget]
            dependencies:
              - target: NotesKit
          NotesKit:
            type: framework
            platform: [iOS, macOS]
            sources:
              - path: Kit
                includes: ["**/*.swift"]
                excludes: ["Internal/{Debug,Mocks}"]
          NotesTests:
            type: bundle.unit-test
            platform: iOS
            sources: Tests/Unit
            dependencies:
              - target: Notes
          HostedTests:
            type: bundle.unit-test
            platform: iOS
            sources: Tests/Hosted
            settings:
              configs:
                Debug:
                  TEST_HOST: $(BUILT_PRODUCTS_DIR)/Notes.app/Notes
          NotesUITests:
            type: bundle.ui-testing
            platform: iOS
            sources: Tests/UI
            dependencies:
              - target: Notes
          Search:
            templates: [Feature]
          Settings:
            templates: [Feature]
        """

    static func notes() throws -> Fixture {
        let fixture = try Fixture()
        try fixture.write("project.yml", spec)
        // Included specs' paths are relative to their own folder.
        try fixture.write("shared.yml", """
            targets:
              Sharing:
                type: app-extension
                sources: [Extensions/Sharing]
                dependencies:
                  - target: NotesKit
            """)
        try fixture.write("Packages/Sync/Package.swift", """
            import PackageDescription
            let package = Package(
                name: "Sync",
                products: [.library(name: "SyncCore", targets: ["SyncEngine"])],
                targets: [.target(name: "SyncEngine")]
            )
            """)
        try fixture.swiftFiles([
            "Notes/NotesApp.swift", "Notes/Editor/EditorView.swift", "Notes/Editor/Strings.generated.swift",
            "Notes/Legacy/OldEditor.swift", "Templates/Note.swift", "Shared/Formatting.swift",
            "Widget/NotesWidget.swift", "Kit/Store.swift", "Kit/Internal/Debug/Dump.swift",
            "Kit/Internal/Mocks/MockStore.swift", "Kit/Internal/Cache.swift", "Tests/Unit/StoreTests.swift",
            "Tests/Hosted/LaunchTests.swift", "Tests/UI/FlowTests.swift", "Features/Search/SearchView.swift",
            "Features/Settings/SettingsView.swift", "Extensions/Sharing/ShareView.swift",
            "Packages/Sync/Sources/SyncEngine/Engine.swift",
        ])
        return fixture
    }

    @Test func targetsSourcesDependenciesAndTestHosts() throws {
        let map = try Self.notes().discover()

        #expect(map.names == [
            "HostedTests", "Notes", "NotesTests", "NotesUITests", "NotesWidget", "Search", "Settings", "Sharing",
        ])
        let app = try #require(map.program("Notes"))
        #expect(app.kind == .app)
        #expect(app.source == "xcodegen")
        #expect(app.descriptionPath == "project.yml")
        #expect(app.files == [
            "Kit/Internal/Cache.swift", "Kit/Store.swift", "Notes/Editor/EditorView.swift", "Notes/NotesApp.swift",
            "Packages/Sync/Sources/SyncEngine/Engine.swift", "Shared/Formatting.swift",
        ])
        #expect(map.program("NotesWidget")?.kind == .extension)
        #expect(map.program("NotesWidget")?.files == ["Kit/Internal/Cache.swift", "Kit/Store.swift", "Widget/NotesWidget.swift"])
        // A unit-test target depending on the app, or hosted by TEST_HOST, sees it; UI tests see nothing.
        #expect(map.program("NotesTests")?.sees == ["Notes"])
        #expect(map.program("NotesTests")?.files == ["Tests/Unit/StoreTests.swift"])
        #expect(map.program("HostedTests")?.sees == ["Notes"])
        #expect(map.program("NotesUITests")?.sees == [])
        // A template gives its type and `${target_name}`-substituted sources.
        #expect(map.program("Search")?.kind == .library)
        #expect(map.program("Search")?.files == ["Features/Search/SearchView.swift"])
        #expect(map.program("Settings")?.files == ["Features/Settings/SettingsView.swift"])
        // An included spec's targets, with paths relative to the included file.
        #expect(map.program("Sharing")?.kind == .extension)
        #expect(map.program("Sharing")?.files == ["Extensions/Sharing/ShareView.swift", "Kit/Internal/Cache.swift", "Kit/Store.swift"])
        #expect(map.uncompiled == [
            "Kit/Internal/Debug/Dump.swift", "Kit/Internal/Mocks/MockStore.swift", "Notes/Editor/Strings.generated.swift",
            "Notes/Legacy/OldEditor.swift", "Packages/Sync/Package.swift", "Templates/Note.swift",
        ])
    }

    @Test func whatXcodeGenComposesIsNoted() throws {
        let map = try Self.notes().discover()
        #expect(map.notes.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
            "41:16 target 'NotesKit': one target per platform is generated; read as one target 'NotesKit'"
        ])
        #expect(map.notes.allSatisfy { $0.location.file == "project.yml" })
    }

    /// What a spec names but cannot be read (a missing include or template) is noted, and the files
    /// it may have compiled are analysed by the fallback instead of being dropped as stale.
    @Test func aSpecReadInPartDropsNothing() throws {
        let fixture = try Fixture()
        try fixture.write("project.yml", """
            include: [missing.yml]
            targets:
              App:
                type: application
                templates: [Missing]
                sources: [App]
            """)
        try fixture.swiftFiles(["App/Main.swift", "Extra/Added.swift"])
        let map = try fixture.discover()
        #expect(map.notes.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
            "1:11 'include:' of 'missing.yml': no such file",
            "5:16 target 'App': template 'Missing' is not defined",
        ])
        #expect(map.uncompiled == [])
        #expect(map.undescribed == ["Extra/Added.swift"])
    }

    /// eidch: an included fragment the YAML reader refuses (a key repeated, which the XcodeGen
    /// that builds the app accepts) is noted and left out; the spec's own targets are read.
    @Test func anIncludedFragmentThatIsNotReadableIsANoteNotAnError() throws {
        let fixture = try Fixture()
        try fixture.write("project.yml", """
            name: Wallet
            include:
              - Project/packages.yml
            targets:
              Wallet:
                type: application
                sources: [App]
            """)
        try fixture.write("Project/packages.yml", "packages:\n  Networking:\n    path: A\n  Networking:\n    path: B\n")
        try fixture.swiftFiles(["App/Main.swift"])
        let map = try fixture.discover()
        #expect(map.programs.map(\.name) == ["Wallet"])
        #expect(map.notes.count == 1)
        #expect(map.notes.first?.message.hasPrefix("'include:' of 'Project/packages.yml' is not read: invalid YAML") == true)
        #expect(map.notes.first?.location.file == "project.yml")
    }

    @Test func invalidYAMLIsAnErrorAtItsPosition() throws {
        let fixture = try Fixture()
        try fixture.write("project.yml", """
            name: Broken
            targets:
              App:
                type: application
                sources: [App
            """)
        let error = projectError { () throws(ProjectError) in try fixture.discover() }
        #expect(error?.file == "project.yml")
        #expect(error?.line == 6)
        #expect(error?.column == 1)
        #expect(error?.message.hasPrefix("invalid YAML: ") == true)
    }

    @Test func targetsThatAreNotAMappingAreAnError() throws {
        let fixture = try Fixture()
        try fixture.write("project.yml", "name: Odd\ntargets:\n  - App\n")
        let error = projectError { () throws(ProjectError) in try fixture.discover() }
        #expect(error == ProjectError(file: "project.yml", line: 3, column: 3, message: "'targets' must be a mapping"))
    }

    @Test func aGeneratedProjectBesideTheSpecIsReadInstead() throws {
        let fixture = try Self.notes()
        try fixture.write("Notes.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            {
                objects = {
                    P = { isa = PBXProject; mainGroup = G; targets = (T); };
                    G = { isa = PBXGroup; children = (F); sourceTree = "<group>"; };
                    F = { isa = PBXFileReference; path = Notes/NotesApp.swift; sourceTree = "<group>"; };
                    B = { isa = PBXBuildFile; fileRef = F; };
                    S = { isa = PBXSourcesBuildPhase; files = (B); };
                    T = { isa = PBXNativeTarget; name = Notes; buildPhases = (S); productType = "com.apple.product-type.application"; };
                };
                rootObject = P;
            }
            """)
        let map = try fixture.discover()
        #expect(map.names == ["Notes", "SyncEngine"])
        #expect(map.program("Notes")?.source == "project.pbxproj")
        #expect(map.program("Notes")?.files == ["Notes/NotesApp.swift"])
        #expect(map.notes == [ProgramNote(
            message: "project.yml not read: Notes.xcodeproj beside it is read instead",
            location: SourceLocation(file: "project.yml", line: 1, column: 1))])
    }
}
