import DigraphCore
import Foundation

/// What the helper files of each Tuist root declare (`Tuist/ProjectDescriptionHelpers` and local
/// plugins'), parsed and collected once per discovery and shared by every `Project.swift` under
/// that root: a project of 33 manifests otherwise parsed its helpers 33 times, which cost more
/// than scanning its sources.
/// Safe to use from the threads descriptions are read on; a root's helpers are parsed by the first
/// thread that asks, the others wait for that one root only.
final class TuistHelperFiles: @unchecked Sendable {
    private final class Entry: @unchecked Sendable {
        let lock = NSLock()
        var helpers: Result<Root, ProjectError>?
    }

    /// What one Tuist root gives every manifest under it.
    struct Root {
        var declarations: TuistDeclarations
        /// Files and folders that describe the build (see ``TuistLayout/manifestPaths(root:configured:)``).
        var manifestPaths: [String]
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    /// `root`: Tuist's root (the folder holding `Tuist/`). `parse`: reads and parses one helper,
    /// given its path and display path; the first file that fails fails every manifest of the root.
    func helpers(
        root: String, currentDirectory: String, parse: (_ path: String, _ display: String) throws(ProjectError) -> TuistFile
    ) throws(ProjectError) -> Root {
        let entry = lock.withLock {
            if let known = entries[root] { return known }
            let made = Entry()
            entries[root] = made
            return made
        }
        entry.lock.lock()
        defer { entry.lock.unlock() }
        if let known = entry.helpers { return try known.get() }
        let read = Result { () throws(ProjectError) -> Root in
            // The configuration is parsed once per root, for both lists.
            let configured = try TuistConfigPlugins.localPaths(root: root, currentDirectory: currentDirectory)
            var declarations = TuistDeclarations()
            for helper in TuistLayout.helperFiles(root: root, configured: configured) {
                declarations.add(try parse(helper, FilePath.display(helper, currentDirectory: currentDirectory)))
            }
            return Root(declarations: declarations, manifestPaths: TuistLayout.manifestPaths(root: root, configured: configured))
        }
        entry.helpers = read
        return try read.get()
    }
}
