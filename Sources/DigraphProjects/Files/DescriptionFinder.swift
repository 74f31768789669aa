/// Where the project descriptions of a scan are: every one inside the roots, plus the nearest one
/// above each root (a scan of `Sources/App` still belongs to the package around it).
struct DescriptionFinder {
    enum Kind: Int, Comparable {
        case package, xcodeProject, xcodeGen, playground
        /// A Tuist `Project.swift`.
        case tuist
        /// A CocoaPods `Podfile`, for its development pods.
        case podfile
        /// A Bazel or Buck workspace's marker (`MODULE.bazel`, `WORKSPACE`, `.buckconfig`): its
        /// `BUILD`/`BUCK` files below are read together.
        case bazel
        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }

        /// A generator's description: an `.xcodeproj` generated beside it is exact and read instead.
        var generatesXcodeProject: Bool { self == .xcodeGen || self == .tuist }
    }

    /// `path`: the Package.swift, the .xcodeproj folder, the XcodeGen spec, the Tuist Project.swift
    /// or the .playground folder.
    struct Found: Hashable, Comparable {
        var kind: Kind
        var path: String

        /// The folder whose files it owns.
        var scope: String {
            kind == .playground ? path : FilePath.parent(path)
        }

        static func < (lhs: Found, rhs: Found) -> Bool { (lhs.path, lhs.kind) < (rhs.path, rhs.kind) }
    }

    struct Result {
        /// Sorted by path.
        var descriptions: [Found] = []
        /// Descriptions found only above roots -> the roots they enclose. Such a description speaks
        /// for those roots only when it compiles something below them: a folder of loose examples
        /// inside a package is not the package's.
        var enclosing: [Found: [String]] = [:]
        /// `.xcworkspace` folders inside the roots (not a project's own `project.xcworkspace`), sorted.
        var workspaces: [String] = []
    }

    /// `roots`: absolute paths of the folders and files the user asked to scan.
    func find(roots: [String]) -> Result {
        var inside: Set<Found> = []
        var above: [Found: [String]] = [:]
        var workspaces: Set<String> = []
        for root in roots {
            let isDirectory = FileSystem.isDirectory(root)
            if isDirectory { inside.formUnion(walkDown(root, workspaces: &workspaces)) }
            for found in walkUp(from: isDirectory ? root : FilePath.parent(root)) where found.scope != root {
                above[found, default: []].append(root)
            }
        }
        var result = Result(descriptions: inside.union(above.keys).sorted(), workspaces: workspaces.sorted())
        for (found, roots) in above where !inside.contains(found) { result.enclosing[found] = roots.sorted() }
        return result
    }

    /// Descriptions directly in `directory` (not below it); the folder itself when it is a playground.
    func descriptions(in directory: String, entries: [FileSystem.Entry]? = nil) -> [Found] {
        if FilePath.pathExtension(directory) == "playground" { return [Found(kind: .playground, path: directory)] }
        var out: [Found] = []
        let listing = entries ?? FileSystem.entries(of: directory)
        for entry in listing {
            switch FilePath.pathExtension(entry.name) {
            case "xcodeproj" where entry.isDirectory && FileSystem.isFile(entry.path + "/project.pbxproj"):
                out.append(Found(kind: .xcodeProject, path: entry.path))
            case "playground" where entry.isDirectory:
                out.append(Found(kind: .playground, path: entry.path))
            default:
                guard !entry.isDirectory else { continue }
                if entry.name == "Package.swift" { out.append(Found(kind: .package, path: entry.path)) }
                if entry.name == "Podfile" { out.append(Found(kind: .podfile, path: entry.path)) }
                if entry.name == "Project.swift", TuistManifestSniffer.isManifest(path: entry.path) {
                    out.append(Found(kind: .tuist, path: entry.path))
                }
                if XcodeGenSpecSniffer.isSpec(name: entry.name, path: entry.path) {
                    out.append(Found(kind: .xcodeGen, path: entry.path))
                }
            }
        }
        // One marker a folder (a workspace may hold both MODULE.bazel and WORKSPACE).
        let markers = BazelReader.markerNames.compactMap { name in listing.first { $0.name == name && !$0.isDirectory } }
        if let marker = markers.first { out.append(Found(kind: .bazel, path: marker.path)) }
        return out
    }

    private func walkDown(_ root: String, workspaces: inout Set<String>) -> [Found] {
        var out: [Found] = []
        var stack = [root]
        while let directory = stack.popLast() {
            if FilePath.pathExtension(directory) == "playground" {
                out.append(Found(kind: .playground, path: directory))
                continue
            }
            let entries = FileSystem.entries(of: directory)
            out += descriptions(in: directory, entries: entries)
            for entry in entries where entry.isDirectory && !entry.isSymbolicLink {
                // Playgrounds were listed above; projects and workspaces hold no sources.
                if FilePath.pathExtension(entry.name) == "xcworkspace" { workspaces.insert(entry.path) }
                let opaque = SwiftFileTree.opaqueExtensions.contains(FilePath.pathExtension(entry.name))
                if opaque || SwiftFileTree.skippedDirectories.contains(entry.name) { continue }
                stack.append(entry.path)
            }
        }
        return out
    }

    /// Whether an entry named so may be a description (what ``descriptions(in:entries:)`` looks at).
    static func mayDescribe(_ name: String) -> Bool {
        switch FilePath.pathExtension(name) {
        case "xcodeproj", "playground", "yml", "yaml": true
        default: name == "Package.swift" || name == "Project.swift" || BazelReader.markerNames.contains(name)
        }
    }

    /// The nearest folder at or above `start` holding a description; the walk stops after the
    /// repository root (a folder holding `.git`), so an unrelated project above it is never read.
    private func walkUp(from start: String) -> [Found] {
        var directory = start
        while true {
            let here = descriptions(in: directory, entries: FileSystem.entries(of: directory, only: .descriptions))
            if !here.isEmpty { return here }
            if FileSystem.exists(directory + "/.git") || directory == "/" { return [] }
            directory = FilePath.parent(directory)
        }
    }
}
