import DigraphProjects
import Foundation

/// Finds the Swift files to scan: directories walked recursively in sorted order, build and
/// vendor folders and the configuration's `excluded` globs skipped, symlinks never followed out
/// of the scanned root.
struct SourceDiscovery {
    static let skippedDirectories: Set<String> = [".build", "DerivedData", "Pods", "Carthage", ".git", ".swiftpm"]

    var currentDirectory: URL
    var excluded: [Glob]
    /// The directory `excluded` patterns are relative to (the configuration file's).
    var excludeBase: URL

    struct File: Hashable {
        var display: String
        var url: URL
    }

    func files(in paths: [String]) throws(DigraphError) -> [File] {
        var seen: Set<String> = []
        var result: [File] = []
        for path in paths {
            let url = URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw .pathNotFound(path)
            }
            let found: [URL]
            if isDirectory.boolValue {
                found = try walk(url)
            } else {
                // A file named explicitly is scanned even when a glob would exclude it.
                guard url.pathExtension == "swift" else { throw .notSwiftFile(path) }
                found = [url]
            }
            for file in found where seen.insert(file.path).inserted {
                result.append(File(display: DisplayPath.make(file, currentDirectory: currentDirectory), url: file))
            }
        }
        return result.sorted { $0.display < $1.display }
    }

    /// One `readdir` per folder (``DirectoryListing``): the entry types come with the names, so a
    /// large tree is listed without a `stat` per file.
    private func walk(_ root: URL) throws(DigraphError) -> [URL] {
        let rootPath = root.path
        var rootReal: String?
        var out: [URL] = []
        var stack = [rootPath]
        while let dir = stack.popLast() {
            guard let entries = DirectoryListing.entries(of: dir) else {
                let url = URL(fileURLWithPath: dir)
                throw .scan(.unreadable(path: DisplayPath.make(url, currentDirectory: currentDirectory), reason: "cannot list directory"))
            }
            for entry in entries {
                let path = dir == "/" ? "/" + entry.name : dir + "/" + entry.name
                if !excluded.isEmpty, isExcluded(URL(fileURLWithPath: path)) { continue }
                if entry.isSymbolicLink {
                    // Follow a link only when it stays inside the scanned root, and never into a folder.
                    guard entry.exists, !entry.isDirectory else { continue }
                    if rootReal == nil { rootReal = root.resolvingSymlinksInPath().path }
                    let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                    guard let rootReal, real.hasPrefix(rootReal + "/") else { continue }
                }
                if entry.isDirectory {
                    if Self.skippedDirectories.contains(entry.name) { continue }
                    stack.append(path)
                } else if entry.name.hasSuffix(".swift"), entry.name.count > 6 {
                    out.append(URL(fileURLWithPath: path, isDirectory: false))
                }
            }
        }
        return out
    }

    private func isExcluded(_ url: URL) -> Bool {
        guard !excluded.isEmpty else { return false }
        let relative = DisplayPath.make(url, currentDirectory: excludeBase)
        return excluded.contains { $0.matches(relative) }
    }
}
