import DigraphCore
import DigraphProjects
import Testing

/// XcodeGen reads whatever spec it is given (`xcodegen --spec project-bwa.yml`): a YAML file with a
/// top-level `name:` and `targets:` of XcodeGen's types is a spec wherever it is and whatever it
/// is named, as in an authenticator app that keeps `project-bwa.yml` beside its sources.
@Suite struct XcodeGenSpecNameTests {
    static func authenticator() throws -> Fixture {
        let fixture = try Fixture()
        try fixture.write("project-bwa.yml", """
            name: Authenticator
            options:
              deploymentTarget:
                iOS: 15.0
            packages:
              Firebase:
                url: https://github.com/firebase/firebase-ios-sdk
                exactVersion: 10.19.0
            targets:
              Authenticator:
                type: application
                platform: iOS
                sources:
                  - path: Authenticator
                    excludes: ["**/*Tests.swift"]
                dependencies:
                  - target: AuthenticatorShared
                  - package: Firebase
              AuthenticatorTests:
                type: bundle.unit-test
                platform: iOS
                sources:
                  - path: Authenticator
                    includes: ["**/*Tests.swift"]
                dependencies:
                  - target: Authenticator
              AuthenticatorShared:
                type: framework
                platform: iOS
                sources: [AuthenticatorShared]
              AuthenticatorWidget:
                type: app-extension
                platform: iOS
                sources: [Widget]
                dependencies:
                  - target: AuthenticatorShared
            """)
        // YAML that is no XcodeGen spec: a workflow, a code generator's settings, a translation
        // service's (it has a `name:`, no `targets:`).
        try fixture.write(".github/workflows/ci.yml", "name: CI\non: push\njobs:\n  build:\n    runs-on: macos-14\n")
        try fixture.write("swiftgen-bwa.yml", "name: strings\nstrings:\n  inputs: Authenticator/en.lproj\n")
        try fixture.write("crowdin-bwa.yml", "name: crowdin\nfiles:\n  - source: /en.lproj/*.strings\n")
        try fixture.swiftFiles([
            "Authenticator/Application/AppDelegate.swift", "Authenticator/Application/AppDelegateTests.swift",
            "AuthenticatorShared/Core/ServiceContainer.swift", "Widget/TokenWidget.swift",
            "Scripts-bwa/Tool.swift",
        ])
        return fixture
    }

    @Test func aSpecUnderAnotherNameIsRead() throws {
        let map = try Self.authenticator().discover()
        #expect(map.names == ["Authenticator", "AuthenticatorTests", "AuthenticatorWidget"])
        let app = try #require(map.program("Authenticator"))
        #expect(app.kind == .app)
        #expect(app.source == "xcodegen")
        #expect(app.descriptionPath == "project-bwa.yml")
        #expect(app.files == ["Authenticator/Application/AppDelegate.swift", "AuthenticatorShared/Core/ServiceContainer.swift"])
        #expect(map.program("AuthenticatorWidget")?.kind == .extension)
        #expect(map.program("AuthenticatorWidget")?.files == [
            "AuthenticatorShared/Core/ServiceContainer.swift", "Widget/TokenWidget.swift",
        ])
        #expect(map.program("AuthenticatorTests")?.files == ["Authenticator/Application/AppDelegateTests.swift"])
        #expect(map.program("AuthenticatorTests")?.sees == ["Authenticator"])
        // The spec's folder is its project: a file no target compiles is not analysed.
        #expect(map.uncompiled == ["Scripts-bwa/Tool.swift"])
        #expect(map.notes.isEmpty)
    }

    @Test func aSpecInASubfolderOwnsThatFolder() throws {
        let fixture = try Fixture()
        try fixture.write("xcode/AeroSpace.yaml", """
            name: AeroSpace
            targets:
              AeroSpaceApp:
                type: application
                platform: macOS
                sources: [../Sources/App]
            """)
        try fixture.swiftFiles(["Sources/App/Main.swift", "Sources/Cli/Cli.swift"])
        let map = try fixture.discover()
        #expect(map.names == ["AeroSpaceApp"])
        #expect(map.program("AeroSpaceApp")?.files == ["Sources/App/Main.swift"])
        #expect(map.program("AeroSpaceApp")?.descriptionPath == "xcode/AeroSpace.yaml")
        #expect(map.undescribed == ["Sources/Cli/Cli.swift"])
    }

    /// As in a reader app whose application template lists the shared folders and whose target
    /// adds its own: XcodeGen appends a target's `sources` and `dependencies` to its templates'.
    @Test func aTargetsSourcesAddToItsTemplates() throws {
        let fixture = try Fixture()
        try fixture.write("project.yml", """
            name: Reader
            targetTemplates:
              ApplicationTemplate:
                type: application
                sources:
                  - path: App
                  - path: Model
                dependencies:
                  - target: ReaderKit
            targets:
              Reader:
                templates: [ApplicationTemplate]
                sources:
                  - path: Support
              Lite:
                templates: [ApplicationTemplate]
                sources:REPLACE:
                  - path: Lite
              ReaderKit:
                type: framework
                sources: [Kit]
            """)
        try fixture.swiftFiles(["App/Main.swift", "Model/Book.swift", "Support/Bridge.swift", "Lite/LiteMain.swift", "Kit/Store.swift"])
        let map = try fixture.discover()
        #expect(map.program("Reader")?.files == [
            "App/Main.swift", "Kit/Store.swift", "Model/Book.swift", "Support/Bridge.swift",
        ])
        // `key:REPLACE` replaces the templates' list.
        #expect(map.program("Lite")?.files == ["Kit/Store.swift", "Lite/LiteMain.swift"])
    }

    @Test func brokenYAMLInASpecUnderAnotherNameIsAnErrorAtItsPosition() throws {
        let fixture = try Fixture()
        try fixture.write("Kiwix.yml", """
            name: Kiwix
            targets:
              Kiwix:
                type: application
                sources: [App
            """)
        var error: ProjectError?
        do { _ = try fixture.discover() } catch let thrown { error = thrown }
        #expect(error?.file == "Kiwix.yml")
        #expect(error?.line == 6)
        #expect(error?.message.hasPrefix("invalid YAML: ") == true)
    }
}
