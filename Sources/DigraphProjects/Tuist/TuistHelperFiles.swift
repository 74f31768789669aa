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
        var declarations: Result<TuistDeclarations, ProjectError>?
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    /// `root`: Tuist's root (the folder holding `Tuist/`). `parse`: reads and parses one helper,
    /// given its path and display path; the first file that fails fails every manifest of the root.
    func declarations(
        root: String, currentDirectory: String, parse: (_ path: String, _ display: String) throws(ProjectError) -> TuistFile
    ) throws(ProjectError) -> TuistDeclarations {
        let entry = lock.withLock {
            if let known = entries[root] { return known }
            let made = Entry()
            entries[root] = made
            return made
        }
        entry.lock.lock()
        defer { entry.lock.unlock() }
        if let known = entry.declarations { return try known.get() }
        let read = Result { () throws(ProjectError) -> TuistDeclarations in
            var declarations = TuistDeclarations()
            for helper in try TuistLayout.helperFiles(root: root, currentDirectory: currentDirectory) {
                declarations.add(try parse(helper, FilePath.display(helper, currentDirectory: currentDirectory)))
            }
            return declarations
        }
        entry.declarations = read
        return try read.get()
    }
}
