import Foundation
import Testing

/// Paths inside a project are checked with the project around them (issue: checking one file
/// invented misses for everything registered elsewhere); `--isolated` keeps the old reading;
/// `--changed-since` checks what git says changed.
@Suite struct ProjectScopeTests {
    static let files = [
        "Package.swift": """
        // swift-tools-version: 6.1
        import PackageDescription
        let package = Package(name: "Shop", targets: [.executableTarget(name: "Shop")])
        """,
        "Sources/Shop/Assembly.swift": """
        container.register(APIClient.self) { _ in HTTPAPIClient() }
        container.register(Feed.self) { r in Feed(api: r.resolve(APIClient.self)!) }
        """,
        "Sources/Shop/Screens/FeedScreen.swift": """
        final class FeedScreen {
            let feed = AppContainer.container.resolve(Feed.self)!
            let cart = AppContainer.container.resolve(Cart.self)!
        }
        """,
    ]

    @Test func aFileInsideAProjectIsCheckedWithTheWholeProject() throws {
        let project = try TemporaryProject(Self.files)
        let r = try DigraphProcess.run(
            ["check", "Sources/Shop/Screens/FeedScreen.swift", "--format", "xcode"], in: project.url)
        #expect(r.exitCode == 1)
        // `Feed` is registered in another file: only `Cart` is missing.
        #expect(r.stdout == """
            Sources/Shop/Screens/FeedScreen.swift:3:16: error: no registration for `Cart` (requested by `FeedScreen`) [missing_registration]

            """)
        #expect(r.stderr.contains("in 2 files"))
        #expect(r.stderr.contains("findings shown only for Sources/Shop/Screens/FeedScreen.swift (the project around them was analysed)"))
    }

    /// A Tuist module's folder links its sibling modules (`.project(target:path:)`): the workspace
    /// around it (the folder holding `Tuist/`) is analysed, so what a sibling registers is known.
    @Test func aTuistModuleIsCheckedWithItsWorkspace() throws {
        let project = try TemporaryProject([
            "Tuist/ProjectDescriptionHelpers/Helpers.swift": "import ProjectDescription\n",
            "Projects/App/Project.swift": """
            import ProjectDescription
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "app", sources: ["Sources/**"],
                        dependencies: [.project(target: "Core", path: .relativeToRoot("Projects/Core"))]),
            ])
            """,
            "Projects/App/Sources/Screen.swift": """
            final class Screen {
                let api = AppContainer.container.resolve(APIClient.self)!
                let cart = AppContainer.container.resolve(Cart.self)!
            }
            """,
            "Projects/Core/Project.swift": """
            import ProjectDescription
            let project = Project(name: "Core", targets: [
                .target(name: "Core", destinations: .iOS, product: .framework, bundleId: "core", sources: ["Sources/**"]),
            ])
            """,
            "Projects/Core/Sources/Assembly.swift": """
            enum AppContainer { static let container = Container() }
            func assemble() { AppContainer.container.register(APIClient.self) { _ in HTTPAPIClient() } }
            """,
        ])
        let r = try DigraphProcess.run(["check", "Projects/App", "--format", "xcode"], in: project.url)
        // `APIClient` is registered in the Core module the app links: only `Cart` is missing.
        #expect(r.stdout.contains("Projects/App/Sources/Screen.swift:3:16: error: no registration for `Cart`"))
        #expect(!r.stdout.contains("`APIClient`"))
        #expect(r.stderr.contains("findings shown only for Projects/App"))
    }

    @Test func isolatedChecksThePathsAlone() throws {
        let project = try TemporaryProject(Self.files)
        let r = try DigraphProcess.run(
            ["check", "Sources/Shop/Screens/FeedScreen.swift", "--isolated", "--format", "xcode"], in: project.url)
        #expect(r.stdout.split(separator: "\n").map { $0.split(separator: ":").prefix(2).joined(separator: ":") } == [
            "Sources/Shop/Screens/FeedScreen.swift:2", "Sources/Shop/Screens/FeedScreen.swift:3",
        ])
        #expect(r.stderr.contains("in 1 file"))
    }

    @Test func aFolderNoTargetCompilesIsCheckedOnItsOwn() throws {
        var files = Self.files
        files["Examples/Demo/Demo.swift"] = "container.register(Demo.self) { r in Demo(r.resolve(Missing.self)!) }"
        let project = try TemporaryProject(files)
        let r = try DigraphProcess.run(["check", "Examples/Demo", "--format", "xcode"], in: project.url)
        #expect(r.stdout.contains("Examples/Demo/Demo.swift:1:43: error: no registration for `Missing`"))
        #expect(!r.stderr.contains("findings shown only"))
    }

    @Test func changedSinceChecksWhatGitSaysChanged() throws {
        let project = try TemporaryProject(Self.files)
        func git(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", project.url.path, "-c", "user.name=t", "-c", "user.email=t@t"] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "git \(arguments)")
        }
        try git("init", "-q")
        try git("add", ".")
        try git("commit", "-q", "-m", "base")
        let unchanged = try DigraphProcess.run(["check", "--changed-since", "HEAD", "--format", "xcode"], in: project.url)
        #expect(unchanged.exitCode == 0)
        #expect(unchanged.stdout == "")
        #expect(unchanged.stderr.contains("no Swift file changed since HEAD"))

        try project.write("Sources/Shop/Screens/CartScreen.swift", """
            final class CartScreen { let cart = AppContainer.container.resolve(Cart.self)! }
            """)
        let changed = try DigraphProcess.run(["check", "--changed-since", "HEAD", "--format", "xcode"], in: project.url)
        #expect(changed.exitCode == 1)
        #expect(changed.stdout.split(separator: "\n").count == 1)
        #expect(changed.stdout.hasPrefix("Sources/Shop/Screens/CartScreen.swift:1:37: error: no registration for `Cart`"))

        let badRef = try DigraphProcess.run(["check", "--changed-since", "no-such-ref"], in: project.url)
        #expect(badRef.exitCode == 2)
        #expect(badRef.stderr.hasPrefix("digraph: error: --changed-since no-such-ref: "))
    }
}
