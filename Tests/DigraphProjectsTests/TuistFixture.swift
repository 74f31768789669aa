import Foundation

/// A Tuist workspace as the public Tuist apps write theirs (a Korean student-team layout: one
/// project per module under `Projects/`, every module made by `Project.makeModule` in
/// `Tuist/ProjectDescriptionHelpers`, dependencies named through a local `DependencyPlugin` and
/// the app's name through an `EnvironmentPlugin`), hand-written and small:
///
/// - `Projects/App`: the app `Music` (its name from `env.name`), its widget `MusicWidget`
///   (`.appExtension`) and `MusicTests`, in the newer `.target(name:destinations:product:)` form;
/// - `Projects/Feature/HomeFeature`: `makeModule` with an interface target and tests;
/// - `Projects/Domain/AuthDomain`: `makeModule` with its defaults, linked by the widget only;
/// - `Projects/Feature/SettingsFeature`: a helper that is not there (its files fall back);
/// - `Projects/Core/Loop`: a helper that calls itself (bounded, noted).
enum TuistFixture {
    static func write(to fixture: Fixture) throws {
        try fixture.write("Workspace.swift", """
            import ProjectDescription
            import EnvironmentPlugin

            let workspace = Workspace(name: env.name, projects: ["Projects/App"])
            """)
        try fixture.write("Tuist/Config.swift", """
            import ProjectDescription

            let config = Config(plugins: [.local(path: .relativeToRoot("Plugin/DependencyPlugin"))])
            """)
        try fixture.write("Tuist/ProjectDescriptionHelpers/Project+Module.swift", """
            import ProjectDescription
            import DependencyPlugin
            import EnvironmentPlugin

            public enum ModuleTarget {
                case interface
                case unitTest
            }

            public extension Project {
                static func makeModule(
                    name: String,
                    product: Product = .staticFramework,
                    targets: Set<ModuleTarget> = [.unitTest],
                    dependencies: [TargetDependency] = [],
                    sources: SourceFilesList = .sources
                ) -> Project {
                    let isCI = (ProcessInfo.processInfo.environment["CI"] ?? "0") == "1"
                    var allTargets: [Target] = []
                    var dependencies = dependencies
                    if targets.contains(.interface) {
                        dependencies.append(.target(name: "\\(name)Interface"))
                        allTargets.append(
                            .target(
                                name: "\\(name)Interface",
                                destinations: env.destinations,
                                product: .framework,
                                bundleId: "\\(env.organizationName).\\(name)Interface",
                                sources: .interface,
                                scripts: isCI ? [] : [.swiftLint]
                            )
                        )
                    }
                    allTargets.append(
                        .target(
                            name: name,
                            destinations: env.destinations,
                            product: product,
                            bundleId: "\\(env.organizationName).\\(name)",
                            sources: sources,
                            dependencies: dependencies
                        )
                    )
                    if targets.contains(.unitTest) {
                        allTargets.append(
                            .target(
                                name: "\\(name)Tests",
                                destinations: env.destinations,
                                product: .unitTests,
                                bundleId: "\\(env.organizationName).\\(name)Tests",
                                sources: .unitTests,
                                dependencies: [.target(name: name)]
                            )
                        )
                    }
                    return Project(
                        name: name,
                        organizationName: env.organizationName,
                        settings: .settings(base: env.baseSetting),
                        targets: allTargets,
                        schemes: [.makeScheme(name: name)]
                    )
                }

                static func loop(name: String) -> Project {
                    loop(name: name)
                }
            }

            extension Scheme {
                static func makeScheme(name: String) -> Scheme {
                    .scheme(name: name, buildAction: .buildAction(targets: ["\\(name)"]))
                }
            }
            """)
        try fixture.write("Tuist/ProjectDescriptionHelpers/SourceFiles+Template.swift", """
            import ProjectDescription

            public extension SourceFilesList {
                static let sources: SourceFilesList = "Sources/**"
                static let interface: SourceFilesList = "Interface/**"
                static let unitTests: SourceFilesList = "Tests/**"
            }
            """)
        try fixture.write("Plugin/EnvironmentPlugin/Plugin.swift", """
            import ProjectDescription

            let plugin = Plugin(name: "EnvironmentPlugin")
            """)
        try fixture.write("Plugin/EnvironmentPlugin/ProjectDescriptionHelpers/ProjectEnvironment.swift", """
            import ProjectDescription

            public struct ProjectEnvironment {
                public let name: String
                public let organizationName: String
                public let destinations: Destinations
                public let baseSetting: SettingsDictionary
            }

            public let env = ProjectEnvironment(
                name: "Music",
                organizationName: "com.example",
                destinations: [.iPhone],
                baseSetting: SettingsDictionary().marketingVersion("1.0")
            )
            """)
        try fixture.write("Plugin/DependencyPlugin/Plugin.swift", """
            import ProjectDescription

            let plugin = Plugin(name: "DependencyPlugin")
            """)
        try fixture.write("Plugin/DependencyPlugin/ProjectDescriptionHelpers/ModulePaths.swift", """
            public enum ModulePaths {
                case feature(Feature)
            }

            public extension ModulePaths {
                enum Feature: String, MicroTargetPathConvertable {
                    case HomeFeature
                    case SettingsFeature
                }
            }

            public enum MicroTargetType: String {
                case interface = "Interface"
                case sources = ""
                case unitTest = "Tests"
            }

            public protocol MicroTargetPathConvertable {
                func targetName(type: MicroTargetType) -> String
            }

            public extension MicroTargetPathConvertable where Self: RawRepresentable {
                func targetName(type: MicroTargetType) -> String {
                    "\\(self.rawValue)\\(type.rawValue)"
                }
            }
            """)
        try fixture.write("Plugin/DependencyPlugin/ProjectDescriptionHelpers/TargetDependency+Module.swift", """
            import ProjectDescription

            public extension TargetDependency {
                struct Domain {}

                static func feature(target: ModulePaths.Feature, type: MicroTargetType = .sources) -> TargetDependency {
                    .project(target: target.targetName(type: type), path: .relativeToFeature(target.rawValue))
                }
            }

            public extension TargetDependency.Domain {
                static let AuthDomain = TargetDependency.project(
                    target: "AuthDomain",
                    path: .relativeToRoot("Projects/Domain/AuthDomain")
                )
            }

            public extension ProjectDescription.Path {
                static func relativeToFeature(_ path: String) -> Self {
                    .relativeToRoot("Projects/Feature/\\(path)")
                }
                static var app: Self { .relativeToRoot("Projects/App") }
            }
            """)
        try fixture.write("Projects/App/Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers
            import DependencyPlugin
            import EnvironmentPlugin

            let targets: [Target] = [
                .target(
                    name: env.name,
                    destinations: env.destinations,
                    product: .app,
                    bundleId: "\\(env.organizationName).\\(env.name)",
                    sources: ["Sources/**"],
                    resources: ["Resources/**"],
                    dependencies: [
                        .feature(target: .HomeFeature),
                        .target(name: "\\(env.name)Widget"),
                        .external(name: "Swinject"),
                    ]
                ),
                .target(
                    name: "\\(env.name)Widget",
                    destinations: env.destinations,
                    product: .appExtension,
                    bundleId: "\\(env.organizationName).\\(env.name).Widget",
                    sources: .glob("Widget/**", excluding: ["Widget/Previews/**"]),
                    dependencies: [.Domain.AuthDomain]
                ),
                .target(
                    name: "\\(env.name)Tests",
                    destinations: env.destinations,
                    product: .unitTests,
                    bundleId: "\\(env.organizationName).\\(env.name)Tests",
                    sources: "Tests/**",
                    dependencies: [.target(name: env.name)]
                ),
            ]

            let project = Project(
                name: env.name,
                organizationName: env.organizationName,
                targets: targets
            )
            """)
        try fixture.write("Projects/Feature/HomeFeature/Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.makeModule(
                name: "HomeFeature",
                targets: [.interface, .unitTest],
                dependencies: [.Domain.AuthDomain]
            )
            """)
        try fixture.write("Projects/Domain/AuthDomain/Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.makeModule(name: "AuthDomain", product: .framework)
            """)
        try fixture.write("Projects/Feature/SettingsFeature/Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.featureModule(name: "SettingsFeature")
            """)
        try fixture.write("Projects/Core/Loop/Project.swift", """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.loop(name: "Loop")
            """)
        try fixture.swiftFiles([
            "Projects/App/Sources/AppDelegate.swift",
            "Projects/App/Sources/DI/AppComponent.swift",
            "Projects/App/Widget/MusicWidget.swift",
            // What `tuist generate` derives from resources, per target.
            "Projects/App/Derived/Sources/TuistAssets+Music.swift",
            "Projects/App/Derived/Sources/TuistBundle+MusicWidget.swift",
            "Projects/App/Widget/Previews/WidgetPreview.swift",
            "Projects/App/Tests/AppTests.swift",
            "Projects/Feature/HomeFeature/Sources/HomeView.swift",
            "Projects/Feature/HomeFeature/Interface/HomeInterface.swift",
            "Projects/Feature/HomeFeature/Tests/HomeTests.swift",
            "Projects/Domain/AuthDomain/Sources/AuthRepository.swift",
            "Projects/Domain/AuthDomain/Tests/AuthTests.swift",
            "Projects/Feature/SettingsFeature/Sources/SettingsView.swift",
            "Projects/Core/Loop/Sources/Loop.swift",
        ])
    }
}
