import DigraphCore
import DigraphProjects
import Foundation
import Testing

@Suite struct TuistTests {
    static func music() throws -> Fixture {
        let fixture = try Fixture()
        try TuistFixture.write(to: fixture)
        return fixture
    }

    @Test func eachTargetIsAProgramWithTheModulesItLinks() throws {
        let map = try Self.music().discover()
        #expect(map.names == ["AuthDomainTests", "HomeFeatureTests", "Music", "MusicTests", "MusicWidget"])
        let app = try #require(map.program("Music"))
        #expect(app.kind == .app)
        #expect(app.source == "tuist")
        #expect(app.descriptionPath == "Projects/App/Project.swift")
        // The feature through `.feature(target:)`, its interface through `makeModule`'s own
        // `.target(name: "\(name)Interface")`, the domain through the feature.
        #expect(app.files == [
            "Projects/App/Derived/Sources/TuistAssets+Music.swift",
            "Projects/App/Sources/AppDelegate.swift",
            "Projects/App/Sources/DI/AppComponent.swift",
            "Projects/Domain/AuthDomain/Sources/AuthRepository.swift",
            "Projects/Feature/HomeFeature/Interface/HomeInterface.swift",
            "Projects/Feature/HomeFeature/Sources/HomeView.swift",
        ])
        #expect(app.sees.isEmpty)
    }

    /// Dotori: `ModulePaths.Feature.allCases.map { TargetDependency.feature(target: $0) }`, the
    /// app linking every feature an enum lists (read as each case through the helper).
    @Test func dependencyListsMappedOverAnEnumsCases() throws {
        let fixture = try Self.music()
        let manifest = try String(contentsOf: fixture.root.appendingPathComponent("Projects/App/Project.swift"), encoding: .utf8)
        let mapped = manifest.replacingOccurrences(of: ".feature(target: .HomeFeature),", with: "")
            .replacingOccurrences(
                of: "dependencies: [\n", with: "dependencies: ModulePaths.Feature.allCases.map { TargetDependency.feature(target: $0) } + [\n")
        try #require(mapped != manifest)
        try fixture.write("Projects/App/Project.swift", mapped)
        let map = try fixture.discover()
        let app = try #require(map.program("Music"))
        #expect(app.files.contains("Projects/Feature/HomeFeature/Sources/HomeView.swift"))
        #expect(app.files.contains("Projects/Domain/AuthDomain/Sources/AuthRepository.swift"))
        #expect(!map.notes.contains { $0.location.file == "Projects/App/Project.swift" && $0.message.contains("map") })
    }

    @Test func theWidgetSeesItsOwnCodeNotTheApps() throws {
        let map = try Self.music().discover()
        let widget = try #require(map.program("MusicWidget"))
        #expect(widget.kind == .extension)
        // `.glob("Widget/**", excluding: ["Widget/Previews/**"])`; the domain through a static
        // member of a plugin's nested type (`.Domain.AuthDomain`).
        // Tuist's derived sources go to the target they are named after.
        #expect(widget.files == [
            "Projects/App/Derived/Sources/TuistBundle+MusicWidget.swift",
            "Projects/App/Widget/MusicWidget.swift",
            "Projects/Domain/AuthDomain/Sources/AuthRepository.swift",
        ])
        #expect(widget.sees.isEmpty)
    }

    @Test func testBundlesSeeTheirHostOrLinkTheirModule() throws {
        let map = try Self.music().discover()
        let appTests = try #require(map.program("MusicTests"))
        #expect(appTests.kind == .tests)
        #expect(appTests.files == ["Projects/App/Tests/AppTests.swift"])
        #expect(appTests.sees == ["Music"])
        let homeTests = try #require(map.program("HomeFeatureTests"))
        #expect(homeTests.files == [
            "Projects/Domain/AuthDomain/Sources/AuthRepository.swift",
            "Projects/Feature/HomeFeature/Interface/HomeInterface.swift",
            "Projects/Feature/HomeFeature/Sources/HomeView.swift",
            "Projects/Feature/HomeFeature/Tests/HomeTests.swift",
        ])
        // `makeModule`'s default `targets: [.unitTest]`: no interface target for AuthDomain.
        #expect(map.program("AuthDomainTests")?.files == [
            "Projects/Domain/AuthDomain/Sources/AuthRepository.swift",
            "Projects/Domain/AuthDomain/Tests/AuthTests.swift",
        ])
    }

    @Test func unfollowableHelpersAreNotedAndTheirFilesFallBack() throws {
        let map = try Self.music().discover()
        #expect(map.undescribed == [
            "Projects/Core/Loop/Sources/Loop.swift",
            "Projects/Feature/SettingsFeature/Sources/SettingsView.swift",
        ])
        let settings = try #require(map.notes.first { $0.location.file == "Projects/Feature/SettingsFeature/Project.swift" })
        #expect(settings.message.contains("featureModule"))
        #expect(settings.location.line == 4)
        // A helper calling itself ends, at the call that recurses.
        let loop = try #require(map.notes.first { $0.location.file == "Projects/Core/Loop/Project.swift" })
        #expect(loop.message.contains("calls itself"))
        #expect(loop.message.contains("Tuist/ProjectDescriptionHelpers/Project+Module.swift:"))
    }

    @Test func manifestsHelpersAndPluginsAreNoProgramsCode() throws {
        let map = try Self.music().discover()
        let everywhere = map.programs.flatMap(\.files) + map.undescribed
        #expect(!everywhere.contains { $0.hasSuffix("Project.swift") || $0.hasPrefix("Tuist/") || $0.hasPrefix("Plugin/") })
        #expect(map.uncompiled.contains("Workspace.swift"))
        #expect(map.uncompiled.contains("Tuist/ProjectDescriptionHelpers/Project+Module.swift"))
        #expect(map.uncompiled.contains("Plugin/DependencyPlugin/ProjectDescriptionHelpers/ModulePaths.swift"))
        // Under a project read whole, a file no target compiles is not analysed.
        #expect(map.uncompiled.contains("Projects/App/Widget/Previews/WidgetPreview.swift"))
    }

    @Test func aScanOfOneModuleFindsItsProjectAbove() throws {
        let fixture = try Self.music()
        let map = try fixture.discover(roots: ["Projects/Domain/AuthDomain/Sources"])
        // Only the domain's project is read: its library is a program of its own, and its tests
        // compile the scanned file too.
        #expect(map.names == ["AuthDomain", "AuthDomainTests"])
        #expect(map.program("AuthDomain")?.kind == .library)
        #expect(map.program("AuthDomain")?.files == ["Projects/Domain/AuthDomain/Sources/AuthRepository.swift"])
    }

    @Test func theOlderTargetInitializerAndPlainLists() throws {
        let fixture = try Fixture()
        try fixture.write("Project.swift", """
            import ProjectDescription

            let name = "Notes"
            let project = Project(
                name: name,
                targets: [
                    Target(
                        name: name,
                        platform: .iOS,
                        product: .app,
                        bundleId: "com.example.notes",
                        sources: SourceFilesList(globs: ["App/**/*.swift"]),
                        dependencies: [.target(name: "NotesKit")]
                    ),
                    Target(name: "NotesKit", platform: .iOS, product: .staticLibrary, bundleId: "kit", sources: ["Kit/*.swift"]),
                    Target(name: "NotesUITests", platform: .iOS, product: .uiTests, bundleId: "ui", sources: "UITests/**",
                           dependencies: [.target(name: name)]),
                ]
            )
            """)
        try fixture.swiftFiles(["App/Main.swift", "App/Sub/Screen.swift", "Kit/Store.swift", "Kit/Deep/Ignored.swift", "UITests/Flow.swift"])
        let map = try fixture.discover()
        #expect(map.names == ["Notes", "NotesUITests"])
        #expect(map.program("Notes")?.files == ["App/Main.swift", "App/Sub/Screen.swift", "Kit/Store.swift"])
        // UI tests drive the app from outside: they see none of its registrations.
        #expect(map.program("NotesUITests")?.sees == [])
        #expect(map.uncompiled == ["Kit/Deep/Ignored.swift", "Project.swift"])
    }

    /// As in a music app whose helpers describe a target by a struct (`TargetSpec`) with default
    /// values, adjusted by `.with { $0.sources = ... }` and turned into a target by a method, and
    /// whose module names come from an enum with payloads (`.feature(.Player)`) through a `switch`.
    @Test func aHelperStructBuildsTheTargets() throws {
        let fixture = try Fixture()
        try fixture.write("Tuist/ProjectDescriptionHelpers/TargetSpec.swift", """
            import ProjectDescription

            protocol Configurable {}
            extension Configurable {
                func with(_ block: (inout Self) throws -> Void) rethrows -> Self {
                    var copy = self
                    try block(&copy)
                    return copy
                }
            }

            public struct TargetSpec: Configurable {
                public var product: Product
                public var sources: SourceFilesList?
                public var dependencies: [TargetDependency]

                public init(product: Product = .staticLibrary, sources: SourceFilesList? = .sources, dependencies: [TargetDependency] = []) {
                    self.product = product
                    self.sources = sources
                    self.dependencies = dependencies
                }

                func toTarget(with name: String, product: Product? = nil) -> Target {
                    .target(name: name, destinations: .iOS, product: product ?? self.product, bundleId: "app.\\(name)",
                            sources: sources, dependencies: dependencies)
                }
            }

            public extension SourceFilesList {
                static let sources: SourceFilesList = "Sources/**"
                static let unitTests: SourceFilesList = "Tests/**"
            }

            public enum ModulePaths {
                case feature(Feature)
                public enum Feature: String, MicroTarget { case Player }
            }

            public protocol MicroTarget {}
            public extension MicroTarget where Self: RawRepresentable {
                func targetName(suffix: String) -> String { "\\(self.rawValue)\\(suffix)" }
            }

            extension ModulePaths {
                func targetName(suffix: String) -> String {
                    switch self {
                    case let .feature(module as any MicroTarget):
                        return module.targetName(suffix: suffix)
                    }
                }
            }

            public extension Target {
                static func implements(module: ModulePaths, product: Product = .staticLibrary, spec: TargetSpec) -> Target {
                    spec.with { $0.sources = .sources }.toTarget(with: module.targetName(suffix: ""), product: product)
                }
                static func tests(module: ModulePaths, spec: TargetSpec) -> Target {
                    spec.with { $0.sources = .unitTests }.toTarget(with: module.targetName(suffix: "Tests"), product: .unitTests)
                }
            }
            """)
        try fixture.write("Projects/Player/Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project(
                name: "Player",
                targets: [
                    .implements(module: .feature(.Player), product: .framework, spec: .init(sources: nil)),
                    .tests(module: .feature(.Player), spec: .init(dependencies: [.target(name: "Player")])),
                ]
            )
            """)
        try fixture.swiftFiles(["Projects/Player/Sources/Player.swift", "Projects/Player/Tests/PlayerTests.swift"])
        let map = try fixture.discover()
        #expect(map.notes.isEmpty)
        // `.with { $0.sources = .sources }` replaces the spec's `sources: nil`; a framework only
        // tests link is analysed as a program of its own.
        #expect(map.names == ["Player", "PlayerTests"])
        #expect(map.program("Player")?.kind == .library)
        #expect(map.program("Player")?.files == ["Projects/Player/Sources/Player.swift"])
        #expect(map.program("PlayerTests")?.files == ["Projects/Player/Sources/Player.swift", "Projects/Player/Tests/PlayerTests.swift"])
    }

    /// A configuration struct's stored values (`let projectName = "Cllog"`) and computed
    /// properties, read from an instance a helper builds (`let configuration = AppConfiguration()`),
    /// with and without an initializer of its own.
    @Test func aConfigurationInstancesPropertiesNameTheTargets() throws {
        let fixture = try Fixture()
        try fixture.write("Tuist/ProjectDescriptionHelpers/AppConfiguration.swift", """
            import ProjectDescription

            public struct AppConfiguration {
                public init() {}
                let projectName: String = "Pebble"
                let bundlePrefix = "app.pebble"
                var testsName: String { projectName + "Tests" }
            }

            struct Paths {
                let sources: SourceFilesList = "Sources/**"
            }

            extension Project {
                public static func configure(dependencies: [TargetDependency]) -> Project {
                    let configuration = AppConfiguration()
                    let paths = Paths()
                    return Project(
                        name: configuration.projectName,
                        targets: [
                            .target(name: configuration.projectName, destinations: .iOS, product: .app,
                                    bundleId: configuration.bundlePrefix, sources: paths.sources, dependencies: dependencies),
                            .target(name: configuration.testsName, destinations: .iOS, product: .unitTests,
                                    bundleId: "\\(configuration.bundlePrefix).tests", sources: ["Tests/**"],
                                    dependencies: [.target(name: configuration.projectName)]),
                        ])
                }
            }
            """)
        try fixture.write("Projects/App/Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.configure(dependencies: [])
            """)
        try fixture.swiftFiles(["Projects/App/Sources/App.swift", "Projects/App/Tests/AppTests.swift"])
        let map = try fixture.discover()
        #expect(map.notes.isEmpty, "\(map.notes)")
        #expect(map.names == ["Pebble", "PebbleTests"])
        #expect(map.program("Pebble")?.kind == .app)
        #expect(map.program("Pebble")?.files == ["Projects/App/Sources/App.swift"])
    }

    /// A static named without its type beside the static that reads it (Cllog's
    /// `static let domain = project(name: "\\(name)Domain")` with `static let name = "Video"`).
    @Test func aSiblingStaticNamedWithoutItsTypeIsFollowed() throws {
        let fixture = try Fixture()
        try fixture.write("Tuist/ProjectDescriptionHelpers/Dependencies.swift", """
            import ProjectDescription

            public extension TargetDependency {
                struct Domains {
                    public struct Video {}
                }
            }
            public extension TargetDependency.Domains {
                static func project(name: String) -> TargetDependency {
                    .project(target: name, path: .relativeToRoot("Projects/\\(name)"))
                }
            }
            public extension TargetDependency.Domains.Video {
                static let name = "Video"
                static let domain = TargetDependency.Domains.project(name: "\\(name)Domain")
            }
            """)
        try fixture.write("Projects/App/Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "app", sources: ["Sources/**"],
                        dependencies: [TargetDependency.Domains.Video.domain]),
            ])
            """)
        try fixture.write("Projects/VideoDomain/Project.swift", """
            import ProjectDescription

            let project = Project(name: "VideoDomain", targets: [
                .target(name: "VideoDomain", destinations: .iOS, product: .framework, bundleId: "video", sources: ["Sources/**"]),
            ])
            """)
        try fixture.swiftFiles(["Projects/App/Sources/App.swift", "Projects/VideoDomain/Sources/Video.swift"])
        let map = try fixture.discover()
        #expect(map.notes.isEmpty, "\(map.notes)")
        #expect(map.program("App")?.files == ["Projects/App/Sources/App.swift", "Projects/VideoDomain/Sources/Video.swift"])
    }

    /// `Environment.forPreview.getBoolean(default: false) ? .staticFramework : .app`: a
    /// `TUIST_` variable a plain `tuist generate` leaves unset, so the default decides.
    @Test func anEnvironmentVariableReadsItsDefault() throws {
        let fixture = try Fixture()
        try fixture.write("Projects/App/Project.swift", """
            import ProjectDescription

            let isPreview = Environment.forPreview.getBoolean(default: false)
            let project = Project(name: "Legacy", targets: [
                .target(name: "Legacy", destinations: .iOS, product: isPreview ? .staticFramework : .app,
                        bundleId: "app", sources: ["Sources/**"]),
            ])
            """)
        try fixture.swiftFiles(["Projects/App/Sources/App.swift"])
        let map = try fixture.discover()
        #expect(map.notes.isEmpty, "\(map.notes)")
        #expect(map.program("Legacy")?.kind == .app)
    }

    /// GiftiGather: `let porject = appTarget.project(targets: [target])`, a helper declared to
    /// return `Project`, bound to a misspelled name: Tuist takes the `Project` a manifest makes.
    @Test func aProjectMadeByAHelperUnderAnyNameIsTheProject() throws {
        let fixture = try Fixture()
        try fixture.write("Tuist/ProjectDescriptionHelpers/AppTarget.swift", """
            import ProjectDescription

            public struct AppTarget {
                let name: String
                public init(name: String) { self.name = name }
                public func project(targets: [Target]) -> Project {
                    Project(name: name, targets: targets)
                }
            }
            """)
        try fixture.write("Projects/App/Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let appTarget = AppTarget(name: "Gift")
            let target = Target.target(name: "Gift", destinations: .iOS, product: .app, bundleId: "gift", sources: ["Sources/**"])
            let porject = appTarget.project(targets: [target])
            """)
        try fixture.swiftFiles(["Projects/App/Sources/App.swift"])
        let map = try fixture.discover()
        #expect(map.notes.isEmpty, "\(map.notes)")
        #expect(map.program("Gift")?.kind == .app)
    }

    /// Module names built from enum cases and types: `String(describing: module)` is the case's
    /// name, `T` of `<T: Modular>(root: T.Type)` is the type passed, `"\(Self.self)"` in a protocol
    /// extension's property is the case's enum; targets made in `kinds.forEach { … }` with a
    /// dictionary of dependencies by kind and an `if` expression for the product.
    @Test func moduleNamesFromEnumCasesAndGenericTypesAreFollowed() throws {
        let fixture = try Fixture()
        try fixture.write("Tuist/ProjectDescriptionHelpers/Modules.swift", """
            import ProjectDescription

            public protocol Modular: CaseIterable { var folder: String { get } }
            extension Modular where Self: RawRepresentable, Self.RawValue == String {
                public var folder: String { "\\(Self.self)/\\(self.rawValue)" }
            }
            public enum Screen: String, Modular { case Timer, Settings }
            public enum Kind: Hashable { case code, tests }

            extension TargetDependency {
                public static func module<T: Modular>(_ module: T) -> TargetDependency {
                    let name = String(describing: module)
                    return .project(target: name, path: .relativeToRoot("Modules/\\(module.folder)"))
                }
            }

            extension Project {
                public static func feature<T: Modular>(_ module: T, kinds: Set<Kind>, dependencies: [Kind: [TargetDependency]],
                                                       bundled: Bool = false) -> Project {
                    let name = String(describing: module)
                    var targets: [Target] = []
                    kinds.forEach { kind in
                        let extra = dependencies[kind] ?? []
                        switch kind {
                        case .code:
                            let product: Product = if bundled { .framework } else { .staticLibrary }
                            targets.append(.target(name: name, destinations: .iOS, product: product, bundleId: name,
                                                   sources: ["Sources/**"], dependencies: extra))
                        case .tests:
                            targets.append(.target(name: "\\(name)Tests", destinations: .iOS, product: .unitTests,
                                                   bundleId: name, sources: ["Tests/**"],
                                                   dependencies: [.target(name: name)] + extra))
                        }
                    }
                    return Project(name: name, targets: targets)
                }

                public static func root<T: Modular>(_ root: T.Type) -> Project {
                    let name = String(describing: T.self)
                    return Project(name: name, targets: [
                        .target(name: name, destinations: .iOS, product: .app, bundleId: name, sources: ["Sources/**"],
                                dependencies: T.allCases.map { .module($0) }),
                    ])
                }
            }
            """)
        try fixture.write("Modules/Screen/Timer/Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project: Project = .feature(Screen.Timer, kinds: [.code, .tests], dependencies: [.code: [.module(Screen.Settings)]])
            """)
        try fixture.write("Modules/Screen/Settings/Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project: Project = .feature(Screen.Settings, kinds: [.code], dependencies: [:])
            """)
        try fixture.write("Modules/Screen/Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project: Project = .root(Screen.self)
            """)
        try fixture.swiftFiles([
            "Modules/Screen/Sources/App.swift", "Modules/Screen/Timer/Sources/Timer.swift",
            "Modules/Screen/Timer/Tests/TimerTests.swift", "Modules/Screen/Settings/Sources/Settings.swift",
        ])
        let map = try fixture.discover()
        #expect(map.notes.isEmpty)
        #expect(map.names == ["Screen", "TimerTests"])
        #expect(map.program("Screen")?.kind == .app)
        #expect(map.program("Screen")?.files == [
            "Modules/Screen/Settings/Sources/Settings.swift", "Modules/Screen/Sources/App.swift",
            "Modules/Screen/Timer/Sources/Timer.swift",
        ])
        #expect(map.program("TimerTests")?.files == [
            "Modules/Screen/Settings/Sources/Settings.swift", "Modules/Screen/Timer/Sources/Timer.swift",
            "Modules/Screen/Timer/Tests/TimerTests.swift",
        ])
    }

    /// MetroTime: `createTargets(for: [String])` beside `createTargets(for: String)`, the argument's
    /// kind picking the overload; shiki: `target(…)` and `self.target(…)` unqualified in a static
    /// method of `extension Target`, and `.target(appTarget)` naming a `Target` value.
    @Test func overloadsUnqualifiedStaticCallsAndTargetValuesAreFollowed() throws {
        let fixture = try Fixture()
        try fixture.write("Tuist/ProjectDescriptionHelpers/Templates.swift", """
            import ProjectDescription

            public extension Target {
                static func module(name: String) -> Target {
                    target(name: name, destinations: .iOS, product: .framework, bundleId: name, sources: ["Modules/\\(name)/**"])
                }
                static func tests(of target: Target) -> Target {
                    self.target(name: "\\(target.name)Tests", destinations: .iOS, product: .unitTests, bundleId: "t",
                                sources: ["Tests/**"], dependencies: [.target(target)])
                }
            }
            """)
        try fixture.write("Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let app: Target = .target(name: "Metro", destinations: .iOS, product: .app, bundleId: "m", sources: ["App/**"],
                                      dependencies: [.target(name: "Data"), .target(name: "Domain")])
            let project = Project(name: "Metro", targets: [app, .tests(of: app)] + createTargets(for: ["Data", "Domain"]))

            private func createTargets(for modules: [String]) -> [Target] {
                modules.flatMap { createTargets(for: $0) }
            }
            private func createTargets(for module: String) -> [Target] {
                [.module(name: module)]
            }
            """)
        try fixture.swiftFiles(["App/App.swift", "Modules/Data/Store.swift", "Modules/Domain/Model.swift", "Tests/AppTests.swift"])
        let map = try fixture.discover()
        #expect(map.notes.isEmpty)
        #expect(map.names == ["Metro", "MetroTests"])
        #expect(map.program("Metro")?.files == ["App/App.swift", "Modules/Data/Store.swift", "Modules/Domain/Model.swift"])
        // A test bundle of an app sees its host.
        #expect(map.program("MetroTests")?.files == ["Tests/AppTests.swift"])
        #expect(map.program("MetroTests")?.sees == ["Metro"])
    }

    @Test func buildableFoldersCompileEveryFileBelow() throws {
        let fixture = try Fixture()
        try fixture.write("Project.swift", """
            import ProjectDescription

            let project = Project(name: "Clip", targets: [
                .target(name: "Clip", destinations: .iOS, product: .appClip, bundleId: "clip",
                        buildableFolders: [.folder("Clip"), "Shared"]),
            ])
            """)
        try fixture.swiftFiles(["Clip/Main.swift", "Clip/Deep/View.swift", "Shared/Model.swift", "Other/Unused.swift"])
        let map = try fixture.discover()
        #expect(map.program("Clip")?.kind == .app)
        #expect(map.program("Clip")?.files == ["Clip/Deep/View.swift", "Clip/Main.swift", "Shared/Model.swift"])
        #expect(map.uncompiled == ["Other/Unused.swift", "Project.swift"])
    }

    @Test func aManifestThatDoesNotParseStopsTheScanAtItsPosition() throws {
        let fixture = try Fixture()
        try fixture.write("Project.swift", """
            import ProjectDescription

            let project = Project(name: "App", targets: [
                .target(name: "App", product: .app,
            """)
        try fixture.swiftFiles(["Sources/App.swift"])
        var error: ProjectError?
        do { _ = try fixture.discover() } catch let thrown { error = thrown }
        #expect(error?.file == "Project.swift")
        #expect(error?.line == 4)
        #expect(error?.message.hasPrefix("syntax error") == true)
    }

    @Test func aManifestWithoutAProjectStopsTheScan() throws {
        let fixture = try Fixture()
        try fixture.write("Project.swift", """
            import ProjectDescription

            let workspace = Workspace(name: "App", projects: [])
            """)
        var error: ProjectError?
        do { _ = try fixture.discover() } catch let thrown { error = thrown }
        #expect(error?.description == "Project.swift:1:1: no 'let project = Project(...)' (nor one binding built with 'Project') in the manifest")
    }

    /// A configuration naming plugins that does not parse stops the scan at its position, as it
    /// stops Tuist: its plugins' helpers cannot be known.
    @Test func aBrokenConfigurationStopsTheScan() throws {
        let fixture = try Fixture()
        try fixture.write("Tuist/Config.swift", "import ProjectDescription\nlet config = Config(plugins: [.local(path: \n")
        try fixture.write("Project.swift", "import ProjectDescription\nlet project = Project(name: \"A\", targets: [])\n")
        var error: ProjectError?
        do { _ = try fixture.discover() } catch let thrown { error = thrown }
        #expect(error?.description == "Tuist/Config.swift:2:44: syntax error: expected an expression")
    }

    /// Bibbi (fresh7): Tuist takes the `Project` a manifest makes, whatever it is bound to
    /// (`private let app = Project.makeModule(…)`); that run stopped with exit 2 before.
    @Test func aProjectBoundToAnotherNameIsTheProject() throws {
        let fixture = try Self.music()
        let manifest = try String(
            contentsOf: fixture.root.appendingPathComponent("Projects/Domain/AuthDomain/Project.swift"), encoding: .utf8)
        let renamed = manifest.replacingOccurrences(of: "let project = Project.makeModule", with: "private let authDomain = Project.makeModule")
        try #require(renamed != manifest)
        try fixture.write("Projects/Domain/AuthDomain/Project.swift", renamed)
        let map = try fixture.discover()
        #expect(map.names == ["AuthDomainTests", "HomeFeatureTests", "Music", "MusicTests", "MusicWidget"])
        #expect(map.program("Music")?.files.contains("Projects/Domain/AuthDomain/Sources/AuthRepository.swift") == true)
    }

    /// Shapes of helpers seen in Tuist apps: a constant shadowing the parameter it maps
    /// (`let dependencies = dependencies.map { … }`, read once as the parameter, never as itself;
    /// it used to exhaust the step budget), a `switch` over a string choosing a dependency, and
    /// two enums with a case of the same name told apart by the payload type of the case wrapping it.
    @Test func aShadowingConstantAndASwitchOverAStringAreFollowed() throws {
        let fixture = try Fixture()
        try fixture.write("Tuist/ProjectDescriptionHelpers/Target+Make.swift", """
            import ProjectDescription

            public enum Coordinator: String { case home = "HomeCoordinator" }
            public enum Feature: String { case home = "HomeFeature" }
            public enum Core: String {
                case kit = "ShopKit"
                public func targetName() -> String { rawValue }
            }
            public enum Module {
                case core(Core)
                case feature(Feature)
                public func asTargetDependency() -> TargetDependency {
                    switch self {
                    case .core(let core): return .target(name: core.targetName())
                    case .feature(let feature): return .target(name: feature.rawValue)
                    }
                }
            }

            extension TargetDependency {
                public static func library(_ name: String) -> TargetDependency {
                    switch name {
                    case "Kit": return .target(name: "ShopKit")
                    case "TCA": return .external(name: "ComposableArchitecture")
                    default: return .external(name: name)
                    }
                }
            }

            extension Target {
                public static func make(name: String, product: Product, sources: SourceFilesList, dependencies: [Module] = [],
                                        libraries: [String] = []) -> Target {
                    let dependencies = dependencies.map { $0.asTargetDependency() }
                    let libraries = libraries.map { TargetDependency.library($0) }
                    return .target(name: name, destinations: [.iPhone], product: product, bundleId: "com.example.\\(name)",
                                   sources: sources, dependencies: dependencies + libraries)
                }
            }
            """)
        try fixture.write("Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project(
                name: "Shop",
                targets: [
                    .make(name: "Shop", product: .app, sources: ["App/**"], dependencies: [.core(.kit), .feature(.home)]),
                    .make(name: "HomeFeature", product: .framework, sources: ["Home/**"]),
                    .make(name: "ShopWidget", product: .appExtension, sources: ["Widget/**"], libraries: ["Kit", "TCA"]),
                    .make(name: "ShopKit", product: .framework, sources: ["Kit/**"]),
                ]
            )
            """)
        try fixture.swiftFiles(["App/Main.swift", "Widget/Widget.swift", "Kit/Store.swift", "Home/HomeView.swift"])
        let map = try fixture.discover()
        #expect(map.notes.map(\.message) == [])
        #expect(map.names == ["Shop", "ShopWidget"])
        // `.feature(.home)` is `Feature.home`, by the case's payload type, not `Coordinator.home`.
        #expect(map.program("Shop")?.files == ["App/Main.swift", "Home/HomeView.swift", "Kit/Store.swift"])
        #expect(map.program("ShopWidget")?.files == ["Kit/Store.swift", "Widget/Widget.swift"])
    }

    @Test func aHelperThatDoesNotParseStopsTheScanAtItsPosition() throws {
        let fixture = try Self.music()
        try fixture.write("Tuist/ProjectDescriptionHelpers/Broken.swift", "extension Project {\n    static func x( -> Project {}\n}\n")
        var error: ProjectError?
        do { _ = try fixture.discover() } catch let thrown { error = thrown }
        #expect(error?.file == "Tuist/ProjectDescriptionHelpers/Broken.swift")
        #expect(error?.line == 2)
    }

    /// fsnotes: an app's own model type in a file named `Project.swift` imports no
    /// `ProjectDescription`: it is the app's code, not a Tuist manifest (no exit 2).
    @Test func anAppsOwnProjectSwiftIsSourceNotAManifest() throws {
        let fixture = try Fixture()
        try fixture.write("Core/Business/Project.swift", "import Foundation\n\nfinal class Project {\n    var title = \"\"\n}\n")
        try fixture.swiftFiles(["Core/Business/Note.swift"])
        let map = try fixture.discover()
        #expect(map.programs.isEmpty)
        #expect(map.undescribed.sorted() == ["Core/Business/Note.swift", "Core/Business/Project.swift"])
    }

    @Test func aManifestLeftAsCommentsDescribesNothing() throws {
        let fixture = try Fixture()
        try fixture.write("Project.swift", "// import ProjectDescription\n// let project = Project(name: \"Old\")\n")
        try fixture.swiftFiles(["Sources/App.swift"])
        let map = try fixture.discover()
        #expect(map.programs.isEmpty)
        #expect(map.undescribed == ["Sources/App.swift"])
        #expect(map.notes.map(\.message) == ["Project.swift declares no project: not read"])
    }

    /// Keepiluv: the app links `FeatureAuth` of the feature project, whose helpers digraph read
    /// as making other targets. That project was misread, so the files it seems not to compile
    /// fall back (analysed as undescribed) rather than vanish.
    @Test func filesOfAProjectMissingALinkedTargetFallBack() throws {
        let fixture = try Fixture()
        try fixture.write("Projects/App/Project.swift", """
            import ProjectDescription
            let project = Project(name: "App", targets: [
                Target(name: "App", platform: .iOS, product: .app, bundleId: "app", sources: ["Sources/**"],
                       dependencies: [.project(target: "FeatureAuth", path: "../Feature")])
            ])
            """)
        try fixture.write("Projects/Feature/Project.swift", """
            import ProjectDescription
            let project = Project(name: "Feature", targets: [
                Target(name: "Feature", platform: .iOS, product: .framework, bundleId: "feature", sources: ["Common/**"])
            ])
            """)
        try fixture.swiftFiles(["Projects/App/Sources/App.swift", "Projects/Feature/Common/Theme.swift", "Projects/Feature/Auth/Sources/Login.swift"])
        let map = try fixture.discover()
        #expect(map.notes.map(\.message).contains("'FeatureAuth' names no target of Projects/Feature/Project.swift"))
        #expect(map.undescribed == ["Projects/Feature/Auth/Sources/Login.swift"])
        #expect(map.uncompiled.allSatisfy { $0.hasSuffix("Project.swift") })
    }

    /// TeamOne: a plugin kept where its configuration says (`Tuist/Plugins`, named in
    /// `Tuist/Config.swift`) names `TargetDependency` through `typealias Dep = TargetDependency` and
    /// declares the links as its static members (`extension Dep { static let data = … }`, one in a
    /// nested `Dep.Modules`), each a `.project(target:path:)` whose path is a static `Path`.
    @Test func linksDeclaredOnATypealiasOfTargetDependency() throws {
        let fixture = try Fixture()
        try fixture.write("Tuist/Config.swift", """
            import ProjectDescription
            let config = Config(plugins: [.local(path: .relativeToRoot("Tuist/Plugins/DependencyPlugin"))])
            """)
        try fixture.write("Tuist/Plugins/DependencyPlugin/Plugin.swift", "import ProjectDescription\nlet plugin = Plugin(name: \"DependencyPlugin\")\n")
        try fixture.write("Tuist/Plugins/DependencyPlugin/ProjectDescriptionHelpers/Dependency+Project.swift", """
            import ProjectDescription
            public typealias Dep = TargetDependency
            public extension Dep { struct Modules {} }
            public extension Dep {
                static let data = Dep.project(target: "Data", path: .data)
            }
            public extension Dep.Modules {
                static let Network = Dep.project(target: "Network", path: .relativeToModules("Network"))
            }
            """)
        try fixture.write("Tuist/Plugins/DependencyPlugin/ProjectDescriptionHelpers/Path+Extension.swift", """
            import ProjectDescription
            extension ProjectDescription.Path {
                static func relativeToModules(_ path: String) -> Self { .relativeToRoot("Projects/Modules/\\(path)") }
                static var data: Self { .relativeToRoot("Projects/Data") }
            }
            """)
        try fixture.write("Tuist/ProjectDescriptionHelpers/Project+Templates.swift", """
            import ProjectDescription
            public extension Project {
                static func makeModule(name: String, product: Product = .staticFramework, internalDependencies: [TargetDependency] = []) -> Project {
                    let deps: [TargetDependency] = []
                    let target = Target(name: name, platform: .iOS, product: product, bundleId: "team.\\(name)",
                                        sources: ["Sources/**/*.swift"], dependencies: deps + internalDependencies)
                    return Project(name: name, targets: [target])
                }
            }
            """)
        try fixture.write("Projects/App/Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers
            import DependencyPlugin
            let project = Project.makeModule(name: "App", product: .app, internalDependencies: [.data])
            """)
        try fixture.write("Projects/Data/Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers
            import DependencyPlugin
            let project = Project.makeModule(name: "Data", internalDependencies: [.Modules.Network])
            """)
        try fixture.write("Projects/Modules/Network/Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project.makeModule(name: "Network")
            """)
        try fixture.swiftFiles([
            "Projects/App/Sources/App.swift", "Projects/Data/Sources/Repository.swift", "Projects/Modules/Network/Sources/Client.swift",
        ])
        let map = try fixture.discover()
        #expect(map.notes.isEmpty, "\(map.notes.map(\.message))")
        let app = try #require(map.program("App"))
        #expect(app.files == [
            "Projects/App/Sources/App.swift", "Projects/Data/Sources/Repository.swift", "Projects/Modules/Network/Sources/Client.swift",
        ])
    }

    /// A dependency written as a member no helper declares (a plugin digraph did not find) may be
    /// a target of the scan: a note, not silently an external package.
    @Test func aDependencyMemberDeclaredNowhereIsANote() throws {
        let fixture = try Fixture()
        try fixture.write("Projects/App/Project.swift", """
            import ProjectDescription
            let project = Project(name: "App", targets: [
                Target(name: "App", platform: .iOS, product: .app, bundleId: "app", sources: ["Sources/**"],
                       dependencies: [.data, .xctest])
            ])
            """)
        try fixture.swiftFiles(["Projects/App/Sources/App.swift"])
        let map = try fixture.discover()
        #expect(map.notes.map(\.message) == ["target 'App': a dependency not followed: '.data' is declared nowhere digraph reads"])
    }
}
