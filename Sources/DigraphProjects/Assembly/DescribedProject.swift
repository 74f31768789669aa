import DigraphCore

/// What one reader understood of one description, before modules become programs: the
/// assembler links modules across descriptions and restricts everything to the scanned files.
struct DescribedProject {
    enum Source: String {
        case package = "Package.swift"
        case xcodeProject = "project.pbxproj"
        case xcodeGen = "xcodegen"
        case tuist
        case playground
        case cocoapods = "Podfile"
        case bazel
        case buck
    }

    var source: Source
    /// Display path of the description (Package.swift, the .xcodeproj, the XcodeGen spec, Tuist's
    /// Project.swift, the playground).
    var descriptionPath: String
    /// Absolute folder whose files the description owns unless a nearer description owns them.
    var scope: String
    var modules: [Module] = []
    /// SwiftPM products: product name -> names of the targets it vends.
    var products: [String: [String]] = [:]
    var notes: [ProgramNote] = []
    /// Absolute paths of Swift files and folders that describe the build and are compiled into no
    /// program (Tuist's manifests, helpers and plugins).
    var manifestPaths: [String] = []
    /// A Podfile's targets -> the development pods (modules of this description) each links: the
    /// Xcode target of that name, in a project at or below the Podfile, links them.
    var podTargets: [String: [String]] = [:]
    /// A Podfile's targets -> the absolute path of the `.xcodeproj` its `project` names (only that
    /// project's target of the name links the pods); absent: any project below the Podfile.
    var podTargetProjects: [String: String] = [:]

    /// Whether the reader understood every part that can add targets or sources: a description
    /// read in part may compile files in what was not read, so files it seems not to compile are
    /// not dropped. (Notes about kinds, hosts or platforms leave the file lists whole.)
    var isReadWhole: Bool {
        !notes.contains { note in Self.partialReadings.contains { note.message.contains($0) } }
    }

    /// What the readers' notes say when they skipped something that may hold targets or sources.
    static let partialReadings = [
        "not read", "not followed", "does not follow", "files are not known", "no such file", "is not defined",
        "cannot be resolved", "no 'Package(",
        // journey-jar's `targets: groups.flatMap { … }`: the list is built when the manifest runs.
        "is computed",
    ]

    /// True when one of its modules compiles a file at or below one of `paths`.
    func compilesFiles(under paths: [String]) -> Bool {
        modules.contains { module in
            module.files.contains { file in paths.contains { FilePath.isInside(file, $0) } }
        }
    }
}

/// One compiled unit: a SwiftPM target, an Xcode or XcodeGen target, a playground page.
struct Module {
    var name: String
    /// `.library` modules are linked into the programs that depend on them; every other kind is a
    /// program of its own.
    var kind: Program.Kind
    /// Absolute paths of its own Swift files.
    var files: [String]
    /// Modules it links (only libraries among them contribute files).
    var links: [ModuleReference] = []
    /// Programs it runs inside or tests: a test host, an executable under test.
    var sees: [ModuleReference] = []
    var location: SourceLocation
    /// The file an Xcode target builds (`Feature.framework`, `libFeature.a`): what another project
    /// of a workspace links by name alone.
    var productFile: String? = nil
}

enum ModuleReference: Hashable {
    /// A module of the same description, by name. `required`: a dangling name is a note (an
    /// Xcode target id, `.target(name:)`); otherwise it may be an external product (a SwiftPM
    /// string dependency) and is ignored.
    case local(String, required: Bool, at: SourceLocation)
    /// A product of the local package at an absolute folder (SwiftPM `.package(path:)`, an
    /// Xcode local package reference, an XcodeGen package with `path:`).
    case packageProduct(packageDirectory: String, product: String)
    /// A target of another Tuist project of the scan (`.project(target:path:)`), by the absolute
    /// folder of its `Project.swift` (and that folder as displayed) and the target's name.
    case otherTuistProject(directory: String, display: String, target: String, at: SourceLocation)
    /// A target of another Xcode project of the scan (a sub-project's framework), by the absolute
    /// path of its `.xcodeproj` and the target's name.
    case otherXcodeProject(projectPath: String, target: String, at: SourceLocation)
    /// A framework or library found among the built products (`BUILT_PRODUCTS_DIR`) by its file
    /// name alone: in a workspace, Xcode builds it from whichever project of the workspace has a
    /// target producing it (a CocoaPods workspace's feature frameworks, each its own project).
    case builtProduct(file: String, at: SourceLocation)
    /// A development pod of the Podfile in an absolute folder, by name.
    case pod(podfileDirectory: String, name: String)
}

/// SwiftSyntax has a `SourceLocation` too; in this module the name means digraph's.
typealias SourceLocation = DigraphCore.SourceLocation
