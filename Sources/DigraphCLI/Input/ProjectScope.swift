import DigraphCore
import Foundation

/// Paths given inside a project: the project is analysed whole (what other files register must
/// be known, or every request looks missing) and only the paths' findings are shown.
enum ProjectScope {
    /// What marks a project's root directory.
    static func isProjectRoot(_ directory: URL) -> Bool {
        let fm = FileManager.default
        for marker in [ConfigurationLoader.fileName, "Package.swift", "project.yml", "Project.swift"]
        where fm.fileExists(atPath: directory.appendingPathComponent(marker).path) {
            return true
        }
        let entries = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
        return entries.contains { $0.hasSuffix(".xcodeproj") }
    }

    /// The nearest directory strictly above `path` that is a project root, not beyond the
    /// repository (a directory holding `.git`).
    static func enclosingRoot(of path: URL) -> URL? {
        var directory = path.standardizedFileURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue,
            isProjectRoot(directory)
        {
            // The path is a project itself: nothing around it to add, but the Tuist workspace
            // whose modules it links.
            return tuistRoot(around: directory)
        }
        while true {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(".git").path) { return nil }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
            if isProjectRoot(directory) { return tuistRoot(around: directory) ?? directory }
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(".git").path) { return nil }
        }
    }

    /// A Tuist module (a folder with its own `Project.swift`) links its siblings through
    /// `.project(target:path:)`: the folder above it holding `Tuist/`, `Tuist.swift` or
    /// `Workspace.swift`, within the repository; nil for any other project.
    static func tuistRoot(around project: URL) -> URL? {
        let fm = FileManager.default
        guard fm.fileExists(atPath: project.appendingPathComponent("Project.swift").path) else { return nil }
        var directory = project
        while true {
            if fm.fileExists(atPath: directory.appendingPathComponent(".git").path) { return nil }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
            if ["Tuist", "Tuist.swift", "Workspace.swift"].contains(where: { fm.fileExists(atPath: directory.appendingPathComponent($0).path) }) {
                return directory
            }
        }
    }

    /// The roots to scan when some paths lie inside a project (nil when none does): each path's
    /// project root, or the path itself, without nesting.
    static func expand(_ paths: [String], currentDirectory: URL) -> [String]? {
        var roots: [String] = []
        var expanded = false
        for path in paths {
            let url = URL(fileURLWithPath: path, relativeTo: currentDirectory)
            if let root = enclosingRoot(of: url) {
                roots.append(DisplayPath.make(root, currentDirectory: currentDirectory))
                expanded = true
            } else {
                roots.append(DisplayPath.make(url, currentDirectory: currentDirectory))
            }
        }
        guard expanded else { return nil }
        let unique = Array(Set(roots)).sorted()
        return unique.filter { root in !unique.contains { $0 != root && isInside(root, any: [$0]) } }
    }

    /// Whether some file under the paths is compiled by a program of the map.
    static func compiles(_ paths: [String], files: [String], map: ProgramMap) -> Bool {
        let stale = Set(map.uncompiled)
        return files.contains { isInside($0, any: paths) && !stale.contains($0) }
    }

    /// `file` is one of `paths` or below one of them (display paths; `.` holds everything).
    static func isInside(_ file: String, any paths: [String]) -> Bool {
        paths.contains { raw in
            let path = raw.hasPrefix("./") ? String(raw.dropFirst(2)) : raw
            if path == "." || path.isEmpty { return true }
            let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
            return file == trimmed || file.hasPrefix(trimmed + "/")
        }
    }
}

/// `--changed-since REF`: the Swift files that differ from a git ref (committed, staged or not,
/// and untracked), as display paths, existing ones only.
enum ChangedFiles {
    static func swiftFiles(since ref: String, currentDirectory: URL) throws(DigraphError) -> [String] {
        let root = try git(["rev-parse", "--show-toplevel"], in: currentDirectory).trimmingCharacters(in: .whitespacesAndNewlines)
        let rootURL = URL(fileURLWithPath: root, isDirectory: true)
        let changed = try git(["diff", "--name-only", "--no-renames", ref, "--"], in: currentDirectory)
        let untracked = try git(["ls-files", "--others", "--exclude-standard"], in: rootURL)
        var result: Set<String> = []
        for line in (changed + "\n" + untracked).split(separator: "\n") where line.hasSuffix(".swift") {
            let url = rootURL.appendingPathComponent(String(line))
            if FileManager.default.fileExists(atPath: url.path) {
                result.insert(DisplayPath.make(url, currentDirectory: currentDirectory))
            }
        }
        return result.sorted()
    }

    private static func git(_ arguments: [String], in directory: URL) throws(DigraphError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory.path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .usage("--changed-since: cannot run git: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let reason = String(decoding: message, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "git failed"
            throw .usage("--changed-since \(arguments.contains("diff") ? arguments[3] : ""): \(reason)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
