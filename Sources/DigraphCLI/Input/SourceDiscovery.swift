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

    private func walk(_ root: URL) throws(DigraphError) -> [URL] {
        let rootReal = root.resolvingSymlinksInPath().path
        var out: [URL] = []
        var stack = [root]
        while let dir = stack.popLast() {
            let entries: [URL]
            do {
                entries = try FileManager.default.contentsOfDirectory(
                    at: dir, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey], options: [])
            } catch {
                throw .scan(.unreadable(path: DisplayPath.make(dir, currentDirectory: currentDirectory), reason: "cannot list directory"))
            }
            for entry in entries.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
                let name = entry.lastPathComponent
                if isExcluded(entry) { continue }
                let values = try? entry.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
                var target = entry
                if values?.isSymbolicLink == true {
                    // Follow a link only when it stays inside the scanned root.
                    let real = entry.resolvingSymlinksInPath().path
                    guard real.hasPrefix(rootReal + "/") else { continue }
                    target = URL(fileURLWithPath: real)
                }
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if Self.skippedDirectories.contains(name) || values?.isSymbolicLink == true { continue }
                    stack.append(entry)
                } else if entry.pathExtension == "swift" {
                    out.append(entry)
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
