/// The Swift files a folder contributes to a target: every `.swift` below it, except in build and
/// vendor folders and in nested projects (a folder holding its own `Package.swift`, a playground,
/// an `.xcodeproj`), whose files belong to the nearest description.
enum SwiftFileTree {
    static let skippedDirectories: Set<String> = [
        ".build", "DerivedData", "Pods", "Carthage", ".git", ".swiftpm", "node_modules",
    ]
    /// Never compiled from: a playground, a project, and a documentation catalog (a `.docc`'s
    /// tutorial code is snippets, JOBIS's `Domain.docc/…/11-assembly-registration.swift`).
    static let opaqueExtensions: Set<String> = ["playground", "xcodeproj", "xcworkspace", "docc"]

    /// `skip` receives paths relative to `directory` and prunes files and whole folders.
    static func files(under directory: String, skip: (String) -> Bool = { _ in false }) -> [String] {
        var out: [String] = []
        var stack = [directory]
        while let current = stack.popLast() {
            for entry in FileSystem.entries(of: current) {
                let relative = FilePath.relative(entry.path, to: directory) ?? entry.name
                if skip(relative) { continue }
                if entry.isDirectory {
                    guard !entry.isSymbolicLink, isOrdinaryFolder(entry) else { continue }
                    stack.append(entry.path)
                } else if FilePath.pathExtension(entry.name) == "swift" {
                    out.append(entry.path)
                }
            }
        }
        return out.sorted()
    }

    /// A folder holding the project's own folder (`..`, `/`): walking it would read the whole disk
    /// above the project, never what a target means. Such a source is noted, not read.
    static func encloses(_ folder: String, project: String) -> Bool {
        folder != project && FilePath.isInside(project, folder)
    }

    static func isOrdinaryFolder(_ entry: FileSystem.Entry) -> Bool {
        if skippedDirectories.contains(entry.name) { return false }
        if opaqueExtensions.contains(FilePath.pathExtension(entry.name)) { return false }
        return !FileSystem.isFile(entry.path + "/Package.swift")
    }
}
